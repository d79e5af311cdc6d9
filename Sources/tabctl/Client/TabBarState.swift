import TabbardBusContract

/// The daemon's state as `show` and `list` need it: the controller's properties and every
/// catalog tab's, fetched in two calls (`GetAll`, `GetManagedObjects`).
struct TabBarState {
    /// The controller's properties.
    var controller: PropertyValues
    /// Each catalog tab's properties, by tab id.
    var tabs: [String: PropertyValues]

    /// Fetches the state from the daemon.
    static func fetch(from client: TabBarClient) throws(CommandFailure) -> TabBarState {
        TabBarState(controller: try client.controllerProperties(), tabs: try client.tabProperties())
    }

    /// The title a tab shows: its `Title`, or its id when the daemon gave none.
    func title(of id: String) -> String {
        if id == BusNames.moreItem { return moreTitle }
        return tabs[id]?.title(TabPropertyName.self, or: id) ?? id
    }

    /// The More item's title in the daemon's locale (MORE-6); "More" from a daemon without it.
    var moreTitle: String {
        let title = controller.string(ControllerPropertyName.moreTitle)
        return title.isEmpty ? "More" : title
    }

    /// A tab's badge: nil for none, "" for a dot badge, else its text (ITEM-4).
    func badge(of id: String) -> String? {
        tabs[id]?.badge(TabPropertyName.self)
    }

    /// Whether a tab can be tapped (ITEM-6); the More item always can.
    func isEnabled(_ id: String) -> Bool {
        tabs[id].map { $0.isEnabled(TabPropertyName.self) } ?? true
    }
}
