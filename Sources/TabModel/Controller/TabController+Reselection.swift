/// VIEW-6: a presentation brought up to a new selection without being made anew. A change of
/// the selection alone (`PresentationChange.selection`) moves `SelectedItem`, the labels of
/// the tabs selected before and now, and `MoreAccessibilityLabel`; every other value stays.
extension TabController {
    /// `earlier` brought up to the selection now, when only the selection changed since it was
    /// made: what `presentation(with:showingMore:)` answers with `earlier`'s settings and
    /// More list, and the properties that differ from `earlier`, in declaration order. O(1)
    /// but for the copy of the labels when one changes (O(tabs)).
    public func reselected(_ earlier: Presentation) -> (presentation: Presentation, changes: [PresentationProperty]) {
        var now = earlier
        var changes: [PresentationProperty] = []
        let partition = partition(under: earlier.settings)
        now.selectedTab = selectedTab
        now.selectedItem = selectedItem(under: partition, showingMore: earlier.showingMore)
        if now.selectedItem != earlier.selectedItem { changes.append(.selectedItem) }
        var labelChanged = false
        for id in [earlier.selectedTab, selectedTab] {
            guard let id, let index = tabPosition[id], partition.placement(ofIndex: index) == .bar else { continue }
            let label = reading(id) { tab in
                accessibilityLabelInputs(
                    of: id, at: index, definition: tab.definition, state: tab.state, under: earlier.settings,
                    partition: partition, showingMore: earlier.showingMore
                ).label
            }
            guard let label, label != now.accessibilityLabels[id] else { continue }
            now.accessibilityLabels[id] = label
            labelChanged = true
        }
        if labelChanged { changes.append(.accessibilityLabels) }
        if (now.selectedItem == TabIdentifier.more) != (earlier.selectedItem == TabIdentifier.more) {
            now.moreAccessibilityLabel = moreAccessibilityLabel(
                under: earlier.settings, partition: partition, selectedItem: now.selectedItem)
            if now.moreAccessibilityLabel != earlier.moreAccessibilityLabel { changes.append(.moreAccessibilityLabel) }
        }
        return (now, changes)
    }
}
