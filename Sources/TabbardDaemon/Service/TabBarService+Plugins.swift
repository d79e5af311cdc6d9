import DBus
import TabModel

extension TabBarService {
    /// Starts one plugin instance per catalog tab, after the state was restored (STATE-3: a
    /// plugin that sets its own badge as it starts wins), then tells the shown tab it appears.
    func startPlugins() {
        for id in controller.catalog.map(\.id) { startPlugin(for: id) }
        if let shown = controller.shownContent.tabID, let tab = pluginTabs[shown] {
            tab.willAppear()
            tab.didAppear()
        }
    }

    /// Creates the plugin instance of tab `id`, replays its restored navigation stack to it
    /// and reads its live actions.
    func startPlugin(for id: String) {
        guard let tab = plugins.createTab(id: id) else {
            log.warning("tab \(id): its plugin did not create an instance; content and actions are unavailable")
            return
        }
        pluginTabs[id] = tab
        pluginStacks[id] = Array(controller.stack(of: id).prefix(1))
        syncPluginStack(id)
        refreshActions(of: id)
    }

    /// Applies what a plugin said about one of its tabs (a host callback, posted to the loop).
    /// Values a plugin sends are held to the same rules as a client's (ITEM-4, ITEM-5, NAV-2);
    /// a refused one is logged with the plugin's name.
    func apply(_ event: PluginTabEvent) {
        let id = event.tabID
        guard pluginTabs[id] != nil else { return }  // The instance was destroyed meanwhile.
        do throws(DBusError) {
            switch event.change {
            case .badge(let value):
                try perform { controller throws(TabError) in try controller.setBadge(id, to: value.map { text throws(TabError) in try Badge(value: text) }) }
            case .badgeColor(let color):
                try perform { controller throws(TabError) in try controller.setBadgeColor(id, to: color) }
            case .title(let title):
                try perform { controller throws(TabError) in try controller.setTitle(id, to: title) }
            case .enabled(let enabled):
                try perform { controller throws(TabError) in try controller.setEnabled(id, enabled) }
            case .contentChanged:
                try perform { controller throws(TabError) in try controller.contentChanged(id) }
            case .pushPage(let page):
                try check { controller throws(TabError) in try controller.checkNavigate(id, to: page) }
                // The plugin pushed the page itself: it must not be told again.
                pluginStacks[id] = controller.stack(of: id) + [page]
                try perform { controller throws(TabError) in try controller.navigate(id, to: page) }
            }
        } catch {
            log.warning("plugin \(event.plugin), tab \(id): \(error.message)")
        }
    }
}
