/// VIEW-2/3: the presentation as a pure function of the model and a frontend's settings. The
/// controller's own properties (`VisibleTabs`, `SelectedItem`, each tab's `Title` and
/// `AccessibilityLabel`, `MoreAccessibilityLabel` …) are this function with the controller's
/// settings and its More list, so MORE, TOP, ORI, L10N and A11Y hold for every view as they
/// hold for the controller.
extension TabController {
    /// The partition of `Tabs` under `settings`. O(1).
    func partition(under settings: PresentationSettings) -> TabPartition {
        TabPartition(count: tabs.count, maxVisible: settings.maxVisible, layout: settings.layout)
    }

    /// The controller's own presentation. O(tabs).
    public var presentation: Presentation { presentation(with: settings, showingMore: showsMoreList) }

    /// The shared model presented with `settings`, showing the More list itself when
    /// `showingMore` and the presentation has a More item (VIEW-3: it ends when the More item
    /// goes away). Selection, tabs, titles and badges are the model's. O(tabs).
    public func presentation(with settings: PresentationSettings, showingMore: Bool) -> Presentation {
        let partition = partition(under: settings)
        let showingMore = showingMore && partition.showsMore
        let selectedItem = selectedItem(under: partition, showingMore: showingMore)
        var titles: [String: String] = [:]
        var labels: [String: String] = [:]
        titles.reserveCapacity(tabs.count)
        labels.reserveCapacity(tabs.count)
        for (index, id) in tabs.enumerated() {
            reading(id) { tab in
                let inputs = accessibilityLabelInputs(
                    of: id, at: index, definition: tab.definition, state: tab.state,
                    under: settings, partition: partition, showingMore: showingMore)
                titles[id] = inputs.title
                labels[id] = inputs.label
            }
        }
        var effective = settings
        effective.orientation = supportedOrientation(settings.orientation)
        return Presentation(
            items: partition.items(of: tabs), visibleTabs: partition.visibleTabs(of: tabs),
            moreTabs: partition.moreTabs(of: tabs), hiddenTabs: partition.hiddenTabs(of: tabs),
            showsMore: partition.showsMore, selectedItem: selectedItem, showingMore: showingMore,
            titles: titles, accessibilityLabels: labels, moreTitle: MoreItem.title(language: settings.language),
            moreAccessibilityLabel: moreAccessibilityLabel(
                under: settings, partition: partition, selectedItem: selectedItem),
            settings: effective, selectedTab: selectedTab)
    }

    /// ORI-4: `wanted` while every tab supports it, else the first supported orientation. O(1).
    public func supportedOrientation(_ wanted: Orientation) -> Orientation {
        guard !supportedOrientations.contains(wanted), let first = supportedOrientations.first else { return wanted }
        return first
    }

    /// `SelectedItem` under `partition` (SEL-4/5, VIEW-3): `@more` while the More list itself is
    /// shown or the selected tab is in the More list, empty while it is hidden or nothing is
    /// selected. O(1).
    func selectedItem(under partition: TabPartition, showingMore: Bool) -> String {
        Self.selectedItem(
            showing: selectedTab, moreList: showingMore,
            placedAt: selectedTab.flatMap { tabPosition[$0] }.map(partition.placement(ofIndex:)) ?? .none)
    }

    /// MORE-6: the More item's A11Y-1 label, the last bar position, selected while
    /// `selectedItem` is `@more`; empty while there is no More item. O(1).
    func moreAccessibilityLabel(under settings: PresentationSettings, partition: TabPartition, selectedItem: String)
        -> String
    {
        guard partition.showsMore else { return "" }
        let count = partition.barItemCount
        return AccessibilityPhrasing(language: settings.language)
            .label(
                title: MoreItem.title(language: settings.language), selected: selectedItem == TabIdentifier.more,
                position: count, count: count)
    }

    /// The title of the catalog tab with the definition at `definition` and the state at
    /// `state` in the locale of `chain` (ITEM-2/3, L10N-1).
    static func title(
        of definition: UnsafePointer<TabDefinition>, state: UnsafePointer<TabRuntime>, in chain: LocaleChain
    ) -> String {
        // ITEM-3
        if let systemItem = definition.pointee.systemItem { return systemItem.title(language: chain.language) }
        if let title = state.pointee.title { return title }
        return chain.pick(definition.pointee.localizedTitles) ?? definition.pointee.title // L10N-1, ITEM-2
    }

    /// What the A11Y-1 label of tab `id` is made from under `settings`: bar tabs say their
    /// position among the bar items (More included), selected unless the More list itself is
    /// shown; others their title. `position` is the tab's index in `Tabs`, nil when it is not
    /// there.
    func accessibilityLabelInputs(
        of id: String, at position: Int?, definition: UnsafePointer<TabDefinition>,
        state: UnsafePointer<TabRuntime>, under settings: PresentationSettings,
        partition: TabPartition, showingMore: Bool
    ) -> AccessibilityLabelInputs {
        let title = Self.title(of: definition, state: state, in: settings.localeChain)
        guard let index = position, partition.placement(ofIndex: index) == .bar else {
            return AccessibilityLabelInputs(title: title, place: nil)
        }
        let place = AccessibilityLabelInputs.BarPlace(
            position: index + 1, count: partition.barItemCount,
            selected: selectedTab == id && !showingMore,
            phrasing: AccessibilityPhrasing(language: settings.language))
        return AccessibilityLabelInputs(title: title, place: place)
    }
}
