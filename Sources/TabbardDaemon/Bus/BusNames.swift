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
    /// The parent of the standalone bars' objects (SBAR-1).
    public static let bars: DBus.ObjectPath = "/org/tabbard/TabBar1/bars"
    /// The controller interface.
    public static let controllerInterface = "org.tabbard.TabBar1"
    /// The tab interface.
    public static let tabInterface = "org.tabbard.TabBar1.Tab"
    /// The bar interface, on the controller's bar and on every standalone bar.
    public static let barInterface = "org.tabbard.TabBar1.Bar"
    /// The interface of an item of a standalone bar (SBAR-2).
    public static let itemInterface = "org.tabbard.TabBar1.Item"
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

    /// The object path of the standalone bar `name`: the name escaped as one path element
    /// below `bars` (SBAR-1), by the same codec as tab paths.
    public static func barPath(_ name: String) -> DBus.ObjectPath {
        bars.appending(escaping: name)
    }

    /// The object path of item `id` of the standalone bar `bar`:
    /// `…/bars/<escaped name>/item/<escaped id>` (SBAR-2).
    public static func itemPath(_ id: String, bar: String) -> DBus.ObjectPath {
        barPath(bar).appending(escaping: "item").appending(escaping: id)
    }
}
