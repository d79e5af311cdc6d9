/// A validated D-Bus object path (`/org/example/Thing`); the `o` type on the wire.
///
/// Note: `ObjectPath("literal")` is literal syntax and traps on an invalid literal; strings
/// from outside go through `try ObjectPath(string)` with a `String` value, which throws.
public struct ObjectPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path as a string.
    public let rawValue: String

    /// The path, or `InvalidArgs` when `rawValue` is not a valid object path.
    public init(_ rawValue: String) throws(DBusError) {
        try Validation.check(rawValue, as: .objectPath)
        self.rawValue = rawValue
    }

    /// A path known valid at compile time; traps on an invalid literal (a programming error).
    public init(stringLiteral value: String) {
        precondition(Validation.isValid(value, as: .objectPath), "invalid object path literal '\(value)'")
        self.rawValue = value
    }

    /// A path already checked by libdbus (it validates every incoming message).
    init(trusted rawValue: String) { self.rawValue = rawValue }

    /// The root path `/`.
    public static let root: ObjectPath = "/"

    /// The path as a string.
    public var description: String { rawValue }

    /// True when `self` lies strictly below `ancestor`.
    public func isDescendant(of ancestor: ObjectPath) -> Bool {
        if ancestor.rawValue == "/" { return rawValue != "/" }
        return rawValue.hasPrefix(ancestor.rawValue + "/")
    }

    /// Orders paths by their string.
    public static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }
}
