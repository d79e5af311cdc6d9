/// Appearance setters (LOOK-1..7), with the rules of `Appearance` that standalone bars share
/// (SBAR-6). Each announces the property and the derived `EffectiveShadowImage` /
/// `EffectiveBarColor` when they follow. All O(1).
extension TabController {
    /// `BarStyle` (LOOK-1): `default` or `black`, else `InvalidArgument`.
    public mutating func setBarStyle(_ name: String) throws(TabError) -> TabEvents {
        try changeAppearance { appearance throws(TabError) in try appearance.setBarStyle(named: name) }
    }

    /// A color property (LOOK-2): `#RRGGBB`, stored uppercased, or empty for the default
    /// (`TintColor` then reads `#007AFF`). Anything else is `InvalidArgument`.
    public mutating func setColor(_ property: WritableKeyPath<Appearance, String>, _ color: String) throws(TabError)
        -> TabEvents
    {
        try changeAppearance { appearance throws(TabError) in try appearance.setColor(property, to: color) }
    }

    /// `Translucent` (LOOK-3, LOOK-7): what was set, never inferred.
    public mutating func setTranslucent(_ translucent: Bool) -> TabEvents {
        changeAppearance { $0.translucent = translucent }
    }

    /// An image property (LOOK-4): an image name or absolute path, empty for none.
    public mutating func setImage(_ property: WritableKeyPath<Appearance, String>, _ image: String) throws(TabError)
        -> TabEvents
    {
        try changeAppearance { appearance throws(TabError) in try appearance.setImage(property, to: image) }
    }

    /// `SetDividerImage(image, left_state, right_state)` (LOOK-5): empty removes it. Throws
    /// `InvalidArgument` for an unknown state, `selected|selected`, or a bad image.
    public mutating func setDividerImage(_ image: String, left: String, right: String) throws(TabError) -> TabEvents {
        try changeAppearance { appearance throws(TabError) in
            try appearance.setDividerImage(image, left: left, right: right)
        }
    }

    /// Applies a change that validates before it writes: a throw leaves `appearance` as it was.
    private mutating func changeAppearance<Failure: Error>(_ change: (inout Appearance) throws(Failure) -> Void)
        throws(Failure) -> TabEvents
    {
        let scope = ObservationScope.controller(ControllerProperty.appearance)
        let before = observe(scope)
        try change(&appearance)
        return finish(scope, since: before)
    }
}
