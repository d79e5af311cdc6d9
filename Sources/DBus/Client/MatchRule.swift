import CDBus
import Glibc

/// Which signals a subscription wants: each field set narrows the match. Used both for the
/// bus (`AddMatch`) and to route received signals to the right handler.
public struct MatchRule: Sendable, Equatable {
    /// The sender. The bus filters on well-known names; locally only a unique name (`:1.42`)
    /// or `org.freedesktop.DBus` is compared, since signals carry the sender's unique name.
    public var sender: String?
    /// The emitting object's path.
    public var path: String?
    /// The interface.
    public var interface: String?
    /// The signal name.
    public var member: String?
    /// The first argument, when it is a string.
    public var arg0: String?

    /// A rule; every field left nil matches anything.
    public init(
        sender: String? = nil, path: String? = nil, interface: String? = nil, member: String? = nil, arg0: String? = nil
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arg0 = arg0
    }

    /// Throws `InvalidArgs` unless every field is valid.
    func validate() throws(DBusError) {
        if let sender { try Validation.check(sender, as: .busName) }
        if let path { try Validation.check(path, as: .objectPath) }
        if let interface { try Validation.check(interface, as: .interface) }
        if let member { try Validation.check(member, as: .member) }
        if let arg0 { try Validation.checkString(arg0) }
    }

    /// The rule as the bus reads it (`type='signal',interface='…'`).
    public var text: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            // Match rule values are quoted with '; a quote inside is written '\''.
            parts.append("\(key)='\(value.replacingQuotes())'")
        }
        add("sender", sender)
        add("path", path)
        add("interface", interface)
        add("member", member)
        add("arg0", arg0)
        return parts.joined(separator: ",")
    }

    /// True when the received signal matches this rule.
    func matches(_ message: OpaquePointer) -> Bool {
        if let sender, sender.hasPrefix(":") || sender == "org.freedesktop.DBus" {
            guard Self.equal(dbus_message_get_sender(message), sender) else { return false }
        }
        if let path, !Self.equal(dbus_message_get_path(message), path) { return false }
        if let interface, !Self.equal(dbus_message_get_interface(message), interface) { return false }
        if let member, !Self.equal(dbus_message_get_member(message), member) { return false }
        if let arg0 {
            var reader = MessageReader(message: message, owner: nil)
            guard reader.nextType == TypeCode.string, (try? reader.read(String.self)) == arg0 else { return false }
        }
        return true
    }

    private static func equal(_ field: UnsafePointer<CChar>?, _ value: String) -> Bool {
        guard let field else { return false }
        return value.withCString { strcmp($0, field) == 0 }
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        contains("'") ? split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") : self
    }
}
