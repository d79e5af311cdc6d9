/// What a programmatic selection announces, worked out from the selection before and after it
/// instead of by observing the selection scope twice (`ObservationScope.selection`), whose
/// difference it equals exactly: the same events in the same order (SelectionChangeTests
/// compares the two over random controllers and every tab).
///
/// Why a selection of its own: `Select` is the request callers make most, and observing its
/// scope read ten values twice over, each tab looked up twice and the shown one three more
/// times, in a dozen lists made only to be compared once. A selection changes no structure:
/// every tab keeps its position, its placement and its title. So only what reads `SelectedTab`
/// or whether the More list is shown can change: the controller's `SelectedItem`, `SelectedTab`
/// and `SelectedIndex`, the bar's `SelectedItem`, and `Selected` and, for a bar tab, the
/// `AccessibilityLabel` (A11Y-1: it says whether the tab is selected) of the tab shown before
/// and of the one shown after, and the More item's label when the More item's selection changes
/// (MORE-6).
extension TabController {
    /// Shows tab `id`, which is at `index` of `Tabs` and placed at `placement` (never hidden),
    /// and returns what changed (SEL-1..6; empty when it was shown already). O(1).
    mutating func showSelecting(_ id: String, at index: Int, placedAt placement: Placement) -> TabEvents {
        let before = selectedTab
        let moreListBefore = showsMoreList
        let shownBefore = shownContent
        // Where the tab shown before is: it is `id`, or it is looked up once.
        let indexBefore = before == id ? index : before.flatMap { tabPosition[$0] }
        let placementBefore = indexBefore.map { self.placement(ofIndex: $0) } ?? Placement.none
        let itemBefore = Self.selectedItem(showing: before, moreList: moreListBefore, placedAt: placementBefore)
        show(tab: id, placedAt: placement)
        let itemAfter = Self.selectedItem(showing: id, moreList: false, placedAt: placement)
        let itemChanged = itemBefore != itemAfter

        var events = TabEvents()
        // MORE-6: the More item's label says whether it is selected, first in the controller's order.
        if showsMore && (itemBefore == TabIdentifier.more) != (itemAfter == TabIdentifier.more) {
            events.controllerProperties.append(.moreAccessibilityLabel, roomFor: 5)
        }
        if itemChanged { events.controllerProperties.append(.selectedItem, roomFor: 4) } // and `Revision`
        if (before ?? "") != id { events.controllerProperties.append(.selectedTab, roomFor: 3) }
        if (indexBefore ?? -1) != index { events.controllerProperties.append(.selectedIndex, roomFor: 2) }
        if !events.controllerProperties.isEmpty { events.durability = .volatile }
        // The tab shown before, unless it is shown still: no longer `Selected`; a bar tab's
        // label said it was selected unless the More list was shown. A tab outside the catalog
        // has no properties, and `Tabs` holds only catalog tabs.
        if let before, before != id, indexBefore != nil || catalogPosition[before] != nil {
            let changed: [TabProperty] =
                placementBefore == .bar && !moreListBefore ? [.selected, .accessibilityLabel] : [.selected]
            events.tabProperties.append(TabPropertyChanges(tab: before, properties: changed), roomFor: 2)
        }
        // The tab shown now: `Selected` unless it was; a bar tab's label says it is selected
        // unless it said so already.
        var changed: [TabProperty] = []
        if before != id { changed.append(.selected, roomFor: 2) }
        if placement == .bar && !(before == id && !moreListBefore) { changed.append(.accessibilityLabel, roomFor: 1) }
        if !changed.isEmpty {
            events.tabProperties.append(TabPropertyChanges(tab: id, properties: changed), roomFor: 1)
        }
        // BAR-1: the controller's bar shows the same selected item.
        if itemChanged { events.barProperties.append(.selectedItem) }
        if shownBefore != .tab(id) { events.selection = SelectionTransition(from: shownBefore, to: .tab(id)) }
        if !events.controllerProperties.isEmpty || !events.tabProperties.isEmpty { moveRevision(announcingIn: &events) }
        return events
    }
}
