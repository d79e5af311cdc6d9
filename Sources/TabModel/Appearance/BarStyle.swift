/// The bar's style (LOOK-1).
public enum BarStyle: String, CaseIterable, Codable, Sendable {
    /// Translucent white with dark text.
    case `default`
    /// Black.
    case black

    /// Parses a style name, throwing `InvalidArgument` for anything else (ERR-1).
    public init(validating name: String) throws(TabError) {
        guard let style = BarStyle(rawValue: name) else {
            throw .invalidArgument("Unknown bar style \(quoted: name): expected default or black.")
        }
        self = style
    }
}
