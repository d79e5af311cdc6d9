import DBus

/// The names of the D-Bus contract that `tabctl` calls (`dbus-api.md`).
enum TabBarNames {
    /// The daemon's well-known bus name.
    static let busName = "org.tabbard.TabBar1"
    /// The controller object.
    static let controllerPath = "/org/tabbard/TabBar1"
    /// The controller's own bar object.
    static let barPath = "/org/tabbard/TabBar1/bar"
    /// The parent of the tab objects.
    static let tabs: ObjectPath = "/org/tabbard/TabBar1/tab"
    /// The parent of the standalone bars' objects (SBAR-1).
    static let bars: ObjectPath = "/org/tabbard/TabBar1/bars"
    /// The controller interface.
    static let controllerInterface = "org.tabbard.TabBar1"
    /// The interface of each tab object.
    static let tabInterface = "org.tabbard.TabBar1.Tab"
    /// The interface of every bar object: the controller's bar and each standalone bar.
    static let barInterface = "org.tabbard.TabBar1.Bar"
    /// The interface of each item object of a standalone bar (SBAR-2).
    static let itemInterface = "org.tabbard.TabBar1.Item"
    /// The interface a delegate implements.
    static let delegateInterface = "org.tabbard.TabBar1.Delegate"
    /// The prefix of the daemon's own error names.
    static let errorPrefix = "org.tabbard.TabBar1.Error."
    /// The standard properties interface.
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// The standard object manager interface.
    static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"
    /// The bar item that stands for the More list.
    static let moreItem = "@more"

    /// The tab id a tab object's path stands for: the escaping of the contract undone
    /// (`…/tab/world_2dclock` → `world-clock`); nil for any other path.
    static func tabId(fromPath path: String) -> String? {
        (try? ObjectPath(path))?.element(below: tabs)
    }

    /// The object of the standalone bar `name`: `…/bars/<escaped name>`.
    static func barPath(named name: String) -> ObjectPath {
        bars.appending(escaping: name)
    }

    /// The object of the item `id` of the standalone bar `bar`: `…/bars/<escaped bar>/item/<escaped id>`.
    static func itemPath(bar: String, item id: String) -> ObjectPath {
        barPath(named: bar).appending(escaping: "item").appending(escaping: id)
    }

    /// The bar name a standalone bar's path stands for; nil for any other path.
    static func barName(fromPath path: String) -> String? {
        (try? ObjectPath(path))?.element(below: bars)
    }

    /// The bar name and item id an item's path stands for; nil for any other path.
    static func barItem(fromPath path: String) -> (bar: String, item: String)? {
        guard let path = try? ObjectPath(path), let bar = barItemParent(of: path),
              let name = barName(fromPath: bar.rawValue),
              let item = path.element(below: bar.appending(escaping: "item")) else { return nil }
        return (name, item)
    }

    /// The bar object above an item path: the path with its last two elements (`item/<id>`) dropped.
    private static func barItemParent(of path: ObjectPath) -> ObjectPath? {
        let elements = path.rawValue.split(separator: "/", omittingEmptySubsequences: false)
        guard elements.count > 2, elements[elements.count - 2] == "item" else { return nil }
        return try? ObjectPath(elements.dropLast(2).joined(separator: "/"))
    }
}
