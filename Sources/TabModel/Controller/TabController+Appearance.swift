/// Appearance setters (LOOK-1..7). Each announces the property and the derived
/// `EffectiveShadowImage` / `EffectiveBarColor` when they follow. All O(1).
extension TabController {
    /// `BarStyle` (LOOK-1): `default` or `black`, else `InvalidArgument`.
    public mutating func setBarStyle(_ name: String) throws(TabError) -> TabEvents {
        let style = try BarStyle(validating: name)
        return changeAppearance { $0.barStyle = style }
    }

    /// A color property (LOOK-2): `#RRGGBB`, stored uppercased, or empty for the default
    /// (`TintColor` then reads `#007AFF`). Anything else is `InvalidArgument`.
    public mutating func setColor(_ property: WritableKeyPath<Appearance, String>, _ color: String) throws(TabError) -> TabEvents {
        try ColorValue.validate(color)
        let value = color.isEmpty && property == \Appearance.tintColor ? Appearance.defaultTintColor : color.uppercased()
        return changeAppearance { $0[keyPath: property] = value }
    }

    /// `Translucent` (LOOK-3, LOOK-7): what was set, never inferred.
    public mutating func setTranslucent(_ translucent: Bool) -> TabEvents {
        changeAppearance { $0.translucent = translucent }
    }

    /// An image property (LOOK-4): an image name or absolute path, empty for none.
    public mutating func setImage(_ property: WritableKeyPath<Appearance, String>, _ image: String) throws(TabError) -> TabEvents {
        try ImageName.validate(image)
        return changeAppearance { $0[keyPath: property] = image }
    }

    /// `SetDividerImage(image, left_state, right_state)` (LOOK-5): empty removes it. Throws
    /// `InvalidArgument` for an unknown state, `selected|selected`, or a bad image.
    public mutating func setDividerImage(_ image: String, left: String, right: String) throws(TabError) -> TabEvents {
        let key = try ItemState.dividerKey(left: ItemState(validating: left), right: ItemState(validating: right))
        try ImageName.validate(image)
        return changeAppearance { $0.dividerImages[key] = image.isEmpty ? nil : image }
    }

    private mutating func changeAppearance(_ change: (inout Appearance) -> Void) -> TabEvents {
        let scope = ObservationScope.controller(ControllerProperty.appearance)
        let before = observe(scope)
        change(&appearance)
        return finish(scope, since: before)
    }
}
