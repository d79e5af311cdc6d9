/// Where the bar sits and how it overflows.
public enum TabLayout: String, CaseIterable, Codable, Sendable {
    /// iOS: a More item collects the overflow (MORE-*).
    case bottom
    /// tvOS: overflow is hidden and unreachable; no customization (TOP-*).
    case top

    /// Parses a layout name, throwing `InvalidArgument` for anything else (ERR-1).
    public init(validating name: String) throws(TabError) {
        guard let layout = TabLayout(rawValue: name) else {
            throw .invalidArgument("Unknown layout \(quoted: name): expected bottom or top.")
        }
        self = layout
    }
}
