import DBus
import TabModel

extension TabBarService {
    /// `Navigate`, `Back`, `PopToRoot`, `GetContent`, `Activate`: what reaches a tab's plugin.
    /// They work for every catalog tab, in `Tabs` or not (NAV-2).
    func contentMethods() -> [Interface.Method] {
        [
            method("Navigate", [Argument("tab_id", "s"), Argument("page", "s")]) { [unowned self] call in
                let (id, page) = try call.decode(String.self, String.self)
                try navigate(id, to: page)
                return try call.reply()
            },
            method("Back", [Argument("tab_id", "s")]) { [unowned self] call in
                let id = try call.decode(String.self)
                try perform { controller throws(TabError) in try controller.back(id) }
                return try call.reply()
            },
            method("PopToRoot", [Argument("tab_id", "s")]) { [unowned self] call in
                let id = try call.decode(String.self)
                try perform { controller throws(TabError) in try controller.popToRoot(id) }
                return try call.reply()
            },
            method("GetContent", [Argument("tab_id", "s")],
                   [Argument("page", "s"), Argument("mime_type", "s"), Argument("body", "s")], unprivileged: true) { [unowned self] call in
                let content = try content(of: try call.decode(String.self))
                return try call.reply(content.title, content.mimeType, content.body)
            },
            method("Activate", [Argument("tab_id", "s"), Argument("action", "s")]) { [unowned self] call in
                let (id, action) = try call.decode(String.self, String.self)
                try activate(action, of: id)
                return try call.reply()
            },
        ]
    }

    /// NAV-2: the model's checks first, then the plugin must know the page, then the push.
    /// The plugin has navigated already, so its stack is recorded before the model announces.
    private func navigate(_ id: String, to page: String) throws(DBusError) {
        try check { controller throws(TabError) in try controller.checkNavigate(id, to: page) }
        let tab = try pluginTab(id)
        guard tab.navigate(to: page) else {
            throw TabError.invalidArgument("Tab '\(id)' has no page '\(page)'.").dbusError
        }
        pluginStacks[id] = controller.stack(of: id) + [page]
        try perform { controller throws(TabError) in try controller.navigate(id, to: page) }
    }

    /// The top page of a tab's stack as its plugin renders it. The first value is the page's
    /// title, or its name when the plugin gives none.
    func content(of id: String) throws(DBusError) -> PluginContent {
        try check { controller throws(TabError) in try controller.requireCatalogTab(id) }
        let page = controller.stack(of: id).last ?? ""
        do {
            var content = try pluginTab(id).render(page: page)
            if content.title.isEmpty { content.title = page }
            return content
        } catch let error as PluginCallError {
            throw TabError.pluginFailed("\(error)").dbusError
        } catch {
            throw DBusError(error)
        }
    }

    /// Forwards an action to the plugin, then takes the plugin's word on what actions it offers
    /// now (starting a stopwatch turns `start` into `stop`).
    private func activate(_ action: String, of id: String) throws(DBusError) {
        try check { controller throws(TabError) in try controller.checkAction(id, action) }
        let tab = try pluginTab(id)
        guard tab.activate(action) else {
            throw TabError.pluginFailed("Plugin '\(tab.plugin)' refused action '\(action)' of tab '\(id)'.").dbusError
        }
        refreshActions(of: id)
    }

    /// Reads a tab's actions from its plugin into the model.
    func refreshActions(of id: String) {
        guard let tab = pluginTabs[id] else { return }
        do {
            let actions = try tab.actions()
            try perform { controller throws(TabError) in try controller.setActions(id, to: actions) }
        } catch {
            log.warning("plugin \(tab.plugin): actions of tab \(id): \(error)")
        }
    }

    private func pluginTab(_ id: String) throws(DBusError) -> PluginTab {
        guard let tab = pluginTabs[id] else {
            throw TabError.pluginFailed("Tab '\(id)' has no running plugin instance.").dbusError
        }
        return tab
    }
}
