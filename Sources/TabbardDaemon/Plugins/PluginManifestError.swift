/// Why a manifest could not be read: names the file, and the key and line where known.
public struct PluginManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest file.
    public var file: String
    /// The offending key, dotted (`tabs[2].id`), or nil for a syntax or file error.
    public var key: String?
    /// The 1-based line, where the parser or a look at the text can tell.
    public var line: Int?
    /// What is wrong, naming the offending value.
    public var message: String

    /// An error in `file`, at `key` and `line` where known.
    public init(file: String, key: String? = nil, line: Int? = nil, message: String) {
        self.file = file
        self.key = key
        self.line = line
        self.message = message
    }

    /// `file:line: line N, key 'k': message`, as on a log line.
    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(detail)" }

    /// The error without the file name, for messages that already name the file.
    public var detail: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let key { place.append("key '\(key)'") }
        return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
}
