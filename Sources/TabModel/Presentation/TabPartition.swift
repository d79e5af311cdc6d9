/// How `count` tabs fall into bar, More list and hidden tabs under a `MaxVisible` and a
/// layout (MORE-1, TOP-1): the one reckoning of the controller's bar and of every view's.
struct TabPartition {
    let count: Int
    let maxVisible: Int
    let layout: TabLayout

    /// How many tabs sit on the bar (the More item not counted). O(1).
    var barTabCount: Int {
        switch layout {
        case .bottom: count <= maxVisible ? count : maxVisible - 1 // MORE-1
        case .top: min(count, maxVisible) // TOP-1
        }
    }

    /// Whether the bar shows the More item (MORE-1; never in layout `top`, TOP-1). O(1).
    var showsMore: Bool { layout == .bottom && count > maxVisible }

    /// The number of bar items, the More item included. O(1).
    var barItemCount: Int { barTabCount + (showsMore ? 1 : 0) }

    /// Where the tab at `index` of `Tabs` is. O(1).
    func placement(ofIndex index: Int) -> Placement {
        if index < barTabCount { return .bar }
        return layout == .bottom ? .more : .hidden
    }

    /// Bar items of `tabs` in order, `@more` last when shown. O(bar).
    func items(of tabs: [String]) -> [String] {
        var items = Array(tabs.prefix(barTabCount))
        if showsMore { items.append(TabIdentifier.more) }
        return items
    }

    /// The tabs of `tabs` on the bar. O(bar).
    func visibleTabs(of tabs: [String]) -> [String] { Array(tabs.prefix(barTabCount)) }

    /// The tabs of `tabs` in the More list. O(tabs).
    func moreTabs(of tabs: [String]) -> [String] { layout == .bottom ? Array(tabs.dropFirst(barTabCount)) : [] }

    /// The tabs of `tabs` hidden by layout `top`. O(tabs).
    func hiddenTabs(of tabs: [String]) -> [String] { layout == .top ? Array(tabs.dropFirst(barTabCount)) : [] }
}
