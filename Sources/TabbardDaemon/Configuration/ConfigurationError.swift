/// A configuration that cannot be used; it stops the start (or a reload keeps the old one).
///
/// The description reads `FILE:LINE: key 'KEY': REASON`, naming as much of the place as is
/// known, so a person can go straight to it.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The configuration file.
    public let file: String
    /// The line, when known.
    public let line: Int?
    /// The dotted key (`appearance.tint_color`), when the problem is one key.
    public let key: String?
    /// What is wrong, naming the offending value.
    public let reason: String

    /// An error at `file`, optionally at a line and key.
    public init(file: String, line: Int? = nil, key: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.key = key
        self.reason = reason
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let key { return "\(place): key '\(key)': \(reason)" }
        return "\(place): \(reason)"
    }
}
