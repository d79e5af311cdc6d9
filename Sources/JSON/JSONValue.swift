/// A JSON document as a tree (RFC 8259). Integers are kept apart from other numbers, so that
/// a 64-bit integer survives a round trip exactly.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string, escapes resolved.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object. JSON leaves member order open; a writer that wants stable output sorts.
    case object([String: JSONValue])

    /// The kind of value, as messages name it.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
