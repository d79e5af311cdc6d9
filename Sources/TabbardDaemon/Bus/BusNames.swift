import DBus

/// The names tabbard is known by on the bus (dbus-api.md, "Names").
public enum BusNames {
    /// The well-known bus name.
    public static let service = "org.tabbard.TabBar1"
    /// The controller object's path.
    public static let controller: DBus.ObjectPath = "/org/tabbard/TabBar1"
    /// The path of the controller's own tab bar.
    public static let bar: DBus.ObjectPath = "/org/tabbard/TabBar1/bar"
    /// Where tab objects live, one per catalog tab.
    public static let tabPathPrefix = "/org/tabbard/TabBar1/tab/"
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

    /// The object path of the tab `id`: every byte outside `[A-Za-z0-9]` is written as `_`
    /// and two lowercase hex digits (`world-clock` → `world_2dclock`), so that any valid id
    /// makes a valid path element and distinct ids make distinct paths.
    public static func tabPath(_ id: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var element: [UInt8] = []
        element.reserveCapacity(id.utf8.count)
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                element.append(byte)
            default:
                element += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return tabPathPrefix + String(decoding: element, as: UTF8.self)
    }
}
