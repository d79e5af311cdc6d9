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

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let key { place += ": key '\(key)'" }
        return "\(place): \(message)"
    }
}
