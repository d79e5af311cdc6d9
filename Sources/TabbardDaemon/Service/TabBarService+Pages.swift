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
        let page = controller.stack(of: id).last ?? ""
        let document = PageDocument(page: page, revision: controller.contentRevision(of: id), content: content,
                                    actions: controller.actions(of: id))
        if document.truncated {
            let why = content.rowsCut ? "more than \(PluginContent.maximumRows) rows" : "more than \(PageDocument.maximumSize) bytes"
            plugins.pageCut(id, page: page, why: why)
        }
        return document
    }
}
