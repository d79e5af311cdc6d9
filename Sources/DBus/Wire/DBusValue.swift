/// Any D-Bus value, typed at run time: the contents of variants, `Properties.Get/Set`,
/// `a{sv}` dictionaries and generic tools. The common typed paths use `DBusCodable` instead.
public indirect enum DBusValue: Hashable, Sendable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case bool(Bool)
    /// `n`
    case int16(Int16)
    /// `q`
    case uint16(UInt16)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`
    case objectPath(ObjectPath)
    /// `g`
    case signature(Signature)
    /// `h`: a file descriptor. A decoded one is a fresh descriptor the receiver must close; an
    /// encoded one is duplicated by libdbus, so the sender keeps its own.
    case unixFD(Int32)
    /// `a…`: elements all of the given element signature.
    case array(Signature, [DBusValue])
    /// `a{kv}`: key and value signatures, then the entries (keys are basic types).
    case dictionary(key: Signature, value: Signature, [DBusValue: DBusValue])
    /// `(…)`: the fields in order (at least one).
    case structure([DBusValue])
    /// `v`: a value carrying its own type.
    case variant(DBusValue)

    /// The value's complete D-Bus signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .array(let element, _): "a" + element.rawValue
        case .dictionary(let key, let value, _): "a{" + key.rawValue + value.rawValue + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// The string of `s`, `o` and `g` values.
    public var string: String? {
        switch self {
        case .string(let v): v
        case .objectPath(let v): v.rawValue
        case .signature(let v): v.rawValue
        default: nil
        }
    }

    /// The value of `b`.
    public var bool: Bool? {
        if case .bool(let v) = self { return v }
        return nil
    }

    /// Any integer type widened to `Int64`, when it fits.
    public var integer: Int64? {
        switch self {
        case .byte(let v): Int64(v)
        case .int16(let v): Int64(v)
        case .uint16(let v): Int64(v)
        case .int32(let v): Int64(v)
        case .uint32(let v): Int64(v)
        case .int64(let v): v
        case .uint64(let v): Int64(exactly: v)
        default: nil
        }
    }

    /// The elements of an `as` value.
    public var strings: [String]? {
        guard case .array(let element, let items) = self, element.rawValue == "s" else { return nil }
        return items.compactMap(\.string)
    }

    /// The value inside a variant, or the value itself.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }
}

extension DBusValue: CustomStringConvertible {
    /// A compact text form similar to GVariant's (`['a', 'b']`, `{'k': <1>}`).
    public var description: String {
        switch self {
        case .byte(let v): "byte \(v)"
        case .bool(let v): v ? "true" : "false"
        case .int16(let v): "\(v)"
        case .uint16(let v): "\(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "\(v)"
        case .int64(let v): "\(v)"
        case .uint64(let v): "\(v)"
        case .double(let v): "\(v)"
        case .string(let v): "'\(v)'"
        case .objectPath(let v): "objectpath '\(v)'"
        case .signature(let v): "signature '\(v)'"
        case .unixFD(let v): "handle \(v)"
        case .array(_, let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ") + "}"
        case .structure(let fields): "(" + fields.map(\.description).joined(separator: ", ") + ")"
        case .variant(let inner): "<\(inner)>"
        }
    }
}
