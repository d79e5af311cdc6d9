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
    /// The controller interface.
    static let controllerInterface = "org.tabbard.TabBar1"
    /// The interface of each tab object.
    static let tabInterface = "org.tabbard.TabBar1.Tab"
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
}
