/// The value of one observable property: text, a list of texts, a flag, a signed or unsigned
/// number, or a text map. The daemon writes each kind as one wire type without knowing what
/// the property means.
public enum PropertyValue: Equatable, Hashable, Sendable {
    /// Text.
    case string(String)
    /// A list of texts (tab ids, orientations, actions).
    case strings([String])
    /// A flag.
    case bool(Bool)
    /// A signed number (an index, -1 for none; a tag).
    case int32(Int32)
    /// An unsigned number (a count, a depth, milliseconds).
    case uint32(UInt32)
    /// A counter that only grows (`Revision`, `ContentRevision`).
    case uint64(UInt64)
    /// Text by text key (`DividerImages`).
    case dictionary([String: String])
    /// Icons drawn by a plugin (`IconPixmaps`, ICON-3).
    case pixmaps([IconPixmap])
}
