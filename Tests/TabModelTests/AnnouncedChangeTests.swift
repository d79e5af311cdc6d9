import Testing

@testable import TabModel

/// The whole `TabEvents` of the requests that run most often, `Select` and `SetBadge`: every
/// property announced and no other, the durability, the shown-content transition, and
/// `Revision` moved exactly once. Seven media tabs at MaxVisible 5 put playlists, artists,
/// songs and videos on the bar and podcasts, audiobooks and genres in the More list.
@Suite("What a selection and a badge change announce")
struct AnnouncedChangeTests {
    /// The events of a request that changed the given properties.
    private func events(
        controller: [ControllerProperty], tabs: [(String, [TabProperty])], bar: [BarProperty],
        selection: SelectionTransition?, durability: Durability
    ) -> TabEvents {
        var events = TabEvents()
        events.controllerProperties = controller
        events.tabProperties = tabs.map { TabPropertyChanges(tab: $0.0, properties: $0.1) }
        events.barProperties = bar
        events.selection = selection
        events.durability = durability
        return events
    }

    /// Runs `request` on `controller` and expects `expected` and one step of `Revision`.
    private func expect(
        _ controller: inout TabController, _ expected: TabEvents,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ request: (inout TabController) throws -> TabEvents
    ) throws {
        let revision = controller.revision
        let announced = try request(&controller)
        #expect(announced == expected, sourceLocation: sourceLocation)
        #expect(controller.revision == revision + 1, sourceLocation: sourceLocation)
    }

    @Test(
        "selecting another bar tab announces the selection, both tabs' Selected and labels, and the bar's SelectedItem (SEL-1)"
    )
    func barToBar() throws {
        var controller = try Fixture.media(showing: 7)
        try expect(
            &controller,
            events(
                controller: [.selectedItem, .selectedTab, .selectedIndex, .revision],
                tabs: [
                    ("playlists", [.selected, .accessibilityLabel]), ("artists", [.selected, .accessibilityLabel]),
                ],
                bar: [.selectedItem], selection: SelectionTransition(from: .tab("playlists"), to: .tab("artists")),
                durability: .volatile)
        ) { try $0.select("artists") }
    }

    @Test(
        "selecting a More-list tab from the bar moves SelectedItem to More; the new tab's label, its title, stays, and the More item's label says it is selected (SEL-4, A11Y-1, MORE-6)"
    )
    func barToMoreList() throws {
        var controller = try Fixture.media(showing: 7)
        try expect(
            &controller,
            events(
                controller: [.moreAccessibilityLabel, .selectedItem, .selectedTab, .selectedIndex, .revision],
                tabs: [("playlists", [.selected, .accessibilityLabel]), ("audiobooks", [.selected])],
                bar: [.selectedItem], selection: SelectionTransition(from: .tab("playlists"), to: .tab("audiobooks")),
                durability: .volatile)
        ) { try $0.select("audiobooks") }
    }

