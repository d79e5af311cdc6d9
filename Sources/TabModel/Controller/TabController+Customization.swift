/// Customization sessions (CUST-1..9): reorder the customizable tabs while fixed tabs stay in
/// place. Sessions belong to an owner (the daemon passes the caller's unique bus name); the
/// daemon ends them when the owner leaves the bus or stays idle for `customization_timeout_s`
/// (`endSession(owner:)`): the model has no clock.
extension TabController {
    /// The result of ending a session.
    public struct CustomizationOutcome: Equatable, Sendable {
        /// Whether the order differs from the one at begin (CUST-3).
        public var changed: Bool
        /// `Customizing` and order changes, then `WillEndCustomizing` and `DidEndCustomizing`.
        public var events: TabEvents
    }

    /// Opens a session for `owner` (CUST-3): sets `Customizing` and emits
    /// `WillBeginCustomizing(tabs)`. Throws `NotSupported` in layout `top` (TOP-2), `Busy` while
    /// a session is open (CUST-4, for its owner too), `NotCustomizable` with an empty
    /// customizable set (CUST-1). Never asks the delegate (CUST-7). O(tabs).
    public mutating func beginCustomizing(owner: String) throws(TabError) -> TabEvents {
        try requireCustomizableLayout()
        try requireNoSession(for: "BeginCustomizing")
        guard !customizableSet.isEmpty else {
            throw .notCustomizable("No tab is customizable (CustomizableTabs is empty).")
        }
        let scope = ObservationScope.controller([.customizing])
        let before = observe(scope)
        session = CustomizationSession(owner: owner, orderAtBegin: tabs)
        return finish(scope, since: before, signals: [.willBeginCustomizing(tabs)])
    }

    /// Moves movable tab `id` to `index` within the session of `owner` (CUST-2/3/9). Throws
    /// `NotCustomizing` without a session, `Busy` for another owner, `NoSuchTab`,
    /// `IndexOutOfRange` outside `Tabs`, `NotCustomizable` when `id` or the tab at `index` is
    /// fixed. O(distance moved + tabs for the announcement).
    public mutating func moveTab(_ id: String, to index: Int, owner: String) throws(TabError) -> TabEvents {
        try TabIdentifier.validate(id) // ID-1: before anything else
        try requireSession(of: owner, for: "MoveTab")
        let from = try requireTab(id)
        guard tabs.indices.contains(index) else { throw .indexOutOfRange(index, count: tabs.count) } // CUST-9
        try requireMovable(id)
        try requireMovable(tabs[index], at: index)
        return reorder(touching: min(from, index)..<(max(from, index) + 1)) { tabs, isMovable in
            Reordering.move(&tabs, from: from, to: index, isMovable: isMovable)
        }
    }

    /// Swaps two movable tabs within the session of `owner` (CUST-2/3). `SwapTabs(a, a)`
    /// changes nothing (CUST-9). Errors as `moveTab`. O(tabs for the announcement).
    public mutating func swapTabs(_ a: String, _ b: String, owner: String) throws(TabError) -> TabEvents {
        try TabIdentifier.validate(a) // ID-1: before anything else
        try TabIdentifier.validate(b)
        try requireSession(of: owner, for: "SwapTabs")
        let first = try requireTab(a)
        let second = try requireTab(b)
        try requireMovable(a)
        try requireMovable(b)
        if first == second { return TabEvents() }
        return reorder(touching: min(first, second)..<(max(first, second) + 1)) { tabs, _ in
            tabs.swapAt(first, second)
            return min(first, second)..<(max(first, second) + 1)
        }
    }

    /// Ends the session of `owner` (CUST-3): emits `WillEndCustomizing(tabs, changed)` with the
    /// new order applied, then `DidEndCustomizing(tabs, changed)`. Throws `NotCustomizing`
    /// without a session, `Busy` for another owner. O(tabs).
    public mutating func endCustomizing(owner: String) throws(TabError) -> CustomizationOutcome {
        try requireSession(of: owner, for: "EndCustomizing")
        return closeSession()
    }

