import CDBus

/// One D-Bus message: a method call, a reply, an error or a signal. Owns a reference to the
/// libdbus message. Messages are not thread-safe; use one from one thread at a time.
public final class Message {
    /// The four kinds of message.
    public enum Kind: Sendable, Equatable {
        /// A method call.
        case methodCall
        /// A successful reply.
        case methodReturn
        /// An error reply.
        case error
        /// A signal.
        case signal
        /// A type this library does not know.
        case unknown
    }

    let raw: OpaquePointer

    /// Takes over a reference the caller owns.
    init(taking raw: OpaquePointer) { self.raw = raw }

    /// Adds a reference to a message libdbus lends.
    init(retaining raw: OpaquePointer) {
        self.raw = raw
        dbus_message_ref(raw)
    }

    deinit { dbus_message_unref(raw) }

    /// A method call; every name is validated first (libdbus aborts on invalid ones).
    public static func methodCall(
        destination: String?, path: String, interface: String?, method: String
    ) throws(DBusError) -> Message {
        if let destination { try Validation.check(destination, as: .busName) }
        try Validation.check(path, as: .objectPath)
        if let interface { try Validation.check(interface, as: .interface) }
        try Validation.check(method, as: .member)
        guard let raw = dbus_message_new_method_call(destination, path, interface, method) else { throw .noMemory() }
        return Message(taking: raw)
    }

    /// A signal from `path`; names are validated first.
    public static func signal(path: String, interface: String, name: String) throws(DBusError) -> Message {
        try Validation.check(path, as: .objectPath)
        try Validation.check(interface, as: .interface)
        try Validation.check(name, as: .member)
        return try signal(validatedPath: path, interface: interface, name: name)
    }

    /// A signal whose path, interface and name are known to be valid (an exported object's
    /// path, a compiled interface's name, a constant): what every property change sends, so
    /// its names are not validated again in each message.
    static func signal(validatedPath path: String, interface: String, name: String) throws(DBusError) -> Message {
        guard let raw = dbus_message_new_signal(path, interface, name) else { throw .noMemory() }
        return Message(taking: raw)
    }

    /// The kind of message.
    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: .error
        case DBUS_MESSAGE_TYPE_SIGNAL: .signal
        default: .unknown
        }
    }

    /// The object path, if any.
    public var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    /// The interface, if any.
    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    /// The method or signal name, if any.
    public var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    /// The sender's unique name, if any.
    public var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    /// The destination, if any.
    public var destination: String? { dbus_message_get_destination(raw).map { String(cString: $0) } }
    /// The signature of the body.
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// The error name of an error reply.
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    /// The serial libdbus gave the message when it was sent.
    public var serial: UInt32 { dbus_message_get_serial(raw) }
    /// The serial of the call this message answers.
    public var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }

    /// True when the sender asked for no reply.
    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(raw) != 0 }
        set { dbus_message_set_no_reply(raw, newValue ? 1 : 0) }
    }

    /// The error an error reply carries: its name and first string argument.
    public var error: DBusError? {
        guard let name = errorName else { return nil }
        var reader = reader()
        let text = (try? reader.read(String.self)) ?? ""
        return DBusError(name: name, message: text)
    }

    /// A reader at the first argument.
    public func reader() -> MessageReader { MessageReader(message: raw, owner: self) }

    /// A writer appending to the body.
    public func writer() -> MessageWriter { MessageWriter(appendingTo: raw) }

    /// Appends the values to the body, in order.
    public func append<each T: DBusEncodable>(_ values: repeat each T) throws(DBusError) {
        var writer = MessageWriter(appendingTo: raw)
        for value in repeat each values {
            try value.encode(to: &writer)
        }
    }

    /// Reads the whole body as the given types; a different signature throws `InvalidArgs`.
    public func decode<each T: DBusDecodable>(_ types: repeat (each T).Type) throws(DBusError) -> (repeat each T) {
        var reader = reader()
        return try reader.readToEnd(repeat each types)
    }

    /// Every argument as dynamic values.
    public func arguments() throws(DBusError) -> [DBusValue] {
        var reader = reader()
        return try reader.readAll()
    }
}
