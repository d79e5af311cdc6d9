import DBus

/// The names tabbard is known by on the bus (dbus-api.md, "Names"): its bus name, its objects'
/// paths and how a tab id or bar name is escaped into one, its interfaces and its error prefix.
/// The daemon publishes under them and tabctl calls them; a test holds them against `dbus/*.xml`.
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
    /// The parent of the views' objects, `<views>/<n>` (VIEW-1).
    public static let views: DBus.ObjectPath = "/org/tabbard/TabBar1/view"
    /// The controller interface.
    public static let controllerInterface = "org.tabbard.TabBar1"
    /// The tab interface.
    public static let tabInterface = "org.tabbard.TabBar1.Tab"
    /// The content interface of each tab object: `ContentRevision` and `PageChanged` (PAGE-4).
    public static let contentInterface = "org.tabbard.TabBar1.Content"
    /// The bar interface, on the controller's bar and on every standalone bar.
    public static let barInterface = "org.tabbard.TabBar1.Bar"
    /// The interface of an item of a standalone bar (SBAR-2).
    public static let itemInterface = "org.tabbard.TabBar1.Item"
    /// The interface of a view (VIEW-1..5).
    public static let viewInterface = "org.tabbard.TabBar1.View"
    /// The interface a delegate implements.
    public static let delegateInterface = "org.tabbard.TabBar1.Delegate"
    /// The prefix of tabbard's own error names.
    public static let errorPrefix = "org.tabbard.TabBar1.Error."
    /// The standard properties interface, on every object.
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// The standard object manager interface, on the controller.
    public static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"
    /// The bar item that stands for the More list (`SelectedItem`, `Tap`).
    public static let moreItem = "@more"

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

    /// The object path of view `number`: `…/view/<n>`, `n` in decimal (VIEW-1).
    public static func viewPath(_ number: UInt64) -> DBus.ObjectPath {
        // Decimal digits are a valid path element as they are.
        (try? DBus.ObjectPath("\(views.rawValue)/\(number)")) ?? views
    }

    // MARK: - Paths read back

    /// The tab id a tab object's path stands for: the escaping undone
    /// (`…/tab/world_2dclock` → `world-clock`); nil for any other path.
    public static func tabID(fromPath path: String) -> String? {
        (try? DBus.ObjectPath(path))?.element(below: tabs)
    }

    /// The bar name a standalone bar's path stands for; nil for any other path.
    public static func barName(fromPath path: String) -> String? {
        (try? DBus.ObjectPath(path))?.element(below: bars)
    }

    /// The number of the view a view's path stands for (`…/view/3` → 3); nil for any other path.
    public static func viewNumber(fromPath path: String) -> UInt64? {
        guard path.hasPrefix(views.rawValue + "/") else { return nil }
        let digits = path.dropFirst(views.rawValue.count + 1)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return UInt64(digits)
    }

    /// The bar name and item id an item's path stands for; nil for any other path.
    public static func barItem(fromPath path: String) -> (bar: String, item: String)? {
        guard let path = try? DBus.ObjectPath(path), let bar = barItemParent(of: path),
            let name = barName(fromPath: bar.rawValue),
            let item = path.element(below: bar.appending(escaping: "item"))
        else { return nil }
        return (name, item)
    }

    /// The bar object above an item path: the path with its last two elements (`item/<id>`) dropped.
    private static func barItemParent(of path: DBus.ObjectPath) -> DBus.ObjectPath? {
        let elements = path.rawValue.split(separator: "/", omittingEmptySubsequences: false)
        guard elements.count > 2, elements[elements.count - 2] == "item" else { return nil }
        return try? DBus.ObjectPath(elements.dropLast(2).joined(separator: "/"))
    }
}
