/// Creating and removing standalone bars (SBAR-1), their appearance (SBAR-6), and the helpers
/// every bar operation shares. A bar is independent of the controller's tabs and of every other
/// bar; it shares only the locale (L10N-1) and, when it is created, the configured appearance.
extension TabController {
    /// SBAR-1: the most standalone bars at once.
    public static let maximumBars = 64

    /// `CreateBar(name)` (SBAR-1): a new, empty bar with the configuration's `[appearance]`,
    /// the appearance proxy (SBAR-6). Throws `InvalidArgument` for a malformed name (ID-1), a
    /// name in use, or a 65th bar. O(bars).
    public mutating func createBar(_ name: String) throws(TabError) -> TabEvents {
        try TabIdentifier.validate(name, as: "bar name")
        guard bar(named: name) == nil else { throw .invalidArgument("Bar \(quoted: name) exists already.") }
        guard bars.count < Self.maximumBars else {
            throw .invalidArgument("\(Self.maximumBars) bars exist; bar \(quoted: name) would be one too many.")
        }
        let scope = ObservationScope.bars([])
        let before = observe(scope)
        bars.append(StandaloneBar(name: name, appearance: configuration.appearance.normalized))
        var objects = StandaloneBarEvents()
        objects.barsAdded = [name]
        return finish(scope, since: before, bars: objects)
    }

    /// `RemoveBar(name)` (SBAR-1): removes the bar and its items. Throws `NoSuchBar`, or `Busy`
    /// while the bar's customization session is open (SBAR-5). O(bars + items).
    public mutating func removeBar(_ name: String) throws(TabError) -> TabEvents {
        let index = try requireBar(name)
        try requireNoSession(on: index, for: "RemoveBar")
        let scope = ObservationScope.bars([])
        let before = observe(scope)
        let removed = bars.remove(at: index)
        var objects = StandaloneBarEvents()
        objects.itemsRemoved = removed.references()
        objects.barsRemoved = [name]
        return finish(scope, since: before, bars: objects)
    }

    // MARK: Appearance (SBAR-6)

    /// Writes a writable appearance property of bar `name` with the controller's rules
    /// (LOOK-1..4); an empty color restores the built-in default, not the configured one.
    /// Throws `NoSuchBar`, or `InvalidArgument` as `Appearance.set` does. Served during the
    /// bar's session. O(bars).
    public mutating func setAppearance(_ property: AppearanceProperty, to value: PropertyValue, on name: String)
        throws(TabError) -> TabEvents
    {
        let index = try requireBar(name)
        return try changeBar(index, .appearance(of: name)) { bar throws(TabError) in
            try bar.appearance.set(property, to: value)
        }
    }

    /// `SetDividerImage(image, left_state, right_state)` on bar `name` (LOOK-5). Throws
    /// `NoSuchBar`, or `InvalidArgument` for an unknown state, `selected|selected` or a bad image.
    public mutating func setDividerImage(_ image: String, left: String, right: String, on name: String) throws(TabError)
        -> TabEvents
    {
        let index = try requireBar(name)
        return try changeBar(index, .appearance(of: name)) { bar throws(TabError) in
            try bar.appearance.setDividerImage(image, left: left, right: right)
        }
    }

    // MARK: Internals

    /// Validates `name` (ID-1) and returns the position of its bar; `NoSuchBar` otherwise.
    func requireBar(_ name: String) throws(TabError) -> Int {
        try TabIdentifier.validate(name, as: "bar name")
        guard let index = bars.firstIndex(where: { $0.name == name }) else { throw .noSuchBar(name) }
        return index
    }

    /// SBAR-5: while a bar's session is open, its structural members wait, for the owner too.
    func requireNoSession(on index: Int, for member: String) throws(TabError) {
        if let session = bars[index].session {
            throw .busy(
                "\(member) on bar \(quoted: bars[index].name) is refused while the customization session of \(session.owner) is open."
            )
        }
    }

    /// Applies `change` to the bar at `index` (which must validate before it writes, so that a
    /// throw changes nothing) and announces what differs in `scope`, then `signals` in order.
    mutating func changeBar<Failure: Error>(
        _ index: Int, _ scope: BarScope, signals: [BarSignal.Kind] = [],
        objects: StandaloneBarEvents = StandaloneBarEvents(),
        _ change: (inout StandaloneBar) throws(Failure) -> Void
    ) throws(Failure) -> TabEvents {
        let observed = ObservationScope.bars([scope])
        let before = observe(observed)
        try change(&bars[index])
        var announced = objects
        announced.signals = signals.map { BarSignal(bar: bars[index].name, kind: $0) }
        return finish(observed, since: before, bars: announced)
    }

    /// Replaces every bar at once (`Reset`, a restore): bars and items on one side
    /// only come or go as objects; those on both sides announce what differs. O(bars × items).
    mutating func replaceBars(with newBars: [StandaloneBar]) -> TabEvents {
        let old = bars
        var scopes: [BarScope] = []
        var objects = StandaloneBarEvents()
        for bar in newBars {
            guard let previous = old.first(where: { $0.name == bar.name }) else {
                objects.barsAdded.append(bar.name)
                objects.itemsAdded += bar.references()
                continue
            }
            let ids = previous.definedItems.map(\.id) + bar.definedItems.map(\.id).filter { previous.item($0) == nil }
            scopes.append(
                BarScope(
                    bar: bar.name, properties: StandaloneBarProperty.allCases, items: ids,
                    itemProperties: BarItemProperty.allCases))
            objects.itemsAdded += bar.references { previous.item($0.id) == nil }
        }
        for bar in old {
            let successor = newBars.first { $0.name == bar.name }
            objects.itemsRemoved += bar.references { successor?.item($0.id) == nil }
            if successor == nil { objects.barsRemoved.append(bar.name) }
        }
        let scope = ObservationScope.bars(scopes)
        let before = observe(scope)
        bars = newBars
        return finish(scope, since: before, bars: objects)
    }
}
