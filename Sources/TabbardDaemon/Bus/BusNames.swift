import DBus

/// The names tabbard is known by on the bus (dbus-api.md, "Names").
public enum BusNames {
    /// The well-known bus name.
    public static let service = "org.tabbard.TabBar1"
    /// The controller object's path.
    public static let controller: DBus.ObjectPath = "/org/tabbard/TabBar1"
    /// The path of the controller's own tab bar.
    public static let bar: DBus.ObjectPath = "/org/tabbard/TabBar1/bar"
    /// The parent of the tab objects, one per catalog tab.
    public static let tabs: DBus.ObjectPath = "/org/tabbard/TabBar1/tab"
    /// The controller interface.
    public static let controllerInterface = "org.tabbard.TabBar1"
    /// The tab interface.
    public static let tabInterface = "org.tabbard.TabBar1.Tab"
    /// The bar interface.
    public static let barInterface = "org.tabbard.TabBar1.Bar"
    /// The interface a delegate implements.
    public static let delegateInterface = "org.tabbard.TabBar1.Delegate"
    /// The prefix of tabbard's own error names.
    public static let errorPrefix = "org.tabbard.TabBar1.Error."

    /// The object path of the tab `id`: the id escaped as one path element below `tabs`
    /// (`world-clock` → `…/tab/world_2dclock`; dbus-api.md, "Names"), by the codec that
    /// tabctl decodes with.
    public static func tabPath(_ id: String) -> String {
        tabs.appending(escaping: id).rawValue
    }
}
