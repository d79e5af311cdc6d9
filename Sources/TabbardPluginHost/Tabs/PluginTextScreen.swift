import DaemonBase

/// What plugins say, screened for control characters before the model takes it, whether the
/// plugin runs in the daemon or in a helper (whose frames anyone able to write its link can
/// forge): a title, a badge, a page's title and MIME type get each control character replaced
/// by U+FFFD, a page body keeps its line breaks and tabs, and a page or action name with one is
/// refused (`PluginText.screen`). Clients read these values and terminals print them: an escape
/// sequence in a title would clear the screen of whoever lists the tabs.
///
/// Each plugin's first such text is logged, once for the daemon's run: a plugin that puts an
/// escape sequence in a ticking title would otherwise log a line a second.
///
/// Threading: used on the loop thread.
final class PluginTextScreen {
    private let log: Log
    /// The plugins whose control characters were logged.
    private var told: Set<String> = []

    /// A screen that logs to `log`.
    init(log: Log) {
        self.log = log
    }

    /// `event` as the model may take it; nil for a page name with a control character.
    func event(_ event: PluginTabEvent) -> PluginTabEvent? {
        var screened = event
        switch event.change {
        case .title(let title):
            guard let text = text(title, .title, plugin: event.plugin, tab: event.tabID) else { return nil }
            screened.change = .title(text)
        case .badge(let badge?):
            guard let text = text(badge, .badge, plugin: event.plugin, tab: event.tabID) else { return nil }
            screened.change = .badge(text)
        case .pushPage(let page):
            guard let text = text(page, .page, plugin: event.plugin, tab: event.tabID) else { return nil }
            screened.change = .pushPage(text)
        case .iconNames(let icon, let selected):
            // ICON-2: a name with a control character is refused, and that counts against the plugin.
            for name in [icon, selected] {
                if case .refused(let first) = PluginText.screen(name, for: .iconName) {
                    screened.change = .iconRefused("an icon name with a control character (\(PluginText.code(first)))")
                    return screened
                }
            }
        case .badge(nil), .badgeColor, .enabled, .contentChanged, .iconPixmaps, .iconRefused:
            // A badge color other than #RRGGBB is refused by the model (ITEM-5).
            break
        }
        return screened
    }

    /// A page `plugin` rendered for `tab`, with the control characters of its title and MIME
    /// type replaced, and those of its body but line breaks and tabs.
    /// A row's title and detail and a label get theirs replaced; a row or a label that names
    /// a page, an action, an icon or itself with a control character is left out, since a name
    /// with one replaced is another name (PAGE-2).
    func content(_ content: PluginContent, plugin: String, tab: String) -> PluginContent {
        // None of the three is a name: never refused.
        var screened = PluginContent(
            title: text(content.title, .title, plugin: plugin, tab: tab) ?? "",
            mimeType: text(content.mimeType, .mimeType, plugin: plugin, tab: tab) ?? "",
            body: text(content.body, .body, plugin: plugin, tab: tab) ?? "")
        screened.rowsCut = content.rowsCut
        screened.rows = content.rows.compactMap { row in
            guard let id = text(row.id, .rowID, plugin: plugin, tab: tab),
                let page = text(row.page, .page, plugin: plugin, tab: tab),
                let action = text(row.action, .action, plugin: plugin, tab: tab),
                let icon = text(row.icon, .iconName, plugin: plugin, tab: tab)
            else { return nil }
            return PluginPageRow(
                id: id, title: text(row.title, .title, plugin: plugin, tab: tab) ?? "",
                detail: text(row.detail, .detail, plugin: plugin, tab: tab) ?? "",
                icon: icon, page: page, action: action, clock: row.clock)
        }
        screened.actionLabels = content.actionLabels.compactMap { label in
            guard let action = text(label.action, .action, plugin: plugin, tab: tab),
                let icon = text(label.icon, .iconName, plugin: plugin, tab: tab)
            else { return nil }
            return PluginActionLabel(
                action: action, label: text(label.label, .label, plugin: plugin, tab: tab) ?? "", icon: icon)
        }
        return screened
    }

    /// The actions of `tab`, or the refusal of the whole list when a name has a control
    /// character, as for a name over its limit (docs/plugins.md, Limits).
    func actions(_ names: [String], plugin: String, tab: String) -> Result<[String], PluginCallError> {
        for name in names {
            guard text(name, .action, plugin: plugin, tab: tab) != nil else {
                return .failure(
                    PluginCallError(
                        plugin: plugin, tabID: tab, function: "actions",
                        reason: "returned an action name with a control character"))
            }
        }
        return .success(names)
    }

    /// `text` for `field`, screened; nil when refused. The plugin's first one logged.
    private func text(_ text: String, _ field: PluginText.Field, plugin: String, tab: String) -> String? {
        switch PluginText.screen(text, for: field) {
        case .clean:
            return text
        case .replaced(let printable, let first):
            tell(
                plugin,
                "tab \(tab) sent \(field.named) with control characters (first \(PluginText.code(first))); "
                    + "each is shown as U+FFFD")
            return printable
        case .refused(let first):
            tell(plugin, "tab \(tab) sent \(field.named) with a control character (\(PluginText.code(first))); refused")
            return nil
        }
    }

    private func tell(_ plugin: String, _ what: String) {
        guard told.insert(plugin).inserted else { return }
        log.warning("plugin \(plugin): \(what) (said once for this plugin)")
    }
}
