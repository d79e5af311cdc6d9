/// A validated D-Bus type signature (`a{sv}`); the `g` type on the wire.
public struct Signature: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The signature as a string.
    public let rawValue: String

    /// The signature, or `InvalidArgs` when `rawValue` is not a valid signature.
    public init(_ rawValue: String) throws(DBusError) {
        try Validation.check(rawValue, as: .signature)
        self.rawValue = rawValue
    }

    /// A signature known valid at compile time; traps on an invalid literal.
    public init(stringLiteral value: String) {
        precondition(Validation.isValid(value, as: .signature), "invalid signature literal '\(value)'")
        self.rawValue = value
    }

    init(trusted rawValue: String) { self.rawValue = rawValue }

    /// The signature as a string.
    public var description: String { rawValue }
}
