/// The value of one observable property, typed as on D-Bus: `s`, `as`, `b`, `i`, `u`, `t`,
/// `a{ss}`. The daemon maps these onto variants without knowing what they mean.
public enum PropertyValue: Equatable, Hashable, Sendable {
    /// `s`
    case string(String)
    /// `as`
    case strings([String])
    /// `b`
    case bool(Bool)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `t`
    case uint64(UInt64)
    /// `a{ss}`
    case dictionary([String: String])

    /// The D-Bus type signature of the value.
    public var signature: String {
        switch self {
        case .string: "s"
        case .strings: "as"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .uint64: "t"
        case .dictionary: "a{ss}"
        }
    }
}
