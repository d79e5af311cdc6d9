/// How the bar looks (LOOK-1..7): the appearance properties with their defaults. Colors are
/// stored uppercased (`#RRGGBB`); empty strings mean "unset".
public struct Appearance: Equatable, Codable, Sendable {
    /// The default tint of the selected item (LOOK-2).
    public static let defaultTintColor = "#007AFF"

    /// LOOK-1.
    public var barStyle: BarStyle = .default
    /// LOOK-2; empty when unset.
    public var barTintColor: String = ""
    /// LOOK-2; never empty (empty restores `#007AFF`).
    public var tintColor: String = Appearance.defaultTintColor
    /// LOOK-2; empty when unset.
    public var unselectedItemTintColor: String = ""
    /// LOOK-3, LOOK-7: what was set, never inferred.
    public var translucent: Bool = true
    /// LOOK-4.
    public var backgroundImage: String = ""
    /// LOOK-4; only in effect while `backgroundImage` is set.
    public var shadowImage: String = ""
    /// LOOK-4.
    public var selectionIndicatorImage: String = ""
    /// LOOK-5: `left|right` → image.
    public var dividerImages: [String: String] = [:]

    /// The defaults of LOOK-1..5.
    public init() {}

    /// What a renderer draws as the shadow: the shadow image only over a background image (LOOK-4).
    public var effectiveShadowImage: String { backgroundImage.isEmpty ? "" : shadowImage }

    /// What a renderer paints the bar with (LOOK-2).
    public var effectiveBarColor: String {
        if !barTintColor.isEmpty { return barTintColor }
        return barStyle == .black ? "#000000" : "#FFFFFF"
    }

    /// Whether a renderer draws dividers at all: only with all three combinations set (LOOK-5).
    public var drawsDividers: Bool { ItemState.dividerKeys.allSatisfy { dividerImages[$0] != nil } }

    /// Throws `InvalidArgument` naming the first bad value (for configurations and restores).
    public func validate() throws(TabError) {
        for color in [barTintColor, tintColor, unselectedItemTintColor] { try ColorValue.validate(color) }
        for image in [backgroundImage, shadowImage, selectionIndicatorImage] { try ImageName.validate(image) }
        for (key, image) in dividerImages {
            guard ItemState.dividerKeys.contains(key) else {
                throw .invalidArgument(
                    "Unknown divider key \(quoted: key): expected one of \(ItemState.dividerKeys.joined(separator: ", "))."
                )
            }
            try ImageName.validate(image)
        }
    }

    /// The same appearance with colors uppercased and an empty tint restored to its default.
    public var normalized: Appearance {
        var copy = self
        copy.barTintColor = barTintColor.uppercased()
        copy.tintColor = tintColor.isEmpty ? Self.defaultTintColor : tintColor.uppercased()
        copy.unselectedItemTintColor = unselectedItemTintColor.uppercased()
        copy.dividerImages = dividerImages.filter { !$0.value.isEmpty }
        return copy
    }
}
