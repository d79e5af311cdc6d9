import DBus
import TabbardBusContract

/// A view tabctl opened for itself (VIEW-1): its own presentation of the shared bar, which
/// lasts until `close` or until tabctl's connection leaves the bus.
struct OpenedView {
    private let client: TabBarClient
    /// The view's object path.
    let path: String

    /// Opens a view with `settings` as typed after `--view`: `KEY=VALUE` pairs separated by
    /// commas (`max_visible=3,locale=fr_FR`). `max_visible` is sent as a number when it is
    /// one; everything else as text, for the daemon to check (InvalidArgument names the key).
    init(_ settings: String, on client: TabBarClient) throws(CommandFailure) {
        self.client = client
        let reply = try client.call(.openView, try Self.settings(settings))
        path = try client.decode(reply, as: ObjectPath.self).rawValue
    }

    /// The `a{sv}` that `settings` spells.
    static func settings(_ text: String) throws(CommandFailure) -> [String: Variant] {
        var settings: [String: Variant] = [:]
        for pair in text.split(separator: ",") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw CommandFailure(.usage, "--view takes KEY=VALUE pairs separated by commas, not '\(pair)'")
            }
            let key = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if key == "max_visible", let number = UInt32(value) {
                settings[key] = Variant(.uint32(number))
            } else {
                settings[key] = Variant(.string(value))
            }
        }
        return settings
    }

    /// Every property of the view (`GetAll`).
    func properties() throws(CommandFailure) -> PropertyValues {
        try client.properties(at: path, interface: BusNames.viewInterface)
    }

    /// Closes the view (`Close`).
    func close() throws(CommandFailure) {
        try client.call(path: path, interface: BusNames.viewInterface, ViewMethodName.close.rawValue)
    }
}
