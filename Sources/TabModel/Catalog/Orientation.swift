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
            throw .invalidArgument(
                "Unknown orientation \(quoted: name): expected portrait, portrait-upside-down, landscape-left or landscape-right."
            )
        }
        self = orientation
    }

    /// The names of `orientations` in declaration order (`<`), as every list of orientations
    /// reads. Each of the 16 possible lists is made once: `Describe` reads every tab's
    /// `Orientations`, and sorting each tab's set would make and sort arrays for every tab.
    /// O(orientations).
    static func names(of orientations: Set<Orientation>) -> [String] {
        var subset = 0
        for orientation in orientations { subset |= 1 << allCases.firstIndex(of: orientation)! }
        return namesBySubset[subset]
    }

    /// The name lists of every subset of `allCases`, by the subset's bits (bit i: `allCases[i]`).
    private static let namesBySubset: [[String]] = (0..<(1 << allCases.count)).map { subset in
        allCases.indices.filter { subset & (1 << $0) != 0 }.map { allCases[$0].rawValue }
    }

    /// Declaration order, so that lists of orientations read the same everywhere.
    public static func < (lhs: Orientation, rhs: Orientation) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