    @Test("selecting one More-list tab after another keeps SelectedItem at More and touches no label (SEL-4)")
    func moreListToMoreList() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("podcasts")
        try expect(
            &controller,
            events(
                controller: [.selectedTab, .selectedIndex, .revision],
                tabs: [("podcasts", [.selected]), ("audiobooks", [.selected])],
                bar: [], selection: SelectionTransition(from: .tab("podcasts"), to: .tab("audiobooks")),
                durability: .volatile)
        ) { try $0.selectIndex(5) }
    }

    @Test(
        "selecting a bar tab from inside More announces the bar's SelectedItem, the new tab's label and the More item's (SEL-4, A11Y-1, MORE-6)"
    )
    func moreListToBar() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("genres")
        try expect(
            &controller,
            events(
                controller: [.moreAccessibilityLabel, .selectedItem, .selectedTab, .selectedIndex, .revision],
                tabs: [("genres", [.selected]), ("videos", [.selected, .accessibilityLabel])],
                bar: [.selectedItem], selection: SelectionTransition(from: .tab("genres"), to: .tab("videos")),
                durability: .volatile)
        ) { try $0.select("videos") }
    }

    @Test(
        "SelectMore from a bar tab announces the selection, the old tab, the bar's SelectedItem and the More item's label (SEL-5, MORE-6)"
    )
    func barToMoreListItself() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("songs")
        try expect(
            &controller,
            events(
                controller: [.moreAccessibilityLabel, .selectedItem, .selectedTab, .selectedIndex, .revision],
                tabs: [("songs", [.selected, .accessibilityLabel])],
                bar: [.selectedItem], selection: SelectionTransition(from: .tab("songs"), to: .moreList),
                durability: .volatile)
        ) { try $0.selectMore() }
    }

    @Test("SelectMore from a More-list tab leaves SelectedItem at More (SEL-5)")
    func moreListTabToMoreListItself() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("genres")
        try expect(
            &controller,
            events(
                controller: [.selectedTab, .selectedIndex, .revision],
                tabs: [("genres", [.selected])],
                bar: [], selection: SelectionTransition(from: .tab("genres"), to: .moreList),
                durability: .volatile)
        ) { try $0.selectMore() }
    }

    @Test("selecting a More-list tab while the More list is shown announces only the tab's selection (SEL-4/5)")
    func moreListItselfToMoreListTab() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.selectMore()
        try expect(
            &controller,
            events(
                controller: [.selectedTab, .selectedIndex, .revision],
                tabs: [("podcasts", [.selected])],
                bar: [], selection: SelectionTransition(from: .moreList, to: .tab("podcasts")),
                durability: .volatile)
        ) { try $0.select("podcasts") }
    }

    @Test("in layout top, selecting another tab announces both tabs and the bar's SelectedItem (TOP-1, SEL-1)")
    func topLayout() throws {
        var controller = try Fixture.media(showing: 7, configuration: ControllerConfiguration(layout: .top))
        try expect(
            &controller,
            events(
                controller: [.selectedItem, .selectedTab, .selectedIndex, .revision],
                tabs: [
                    ("playlists", [.selected, .accessibilityLabel]), ("videos", [.selected, .accessibilityLabel]),
                ],
                bar: [.selectedItem], selection: SelectionTransition(from: .tab("playlists"), to: .tab("videos")),
                durability: .volatile)
        ) { try $0.select("videos") }
    }

    @Test("selecting the shown tab or the shown More list announces nothing and keeps Revision (SEL-6)")
    func reselection() throws {
        var controller = try Fixture.media(showing: 7)
        let revision = controller.revision
        #expect(try controller.select("playlists") == TabEvents())
        #expect(try controller.selectIndex(0) == TabEvents())
        _ = try controller.selectMore()
        #expect(try controller.selectMore() == TabEvents())
        #expect(controller.revision == revision + 1)
    }

    @Test(
        "setting, changing and clearing a badge announce exactly the badge properties that differ, volatile (ITEM-4, STATE-4)"
    )
    func badge() throws {
        var controller = try Fixture.media(showing: 7)
        try expect(
            &controller,
            events(
                controller: [.revision], tabs: [("genres", [.hasBadge, .badgeValue])], bar: [],
                selection: nil, durability: .volatile)
        ) { try $0.setBadge("genres", to: .text("3")) }
        try expect(
            &controller,
            events(
                controller: [.revision], tabs: [("genres", [.badgeValue])], bar: [],
                selection: nil, durability: .volatile)
        ) { try $0.setBadge("genres", to: .text("4")) }
        try expect(
            &controller,
            events(
                controller: [.revision], tabs: [("genres", [.badgeValue])], bar: [],
                selection: nil, durability: .volatile)
        ) { try $0.setBadge("genres", to: .dot) }
        try expect(
            &controller,
            events(
                controller: [.revision], tabs: [("genres", [.hasBadge])], bar: [],
                selection: nil, durability: .volatile)
        ) { try $0.setBadge("genres", to: nil) }
    }

    @Test("setting the badge a tab already has announces nothing and keeps Revision (ITEM-4)")
    func sameBadge() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.setBadge("compilations", to: .text("7")) // in the catalog, not in Tabs
        let revision = controller.revision
        #expect(try controller.setBadge("compilations", to: .text("7")) == TabEvents())
        #expect(try controller.setBadge("playlists", to: nil) == TabEvents())
        #expect(controller.revision == revision)
    }
}
