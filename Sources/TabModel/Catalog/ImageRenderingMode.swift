/// How a renderer treats an item image (LOOK-6).
public enum ImageRenderingMode: String, CaseIterable, Codable, Sendable {
    /// Tinted with the bar's tint colors; the default.
    case template
    /// Drawn as is.
    case original
}
