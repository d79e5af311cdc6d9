/// What an operation may change: the properties read before and after it, so that the
/// announced changes are exactly the values that differ. An operation names a scope no wider
/// than it needs, which keeps `Select` O(1) while `SetTabs` is O(tabs).
struct ObservationScope {
    var controller: [ControllerProperty]
    var tabs: [String]
    var tabProperties: [TabProperty]
    /// The properties of the controller's bar object.
    var bar: [BarProperty] = []
    /// Standalone bars (SBAR-1): each scope names one bar.
    var bars: [BarScope] = []

    /// Selection only: the three selection properties, the bar's selected item, and the tabs
    /// involved (old and new shown tab, plus `extraTabs`). O(1).
    static func selection(_ tabs: [String?], tabProperties: [TabProperty] = [.selected, .accessibilityLabel])
        -> ObservationScope
    {
        // A handful of ids: a linear search is cheaper than hashing each into a set.
        var ids: [String] = []
        ids.reserveCapacity(tabs.count)
        for case let id? in tabs where !ids.contains(id) { ids.append(id) }
        // Not the bar's `Items`: a selection changes neither `Tabs` nor `MaxVisible` nor
        // `Layout`, which alone decide them (MORE-1, TOP-1), and building them twice was the
        // dearest part of `Select`.
        // The More item's label says whether it is selected (MORE-6); in the controller's order.
        return ObservationScope(
            controller: [.moreAccessibilityLabel, .selectedItem, .selectedTab, .selectedIndex], tabs: ids,
            tabProperties: tabProperties, bar: [.selectedItem])
    }

    /// Everything about the controller and the structure-dependent properties of `tabs`. O(tabs).
    static func structure(_ tabs: [String], tabProperties: [TabProperty] = TabProperty.structural) -> ObservationScope {
        var seen = Set<String>()
        seen.reserveCapacity(tabs.count)
        return ObservationScope(
            controller: ControllerProperty.allCases.filter { $0 != .revision },
            tabs: tabs.filter { seen.insert($0).inserted }, tabProperties: tabProperties, bar: BarProperty.allCases)
    }

    /// Only the named properties of one tab.
    static func tab(_ id: String, _ properties: [TabProperty]) -> ObservationScope {
        ObservationScope(controller: [], tabs: [id], tabProperties: properties)
    }

    /// Only the named controller properties.
    static func controller(_ properties: [ControllerProperty]) -> ObservationScope {
        ObservationScope(controller: properties, tabs: [], tabProperties: [])
    }
}

/// The values of a scope at one moment.
struct Observation {
    var controller: [PropertyValue]
    /// The properties of the scope's tabs as observed, tab after tab in one list (not one list
    /// per tab), each tab's in the order of the scope's `tabProperties`; `absent` for every
    /// property of a tab the catalog does not have.
    var tabs: [ObservedTabValue]
    var bar: [PropertyValue]
    var bars: [BarObservation]
    var shown: ShownContent
}

extension TabController {
    func observe(_ scope: ObservationScope) -> Observation {
        var tabs: [ObservedTabValue] = []
        tabs.reserveCapacity(scope.tabs.count * scope.tabProperties.count)
        // Each tab looked up once for all its properties, not once per property; labels
        // observed through their inputs, built only when sent (A11Y-1).
        for id in scope.tabs { observe(scope.tabProperties, of: id, into: &tabs) }
        return Observation(
            controller: scope.controller.map { value(of: $0) },
            tabs: tabs,
            bar: scope.bar.map { value(of: $0) },
            bars: scope.bars.map { observe($0) },
            shown: shownContent)
    }

    /// Compares the scope with `before`, moves `Revision` if anything announced changed, and
    /// returns the events. `signals` are emitted in order after the property changes; `bars`
    /// brings the standalone bar signals and the bar and item objects that came or went, which
    /// are structural and move `Revision` too (SBAR-1).
    mutating func finish(
        _ scope: ObservationScope, since before: Observation, signals: [DelegateSignal] = [],
        bars: StandaloneBarEvents = StandaloneBarEvents()
    ) -> TabEvents {
        let after = observe(scope)
        var events = TabEvents()
        events.signals = signals
        // Most requests touch no standalone bar: the empty default is not copied in.
        if !bars.isEmpty { events.standaloneBars = bars }
        if bars.changesObjects { events.durability = .structural }
        for (index, property) in scope.controller.enumerated() where before.controller[index] != after.controller[index]
        {
            events.controllerProperties.append(property, roomFor: scope.controller.count - index + 1) // and `Revision`
            events.durability = max(events.durability, property.durability)
        }
        var movesRevision = !events.controllerProperties.isEmpty || bars.changesObjects
        for (index, barScope) in scope.bars.enumerated()
        where compare(barScope, before: before.bars[index], after: after.bars[index], into: &events) {
            movesRevision = true
        }
        let columns = scope.tabProperties.count
        for (row, id) in scope.tabs.enumerated() {
            if noteChanges(
                ofTab: id, scope.tabProperties, before: before.tabs, after: after.tabs, from: row * columns,
                roomFor: scope.tabs.count - row, into: &events)
            {
                movesRevision = true
            }
        }
        for (index, property) in scope.bar.enumerated() where before.bar[index] != after.bar[index] {
            events.barProperties.append(property, roomFor: scope.bar.count - index)
        }
        if before.shown != after.shown {
            events.selection = SelectionTransition(from: before.shown, to: after.shown)
        }
        if movesRevision { moveRevision(announcingIn: &events) }
        return events
    }

    /// Moves `Revision` for a request whose announced changes move it, and announces it after
    /// the request's other controller properties.
    mutating func moveRevision(announcingIn events: inout TabEvents) {
        revision += 1
        events.controllerProperties.append(.revision)
    }

    /// Adds to `events` the properties of tab `id` whose values differ between `before` and
    /// `after`, which hold them from `start` on in the order of `properties`, with their
    /// durability and the navigation a changed `Page` or `Depth` makes (NAV-1); `rows` is the
    /// most tabs `events` will list. Returns whether a change moves `Revision`.
    func noteChanges(
        ofTab id: String, _ properties: [TabProperty], before: [ObservedTabValue], after: [ObservedTabValue],
        from start: Int, roomFor rows: Int, into events: inout TabEvents
    ) -> Bool {
        var changed: [TabProperty] = []
        var movesRevision = false
        for (column, property) in properties.enumerated() where before[start + column] != after[start + column] {
            changed.append(property, roomFor: properties.count - column)
            events.durability = max(events.durability, property.durability)
            movesRevision = movesRevision || property.movesRevision
        }
        guard !changed.isEmpty else { return false }
        events.tabProperties.append(TabPropertyChanges(tab: id, properties: changed), roomFor: rows)
        if changed.contains(.page) || changed.contains(.depth), let stack = runtime(of: id)?.stack {
            events.navigation.append(NavigationChange(tab: id, page: stack.last!, depth: stack.count))
        }
        return movesRevision
    }
}
