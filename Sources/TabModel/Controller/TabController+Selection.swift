/// Programmatic selection: `Select`, `SelectIndex`, `SelectMore` (SEL-1..6). Never asks the
/// delegate and never emits `DidSelect` (SEL-1).
extension TabController {
    /// Shows tab `id`: from the bar, or inside More when it is in the More list (SEL-4).
    /// Throws `InvalidArgument` (ID-1), `NoSuchTab` when not in `Tabs` (SEL-2), `NotReachable`
    /// when hidden by layout `top` (TOP-1). Selecting the shown tab is a no-op (SEL-6). O(1).
    public mutating func select(_ id: String) throws(TabError) -> TabEvents {
        let index = try requireTab(id)
        return try selectValidated(id, index: index)
    }

    /// Shows the tab at `index` of `Tabs` (SEL-3/4). Throws `IndexOutOfRange` outside
    /// `0..<count` (a deliberate departure from UIKit, which ignores it) and `NotReachable`
    /// for a hidden tab. O(1).
    public mutating func selectIndex(_ index: Int) throws(TabError) -> TabEvents {
        guard tabs.indices.contains(index) else { throw .indexOutOfRange(index, count: tabs.count) }
        return try selectValidated(tabs[index], index: index)
    }

    /// Shows the More list itself (SEL-5). Throws `NoMore` without a More item (and always in
    /// layout `top`, TOP-2). O(1).
    public mutating func selectMore() throws(TabError) -> TabEvents {
        guard showsMore else { throw .noMore(noMoreMessage) }
        let scope = ObservationScope.selection([selectedTab])
        let before = observe(scope)
        showMoreList()
        return finish(scope, since: before)
    }

    private mutating func selectValidated(_ id: String, index: Int) throws(TabError) -> TabEvents {
        let placement = placement(ofIndex: index)
        guard placement != .hidden else { throw .notReachable(id) } // TOP-1
        return showSelecting(id, at: index, placedAt: placement) // SEL-6: empty when nothing changed
    }

    var noMoreMessage: String {
        layout == .top
            ? "There is no More item in layout 'top'."
            : "There is no More item: \(tabs.count) tabs fit MaxVisible \(maxVisible)."
    }
}
