import DBus
import TabModel
import TabbardPluginHost

/// `GetPage` (PAGE-1): a tab's top page as a renderer draws it, from the same render as
/// `GetContent`, with the tab's `ContentRevision` and `Actions` as the model has them.
extension TabBarService {
    /// `GetPage` on a tab in the daemon.
    func page(of id: String) throws(DBusError) -> PageDocument {
        let content = try content(of: id)
        return document(of: id, content)
    }

    /// `GetPage` on a tab in a helper: the model's checks now, the page when the helper
    /// rendered it or failed to within its deadline.
    func page(of id: String, answered: @escaping (Result<PageDocument, DBusError>) -> Void) throws(DBusError) {
        try content(of: id) { [weak self] result in
            guard let self else { return }
            answered(result.map { self.document(of: id, $0) })
        }
    }

    /// The page of `content`, the tab's top page, held to PAGE-2's bounds; a cut is logged.
    private func document(of id: String, _ content: PluginContent) -> PageDocument {
        let (page, revision, actions) = model.read { controller in
            (controller.stack(of: id).last ?? "", controller.contentRevision(of: id), controller.actions(of: id))
        }
        let document = PageDocument(page: page, revision: revision, content: content, actions: actions)
        if document.truncated {
            let why =
                content.rowsCut
                ? "more than \(PluginContent.maximumRows) rows" : "more than \(PageDocument.maximumSize) bytes"
            plugins.pageCut(id, page: page, why: why)
        }
        return document
    }
}

// MARK: - PageChanged (PAGE-4)

extension TabBarService {
    /// When `events` raised the selected tab's `ContentRevision`, its page goes out as
    /// `PageChanged` (coalesced); other tabs' content changes only raise theirs.
    func pushPage(_ events: TabEvents) {
        guard let selected = model.read({ $0.selectedTab }),
            events.tabProperties.contains(where: { $0.tab == selected && $0.properties.contains(.contentRevision) })
        else { return }
        objects.pageChanged(selected) { [weak self] send in
            // Made when it goes out: the page as it is then, if the tab is still selected.
            guard let self, model.read({ $0.selectedTab }) == selected else { return }
            guard answersLater(selected) else {
                if let page = try? page(of: selected) { send(page) }
                return
            }
            try? page(of: selected) { result in
                if case .success(let page) = result { send(page) }
            }
        }
    }
}

// MARK: - Locale (PAGE-5)

extension TabBarService {
    /// `Locale` changed: every plugin is told, and every started tab's `ContentRevision` rises
    /// after the request's reply (the selected tab's `PageChanged` with it), since its page is
    /// rendered in the new locale.
    func localeChanged() {
        plugins.setLocale(model.read { $0.locale })
        plugins.queueLocaleContentChanges()
    }
}
