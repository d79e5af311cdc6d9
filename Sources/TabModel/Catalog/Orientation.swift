/// A device orientation a tab may support (ORI-1).
public enum Orientation: String, CaseIterable, Codable, Sendable, Comparable {
    /// Upright; every tab supports it unless its plugin says otherwise.
    case portrait
    /// Upside down.
    case portraitUpsideDown = "portrait-upside-down"
    /// Rotated with the top to the left.
    case landscapeLeft = "landscape-left"
    /// Rotated with the top to the right.
    case landscapeRight = "landscape-right"

    /// Parses an orientation's name, throwing `InvalidArgument` for anything else (ORI-3).
    public init(validating name: String) throws(TabError) {
        guard let orientation = Orientation(rawValue: name) else {
            throw .invalidArgument("Unknown orientation \(quoted: name): expected portrait, portrait-upside-down, landscape-left or landscape-right.")
        }
        self = orientation
    }

    /// Declaration order, so that lists of orientations read the same everywhere.
    public static func < (lhs: Orientation, rhs: Orientation) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
