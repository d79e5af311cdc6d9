/// A Swift type with a fixed D-Bus type.
public protocol DBusTyped {
    /// The D-Bus signature of the type (one complete type, e.g. `s` or `a{sv}`).
    static var dbusSignature: String { get }
}

/// A Swift type that can be written as one complete D-Bus type.
public protocol DBusEncodable: DBusTyped {
    /// Appends the value to the message being written.
    func encode(to writer: inout MessageWriter) throws(DBusError)
}

/// A Swift type that can be read from one complete D-Bus type.
public protocol DBusDecodable: DBusTyped {
    /// Reads the value at the reader's position, checking the wire type first; a mismatch
    /// throws `InvalidArgs`.
    init(from reader: inout MessageReader) throws(DBusError)
}

/// A type that travels both ways.
public typealias DBusCodable = DBusEncodable & DBusDecodable