    /// A whole session in one call (CUST-5): `order` must be a permutation of `Tabs` that keeps
    /// every fixed tab at its index, else `InvalidOrder`. Emits all three signals. Throws
    /// `NotSupported` in layout `top`, `Busy` while any session is open, `NotCustomizable` with
    /// an empty customizable set. O(tabs).
    public mutating func customize(_ order: [String]) throws(TabError) -> CustomizationOutcome {
        for id in order { try TabIdentifier.validate(id) } // ID-1: before anything else
        try requireCustomizableLayout()
        try requireNoSession(for: "Customize")
        guard !customizableSet.isEmpty else {
            throw .notCustomizable("No tab is customizable (CustomizableTabs is empty).")
        }
        try validateOrder(order)
        let old = tabs
        let scope = ObservationScope.structure(tabs)
        let before = observe(scope)
        tabs = order
        reindex(0..<tabs.count)
        settleSelection(previousIndex: selectedIndex) // CUST-6
        let changed = order != old
        let events = finish(
            scope, since: before,
            signals: [
                .willBeginCustomizing(old), .willEndCustomizing(order, changed: changed),
                .didEndCustomizing(order, changed: changed),
            ])
        return CustomizationOutcome(changed: changed, events: events)
    }

    /// Ends the session if `owner` holds it, as `EndCustomizing` would (CUST-4/8): the daemon
    /// calls this when the owner leaves the bus or stays idle too long. Empty events otherwise.
    public mutating func endSession(owner: String) -> CustomizationOutcome {
        guard session?.owner == owner else { return CustomizationOutcome(changed: false, events: TabEvents()) }
        return closeSession()
    }

    // MARK: Internals

    mutating func closeSession() -> CustomizationOutcome {
        guard let open = session else { return CustomizationOutcome(changed: false, events: TabEvents()) }
        let changed = tabs != open.orderAtBegin
        let scope = ObservationScope.controller([.customizing])
        let before = observe(scope)
        session = nil
        let events = finish(
            scope, since: before,
            signals: [
                .willEndCustomizing(tabs, changed: changed), .didEndCustomizing(tabs, changed: changed),
            ])
        return CustomizationOutcome(changed: changed, events: events)
    }

    /// Applies an in-place reorder of `range`, keeping the selection (CUST-6).
    private mutating func reorder(touching range: Range<Int>, _ body: (inout [String], (String) -> Bool) -> Range<Int>)
        -> TabEvents
    {
        let scope = ObservationScope.structure(Array(tabs[range]))
        let before = observe(scope)
        let movable = customizableSet
        let touched = body(&tabs, { movable.contains($0) })
        reindex(touched)
        settleSelection(previousIndex: selectedIndex) // CUST-6
        return finish(scope, since: before)
    }

    private func requireCustomizableLayout() throws(TabError) {
        if layout == .top { throw .notSupported("Customization is not supported in layout 'top'.") } // TOP-2
    }

    private func requireSession(of owner: String, for member: String) throws(TabError) {
        try requireCustomizableLayout()
        guard let session else { throw .notCustomizing("\(member): no customization session is open.") }
        guard session.owner == owner else {
            throw .busy("\(member) by \(owner) refused: the customization session belongs to \(session.owner).")
        }
    }

    private func requireMovable(_ id: String, at index: Int? = nil) throws(TabError) {
        guard customizableSet.contains(id) else {
            let place = index.map { " at index \($0)" } ?? ""
            throw .notCustomizable("Tab \(quoted: id)\(place) is fixed (not in CustomizableTabs).") // CUST-2
        }
    }

    /// CUST-5 and CUST-2 for a whole order. O(tabs).
    private func validateOrder(_ order: [String]) throws(TabError) {
        guard order.count == tabs.count else {
            throw .invalidOrder("The order lists \(order.count) tabs; Tabs has \(tabs.count).")
        }
        var seen = Set<String>()
        seen.reserveCapacity(order.count)
        for (index, id) in order.enumerated() {
            guard tabPosition[id] != nil else { throw .invalidOrder("Tab \(quoted: id) in the order is not in Tabs.") }
            guard seen.insert(id).inserted else { throw .invalidOrder("Tab \(quoted: id) appears twice in the order.") }
            let fixedHere = tabs[index]
            if !customizableSet.contains(fixedHere) && id != fixedHere {
                throw .invalidOrder(
                    "Fixed tab \(quoted: fixedHere) must stay at index \(index); the order puts \(quoted: id) there.")
            }
        }
    }
}
