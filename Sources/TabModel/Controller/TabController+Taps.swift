/// User taps, decided in two steps so that the delegate can be asked without blocking
/// (TAP-1..8): `beginTap` validates and says whom to ask, `completeTap` re-checks and applies.
extension TabController {
    /// Validates a tap on `item` (a tab id or `@more`) and returns what to ask the delegate.
    /// Throws `InvalidArgument` (ID-1), `NoSuchTab` / `NoMore` / `NotReachable` (TAP-8),
    /// `Disabled` (ITEM-6, no delegate asked) or `Busy` during a customization session (TAP-6).
    /// Changes nothing. O(1).
    public func beginTap(_ item: String) throws(TabError) -> PendingTap {
        try TabIdentifier.validateItem(item)
        try checkTap(item)
        return PendingTap(item: item, delegate: delegate)
    }

    /// Decides a pending tap with the delegate's answer (`allowed`; for a timeout, pass
    /// `delegateTimeoutPolicy.allowsTap`). The tap is checked again against the state of this
    /// moment (TAP-7): a tab that left `Tabs` throws `NoSuchTab`, one now hidden `NotReachable`,
    /// disabled `Disabled`, a session now open `Busy`. A veto changes nothing and returns
    /// `selected: false`; otherwise the tap selects (TAP-1/3/4) and emits `DidSelect(item)`,
    /// also when the item was already selected (TAP-2). O(1).
    public mutating func completeTap(_ pending: PendingTap, allowed: Bool) throws(TabError) -> TapOutcome {
        try checkTap(pending.item)
        guard allowed else { return TapOutcome(selected: false, events: TabEvents()) }
        let item = pending.item
        if item == TabIdentifier.more { return TapOutcome(selected: true, events: tapMore()) }
        // TAP-3: tapping the tab already shown pops it to its root page before `DidSelect`.
        let reselect = selectedTab == item && !showsMoreList
        let scope = ObservationScope.selection(
            [selectedTab, item], tabProperties: [.selected, .accessibilityLabel, .page, .depth])
        let before = observe(scope)
        if reselect { runtime[catalogPosition[item]!].stack.removeSubrange(1...) }
        show(tab: item) // TAP-4: a More-list tab is shown inside More
        return TapOutcome(selected: true, events: finish(scope, since: before, signals: [.didSelect(item)]))
    }

    /// `Tap` without a delegate to ask (TAP-5): `beginTap` and `completeTap(allowed: true)` in one.
    public mutating func tap(_ item: String) throws(TabError) -> TapOutcome {
        let pending = try beginTap(item)
        return try completeTap(pending, allowed: true)
    }

    /// TAP-3 for `@more`: from the bar it shows More as it was left; from inside a More-list
    /// tab it returns to the list; on the list it stays.
    private mutating func tapMore() -> TabEvents {
        let insideMore = selectedTab.map { placement(of: $0) == .more } ?? false
        let resume = moreResumeTab.flatMap { placement(of: $0) == .more ? $0 : nil }
        let scope = ObservationScope.selection([selectedTab, resume])
        let before = observe(scope)
        if insideMore || showsMoreList {
            showMoreList()
        } else if let resume {
            show(tab: resume)
        } else {
            showMoreList()
        }
        return finish(scope, since: before, signals: [.didSelect(TabIdentifier.more)])
    }

    /// The checks of TAP-6/7/8 and ITEM-6, in that order of precedence: what the item is first,
    /// then whether a session blocks it.
    private func checkTap(_ item: String) throws(TabError) {
        if item == TabIdentifier.more {
            guard showsMore else { throw .noMore(noMoreMessage) } // TAP-8
        } else {
            guard let index = tabPosition[item] else { throw .noSuchTab(item) } // TAP-8
            guard placement(ofIndex: index) != .hidden else { throw .notReachable(item) } // TAP-8, TOP-1
            guard runtime[catalogPosition[item]!].enabled else { throw .disabled(item) } // ITEM-6
        }
        if let session {
            throw .busy("A customization session by \(session.owner) is open; \(quoted: item) cannot be tapped now.")
        } // TAP-6
    }
}
