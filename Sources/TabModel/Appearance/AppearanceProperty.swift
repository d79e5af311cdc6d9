/// The appearance properties of a bar (LOOK-1..5), the same on the controller and on every
/// standalone bar (SBAR-6): one list, so that both read and write them through one set of rules.
public enum AppearanceProperty: CaseIterable, Sendable {
    /// LOOK-1, writable.
    case barStyle
    /// LOOK-2, writable.
    case barTintColor
    /// LOOK-2, writable.
    case tintColor
    /// LOOK-2, writable.
    case unselectedItemTintColor
    /// LOOK-3, writable.
    case translucent
    /// LOOK-4, writable.
    case backgroundImage
    /// LOOK-4, writable.
    case shadowImage
    /// LOOK-4, writable.
    case selectionIndicatorImage
    /// LOOK-4, derived.
    case effectiveShadowImage
    /// LOOK-2, derived.
    case effectiveBarColor
    /// LOOK-5, changed by `SetDividerImage` only.
    case dividerImages

    /// Whether clients may write it as a property.
    public var isWritable: Bool {
        switch self {
        case .effectiveShadowImage, .effectiveBarColor, .dividerImages: false
        default: true
        }
    }

    /// How soon a change must be on disk (STATE-4): what was set is structural; the derived
    /// values follow their sources and carry no class of their own.
    public var durability: Durability {
        switch self {
        case .effectiveShadowImage, .effectiveBarColor: .none
        default: .structural
        }
    }

    /// The color properties of LOOK-2, by the stored field they write.
    var colorField: WritableKeyPath<Appearance, String>? {
        switch self {
        case .barTintColor: \.barTintColor
        case .tintColor: \.tintColor
        case .unselectedItemTintColor: \.unselectedItemTintColor
        default: nil
        }
    }

    /// The image properties of LOOK-4, by the stored field they write.
    var imageField: WritableKeyPath<Appearance, String>? {
        switch self {
        case .backgroundImage: \.backgroundImage
        case .shadowImage: \.shadowImage
        case .selectionIndicatorImage: \.selectionIndicatorImage
        default: nil
        }
    }
}

extension Appearance {
    /// The value of `property` as a client reads it. O(1) (O(3) for `DividerImages`).
    public func value(of property: AppearanceProperty) -> PropertyValue {
        switch property {
        case .barStyle: .string(barStyle.rawValue)
        case .barTintColor: .string(barTintColor)
        case .tintColor: .string(tintColor)
        case .unselectedItemTintColor: .string(unselectedItemTintColor)
        case .translucent: .bool(translucent)
        case .backgroundImage: .string(backgroundImage)
        case .shadowImage: .string(shadowImage)
        case .selectionIndicatorImage: .string(selectionIndicatorImage)
        case .effectiveShadowImage: .string(effectiveShadowImage)
        case .effectiveBarColor: .string(effectiveBarColor)
        case .dividerImages: .dictionary(dividerImages)
        }
    }

    /// Writes a writable appearance property from a client's value, checked by its rule (see
    /// the setters below). A value of another type, or a read-only property, is
    /// `InvalidArgument`. On a throw nothing changed.
    public mutating func set(_ property: AppearanceProperty, to value: PropertyValue) throws(TabError) {
        switch (property, value) {
        case (.barStyle, .string(let name)): try setBarStyle(named: name)
        case (.translucent, .bool(let flag)): translucent = flag // LOOK-3, LOOK-7: what was set, never inferred
        case (_, .string(let color)) where property.colorField != nil: try setColor(property.colorField!, to: color)
        case (_, .string(let image)) where property.imageField != nil: try setImage(property.imageField!, to: image)
        default:
            if !property.isWritable { throw .invalidArgument("Appearance property \(property) is read-only.") }
            throw .invalidArgument("Appearance property \(property) cannot be set to \(value.offendingDescription).")
        }
    }

    /// LOOK-1: `default` or `black`, else `InvalidArgument`.
    mutating func setBarStyle(named name: String) throws(TabError) {
        barStyle = try BarStyle(validating: name)
    }

    /// LOOK-2: `#RRGGBB`, stored uppercased, or empty for the built-in default (`TintColor`
    /// then reads `#007AFF`); anything else is `InvalidArgument`.
    mutating func setColor(_ field: WritableKeyPath<Appearance, String>, to color: String) throws(TabError) {
        try ColorValue.validate(color)
        self[keyPath: field] =
            color.isEmpty && field == \Appearance.tintColor ? Appearance.defaultTintColor : color.uppercased()
    }

    /// LOOK-4: an image name or an absolute path, empty for none.
    mutating func setImage(_ field: WritableKeyPath<Appearance, String>, to image: String) throws(TabError) {
        try ImageName.validate(image)
        self[keyPath: field] = image
    }

    /// `SetDividerImage(image, left_state, right_state)` (LOOK-5): only three combinations
    /// exist, so an unknown state or `selected|selected` is `InvalidArgument`; an empty image
    /// removes that combination.
    public mutating func setDividerImage(_ image: String, left: String, right: String) throws(TabError) {
        let key = try ItemState.dividerKey(left: ItemState(validating: left), right: ItemState(validating: right))
        try ImageName.validate(image)
        dividerImages[key] = image.isEmpty ? nil : image
    }
}

extension ControllerProperty {
    /// The appearance property this controller property mirrors, nil for the others.
    var appearanceProperty: AppearanceProperty? {
        switch self {
        case .barStyle: .barStyle
        case .barTintColor: .barTintColor
        case .tintColor: .tintColor
        case .unselectedItemTintColor: .unselectedItemTintColor
        case .translucent: .translucent
        case .backgroundImage: .backgroundImage
        case .shadowImage: .shadowImage
        case .selectionIndicatorImage: .selectionIndicatorImage
        case .effectiveShadowImage: .effectiveShadowImage
        case .effectiveBarColor: .effectiveBarColor
        case .dividerImages: .dividerImages
        default: nil
        }
    }
}
