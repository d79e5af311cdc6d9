/// How a renderer treats an item image (LOOK-6).
public enum ImageRenderingMode: String, CaseIterable, Codable, Sendable {
    /// Tinted with the bar's tint colors; the default.
    case template
    /// Drawn as is.
    case original

    /// Parses a rendering mode name, throwing `InvalidArgument` for anything else (LOOK-6).
    public init(validating name: String) throws(TabError) {
        guard let mode = ImageRenderingMode(rawValue: name) else {
            throw .invalidArgument("Unknown image rendering mode \(quoted: name): expected template or original.")
        }
        self = mode
    }
}
