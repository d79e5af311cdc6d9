/// A `v` argument: a value that carries its own type. Wraps a `DBusValue`.
public struct Variant: DBusCodable, Hashable, Sendable {
    /// The value inside the variant.
    public var value: DBusValue

    /// A variant holding `value`.
    public init(_ value: DBusValue) { self.value = value }

    /// `v`
    public static var dbusSignature: String { "v" }

    /// Writes the variant with the value's own signature.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.append(value: .variant(value))
    }

    /// Reads a variant and its contents.
    public init(from reader: inout MessageReader) throws(DBusError) {
        value = try reader.readContainer(TypeCode.variant, for: "v") { (inner: inout MessageReader) throws(DBusError) in
            try inner.readValue()
        }
    }
}

/// An `h` argument: a Unix file descriptor number. Decoded descriptors are new ones owned by the
/// receiver (close them); when encoding, libdbus duplicates the descriptor.
public struct UnixFD: DBusCodable, Hashable, Sendable {
    /// The descriptor number.
    public var rawValue: Int32

    /// Wraps a descriptor number.
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// `h`
    public static var dbusSignature: String { "h" }

    /// Appends the descriptor; libdbus duplicates it. Fails when the connection cannot pass
    /// descriptors (the message is refused when sent).
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        guard rawValue >= 0 else { throw .invalidArgs("invalid file descriptor \(rawValue)") }
        try writer.appendBasic(TypeCode.unixFD, rawValue)
    }

    /// Reads a descriptor: a fresh duplicate the caller must close.
    public init(from reader: inout MessageReader) throws(DBusError) {
        rawValue = try reader.readBasic(TypeCode.unixFD, for: "h").fd
    }
}
