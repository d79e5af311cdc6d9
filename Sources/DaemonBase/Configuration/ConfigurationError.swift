internal import TOML

/// A TOML file tabbard reads that cannot be used: the configuration (it stops the start, or a
/// reload keeps the running one) or a plugin manifest (that plugin is skipped).
///
/// The description reads `FILE:LINE[:COLUMN]: key 'KEY': REASON`, naming as much of the place
/// as is known, so a person can go straight to it. Syntax errors carry the column; problems
/// with a key's value carry the key and the line it is written on.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The line, when known: every problem found in the text has one.
    public let line: Int?
    /// The column of a syntax error.
    public let column: Int?
    /// The dotted key (`appearance.tint_color`, `tabs[2].id`), when the problem is in one key.
    public let key: String?
    /// What is wrong, naming the offending value.
    public let reason: String

    /// An error at `file`, optionally at a line (and column) and key.
    public init(file: String, line: Int? = nil, column: Int? = nil, key: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.reason = reason
    }

    /// The reader's refusal of the text of `file`.
    init(file: String, _ error: TOMLError) {
        self.init(
            file: file, line: error.location.line, column: error.location.column, key: error.key, reason: error.reason)
    }

    /// The file, its line and column, the key and the reason, as a log line says them.
    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let line, let column, line > 0 { place += ":\(column)" }
        if let key { return "\(place): key '\(key)': \(reason)" }
        return "\(place): \(reason)"
    }

    /// The error without the file name, for messages that already name it:
    /// `line N, key 'k': reason`.
    public var detail: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let key { place.append("key '\(key)'") }
        return place.isEmpty ? reason : place.joined(separator: ", ") + ": " + reason
    }
}
