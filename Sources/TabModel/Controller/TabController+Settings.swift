/// The writable controller properties and the setters behind them: `MaxVisible`, `Layout`,
/// `Locale`, `Orientation` and the delegate timeout (ERR-1 validation throughout).
extension TabController {
    /// Sets `MaxVisible` (MORE-4): re-partitions bar and More list and keeps the selected tab
    /// selected (shown inside More or from the bar as it now sits; MORE-5 and TOP-3 apply).
    /// Throws `InvalidArgument` outside 2...64, `Busy` during a session (CUST-8). O(tabs).
    public mutating func setMaxVisible(_ value: Int) throws(TabError) -> TabEvents {
        try ControllerConfiguration.validateMaxVisible(value)
        try requireNoSession(for: "Setting MaxVisible")
        if value == maxVisible { return TabEvents() }
        return restructure { $0.maxVisible = value }
    }

    /// Sets `Layout` (MORE-*, TOP-*). Throws `Busy` during a session (CUST-8). O(tabs).
    public mutating func setLayout(_ value: TabLayout) throws(TabError) -> TabEvents {
        try requireNoSession(for: "Setting Layout")
        if value == layout { return TabEvents() }
        return restructure { $0.layout = value }
    }

    /// Sets `Locale` (L10N-1): titles and accessibility labels of every catalog tab and of the
    /// More item (MORE-6) follow.
    /// Throws `InvalidArgument` for a malformed locale name. O(catalog).
    public mutating func setLocale(_ value: String) throws(TabError) -> TabEvents {
        try LocaleName.validate(value)
        if value == locale { return TabEvents() }
        let scope = ObservationScope(
            controller: [.moreTitle, .moreAccessibilityLabel, .locale], tabs: catalog.map(\.id),
            tabProperties: [.title, .accessibilityLabel],
            bars: bars.map {
                BarScope(
                    bar: $0.name, properties: [], items: $0.definedItems.map(\.id),
                    itemProperties: [.title, .accessibilityLabel])
            }) // SBAR-7
        let before = observe(scope)
        locale = value
        return finish(scope, since: before)
    }

    /// `SetOrientation` (ORI-3): throws `InvalidArgument` for an unknown name and
    /// `NotSupported` for an orientation some tab does not support. O(1).
    public mutating func setOrientation(_ name: String) throws(TabError) -> TabEvents {
        let wanted = try Orientation(validating: name)
        guard supportedOrientations.contains(wanted) else {
            throw .notSupported(
                "Orientation \(quoted: name) is not supported by every tab; supported: \(supportedOrientations.map(\.rawValue).joined(separator: ", "))."
            )
        }
        let scope = ObservationScope.controller([.orientation])
        let before = observe(scope)
        orientation = wanted
        return finish(scope, since: before)
    }

    /// Sets `DelegateTimeoutMs`. Throws `InvalidArgument` outside 10...20000 (ERR-1). O(1).
    public mutating func setDelegateTimeout(milliseconds value: UInt32) throws(TabError) -> TabEvents {
        try ControllerConfiguration.validateDelegateTimeout(value)
        let scope = ObservationScope.controller([.delegateTimeoutMs])
        let before = observe(scope)
        delegateTimeoutMs = value
        return finish(scope, since: before)
    }

    /// Sets `DelegateTimeoutPolicy` (TAP-5). O(1).
    public mutating func setDelegateTimeoutPolicy(_ value: DelegateTimeoutPolicy) -> TabEvents {
        let scope = ObservationScope.controller([.delegateTimeoutPolicy])
        let before = observe(scope)
        delegateTimeoutPolicy = value
        return finish(scope, since: before)
    }

    /// Writes a writable property (`Properties.Set`). A read-only property or a value of the
    /// wrong type is `InvalidArgument`, and so is a value out of range (ERR-1). (On the bus the
    /// wrong type never gets here: the wire answers it with its own error first.)
    public mutating func set(_ property: ControllerProperty, to value: PropertyValue) throws(TabError) -> TabEvents {
        switch (property, value) {
        case (.maxVisible, .uint32(let number)): return try setMaxVisible(Int(number))
        case (.layout, .string(let name)): return try setLayout(TabLayout(validating: name))
        case (.locale, .string(let name)): return try setLocale(name)
        case (.delegateTimeoutMs, .uint32(let number)): return try setDelegateTimeout(milliseconds: number)
        case (.delegateTimeoutPolicy, .string(let name)):
            return setDelegateTimeoutPolicy(try DelegateTimeoutPolicy(validating: name))
        case (.barStyle, .string(let name)): return try setBarStyle(name)
        case (.barTintColor, .string(let color)): return try setColor(\.barTintColor, color)
        case (.tintColor, .string(let color)): return try setColor(\.tintColor, color)
        case (.unselectedItemTintColor, .string(let color)): return try setColor(\.unselectedItemTintColor, color)
        case (.translucent, .bool(let flag)): return setTranslucent(flag)
        case (.backgroundImage, .string(let image)): return try setImage(\.backgroundImage, image)
        case (.shadowImage, .string(let image)): return try setImage(\.shadowImage, image)
        case (.selectionIndicatorImage, .string(let image)): return try setImage(\.selectionIndicatorImage, image)
        default:
            if !property.isWritable { throw .invalidArgument("Property \(property.rawValue) is read-only.") }
            throw .invalidArgument("Property \(property.rawValue) cannot be set to \(value.offendingDescription).")
        }
    }

    /// A change to the partition (max visible, layout): everything structural may move.
    private mutating func restructure(_ change: (inout TabController) -> Void) -> TabEvents {
        let scope = ObservationScope.structure(tabs)
        let before = observe(scope)
        let previousIndex = selectedIndex
        change(&self)
        settleSelection(previousIndex: previousIndex) // MORE-4, MORE-5, TOP-3
        return finish(scope, since: before)
    }
}
