/// The partition of `Tabs` into bar, More list and hidden tabs (MORE-1, TOP-1), and the
/// selection bookkeeping every structural change shares.
extension TabController {
    // MARK: Partition

    /// The partition of `Tabs` under the controller's own settings. O(1).
    var partition: TabPartition { partition(under: settings) }

    /// How many tabs sit on the bar (the More item not counted). O(1).
    public var barTabCount: Int { partition.barTabCount }

    /// Whether the bar shows the More item (MORE-1; never in layout `top`, TOP-1). O(1).
    public var showsMore: Bool { partition.showsMore }

    /// Bar items in order, `@more` last when shown (the bar's `Items`). O(bar).
    public var barItems: [String] { partition.items(of: tabs) }

    /// Tabs on the bar (`VisibleTabs`). O(bar).
    public var visibleTabs: [String] { partition.visibleTabs(of: tabs) }

    /// Tabs in the More list (`MoreTabs`). O(tabs).
    public var moreTabs: [String] { partition.moreTabs(of: tabs) }

    /// Tabs hidden by layout `top` (`HiddenTabs`). O(tabs).
    public var hiddenTabs: [String] { partition.hiddenTabs(of: tabs) }

    /// Where the tab at `index` of `Tabs` is. O(1).
    func placement(ofIndex index: Int) -> Placement { partition.placement(ofIndex: index) }

    /// Where a tab is (`Placement`), `.none` when not in `Tabs`. O(1).
    public func placement(of id: String) -> Placement {
        guard let index = tabPosition[id] else { return .none }
        return placement(ofIndex: index)
    }

    /// The position of `id` in `Tabs`, or nil. O(1).
    public func index(of id: String) -> Int? { tabPosition[id] }

    /// The customizable tabs in `Tabs` order (`CustomizableTabs`). O(tabs); O(1) when every
    /// tab is customizable, the default.
    public var customizableTabs: [String] { everyTabCustomizable ? tabs : tabs.filter { customizableSet.contains($0) } }

    /// Whether every tab in `Tabs` is customizable: the set is a subset of `Tabs` (CUST-1), so
    /// the same size means the same tabs, and no tab needs looking up. O(1).
    var everyTabCustomizable: Bool { customizableSet.count == tabs.count }

    /// CUST-1: layout `bottom` and a non-empty customizable set. O(1).
    public var canCustomize: Bool { layout == .bottom && !customizableSet.isEmpty }

    // MARK: Selection values

    /// `SelectedItem`: the highlighted bar item, `@more` while More (or a tab in it) is shown,
    /// empty when nothing is selected (SEL-4/5). O(1).
    public var selectedItem: String { selectedItem(under: partition, showingMore: showsMoreList) }

    /// `SelectedItem` when `tab` is shown, placed at `placement` (`.none` outside `Tabs`), or the
    /// More list when `moreList`; empty for a tab hidden in the presentation (VIEW-3: a view
    /// may hide the controller's selected tab). O(1).
    static func selectedItem(showing tab: String?, moreList: Bool, placedAt placement: Placement) -> String {
        if moreList { return TabIdentifier.more }
        guard let tab else { return "" }
        switch placement {
        case .more: return TabIdentifier.more
        case .hidden: return ""
        case .bar, .none: return tab
        }
    }

    /// `SelectedIndex`: the shown tab's index, -1 for the More list or nothing (MORE-3). O(1).
    public var selectedIndex: Int { selectedTab.flatMap { tabPosition[$0] } ?? -1 }

    /// What is shown now.
    public var shownContent: ShownContent {
        if let selectedTab { return .tab(selectedTab) }
        return showsMoreList ? .moreList : .nothing
    }

    // MARK: Mutation helpers

    /// Replaces `Tabs`, rebuilding the index map and ORI-2's cache. O(tabs).
    mutating func replaceTabs(with ids: [String]) {
        tabs = ids
        tabPosition = [:]
        tabPosition.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() { tabPosition[id] = index }
        recomputeOrientations()
    }

    /// Rebuilds the index map entries for `range` after an in-place reorder. O(range).
    mutating func reindex(_ range: Range<Int>) {
        for index in range { tabPosition[tabs[index]] = index }
    }

    /// ORI-2: the intersection over `Tabs`, all four with none. A current orientation that is
    /// no longer supported becomes the first supported one (ORI-4). O(tabs).
    mutating func recomputeOrientations() {
        var supported = Set(Orientation.allCases)
        for id in tabs {
            guard !supported.isEmpty else { break }
            if let position = catalogPosition[id] { supported.formIntersection(catalog[position].orientations) }
        }
        supportedOrientations = supported.sorted()
        if !supported.contains(orientation), let first = supportedOrientations.first {
            orientation = first
        }
    }

    /// Shows `id` (from the bar, or inside More when it is in the More list: SEL-4).
    mutating func show(tab id: String) {
        show(tab: id, placedAt: placement(of: id))
    }

    /// Shows `id`, whose placement the caller already knows: no second look-up of its position.
    mutating func show(tab id: String, placedAt placement: Placement) {
        selectedTab = id
        showsMoreList = false
        if placement == .more { moreResumeTab = id }
    }

    /// Shows the More list itself (SEL-5).
    mutating func showMoreList() {
        selectedTab = nil
        showsMoreList = true
        moreResumeTab = nil
    }

    /// Index 0, or nothing when `Tabs` is empty.
    mutating func selectFirstOrNothing() {
        if let first = tabs.first {
            show(tab: first)
        } else {
            selectedTab = nil
            showsMoreList = false
        }
    }

    /// After `Tabs`, `MaxVisible` or `Layout` changed: TABS-2, MORE-4/5, TOP-3, CUST-6, TAP-3.
    /// `previousIndex` is the shown tab's index before the change. O(1).
    mutating func settleSelection(previousIndex: Int) {
        // TAP-3: a remembered More-list tab that left the More list is forgotten, even if it
        // returns there later.
        if let resume = moreResumeTab, placement(of: resume) != .more { moreResumeTab = nil }
        if showsMoreList {
            if !showsMore { selectFirstOrNothing() } // MORE-5, TABS-2
            return
        }
        if let current = selectedTab, let index = tabPosition[current] {
            if placement(ofIndex: index) == .hidden {
                selectFirstOrNothing()
            } // TOP-3
            else {
                show(tab: current)
            } // MORE-4, CUST-6: shown from wherever it now is
            return
        }
        // TABS-2: the selected tab left (or nothing was selected).
        if previousIndex >= 0, previousIndex < tabs.count, placement(ofIndex: previousIndex) != .hidden {
            show(tab: tabs[previousIndex])
        } else {
            selectFirstOrNothing()
        }
    }

    /// The catalog definition of `id`, or nil. O(1).
    public func definition(of id: String) -> TabDefinition? {
        catalogPosition[id].map { catalog[$0] }
    }

    /// Throws `InvalidArgument` for a malformed id and `NoSuchTab` unless it is a catalog tab.
    public func requireCatalogTab(_ id: String) throws(TabError) {
        try TabIdentifier.validate(id)
        guard catalogPosition[id] != nil else { throw .noSuchTab(id) }
    }

    /// Throws `InvalidArgument` for a malformed id and `NoSuchTab` unless it is in `Tabs`;
    /// returns its index.
    func requireTab(_ id: String) throws(TabError) -> Int {
        try TabIdentifier.validate(id)
        guard let index = tabPosition[id] else { throw .noSuchTab(id) }
        return index
    }
}
