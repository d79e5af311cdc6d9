/// The names of the D-Bus contract that `tabctl` calls (`dbus-api.md`).
enum TabBarNames {
    /// The daemon's well-known bus name.
    static let busName = "org.tabbard.TabBar1"
    /// The controller object.
    static let controllerPath = "/org/tabbard/TabBar1"
    /// The controller's own bar object.
    static let barPath = "/org/tabbard/TabBar1/bar"
    /// The parent of the tab objects.
    static let tabPathPrefix = "/org/tabbard/TabBar1/tab/"
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
    /// (`world_2dclock` → `world-clock`); nil for any other path.
    static func tabId(fromPath path: String) -> String? {
        guard path.hasPrefix(tabPathPrefix) else { return nil }
        let escaped = Array(path.utf8.dropFirst(tabPathPrefix.utf8.count))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.count)
        var index = 0
        while index < escaped.count {
            if escaped[index] == UInt8(ascii: "_"), index + 2 < escaped.count,
               let high = hexValue(escaped[index + 1]), let low = hexValue(escaped[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(escaped[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
