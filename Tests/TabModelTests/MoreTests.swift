import Testing

@testable import TabModel

@Suite("The More item")
struct MoreTests {
    @Test("5 tabs show 5 on the bar and no More item (MORE-1)")
    func fiveFit() throws {
        let controller = try Fixture.media(showing: 5)
        #expect(controller.visibleTabs == Array(Fixture.media.prefix(5)))
        #expect(!controller.showsMore)
        #expect(controller.moreTabs.isEmpty)
        #expect(controller.barItems.count == 5)
    }

    @Test("6 tabs show 4 plus More (MORE-1)")
    func sixOverflow() throws {
        let controller = try Fixture.media(showing: 6)
        #expect(controller.visibleTabs == Array(Fixture.media.prefix(4)))
        #expect(controller.moreTabs == ["podcasts", "audiobooks"])
        #expect(controller.barItems == Array(Fixture.media.prefix(4)) + ["@more"])
        #expect(controller.value(of: .showsMore) == .bool(true))
        #expect(controller.string(.placement, "audiobooks") == "more")
    }

    @Test("MaxVisible defaults to 5 and must be 2 to 64 (MORE-1)")
    func maxVisibleRange() throws {
        var controller = try Fixture.media(showing: 9)
        #expect(controller.maxVisible == 5)
        #expect(throws: TabError.self) { try controller.setMaxVisible(1) }
        #expect(throws: TabError.self) { try controller.setMaxVisible(65) }
        _ = try controller.setMaxVisible(2)
        #expect(controller.barItems == ["playlists", "@more"])
    }

    @Test("the More item is never one of Tabs, has no index and cannot be customized (MORE-2)")
    func moreIsNoTab() throws {
        var controller = try Fixture.media(showing: 7)
        #expect(!controller.tabs.contains("@more"))
        #expect(controller.index(of: "@more") == nil)
        #expect(controller.value(of: .tag, tab: "@more") == nil)
        #expect(throws: TabError.self) { try controller.setCustomizable(["@more"]) }
        _ = try controller.beginCustomizing(owner: ":1.1")
        #expect(throws: TabError.self) { try controller.moveTab("@more", to: 0, owner: ":1.1") }
        #expect(throws: TabError.self) { try controller.customize(["@more"]) }
    }

    @Test("SelectedIndex is -1 while the More list is shown or nothing is selected (MORE-3)")
    func indexWhileMoreShown() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.selectMore()
        #expect(controller.selectedIndex == -1)
        #expect(controller.value(of: .selectedIndex) == .int32(-1))
        let empty = try Fixture.media(showing: 0)
        #expect(empty.selectedIndex == -1)
        #expect(empty.selectedItem == "")
    }

    @Test("changing MaxVisible re-partitions and keeps the selected tab selected (MORE-4)")
    func maxVisibleKeepsSelection() throws {
        var controller = try Fixture.media(showing: 9)
        _ = try controller.select("songs") // index 2, on the bar
        var events = try controller.setMaxVisible(3) // bar: playlists, artists + More
        #expect(controller.selectedTab == "songs")
        #expect(controller.selectedItem == "@more")
        #expect(events.announces(.visibleTabs) && events.announces(.selectedItem) && !events.announces(.selectedTab))
        events = try controller.setMaxVisible(8)
        #expect(controller.selectedItem == "songs")
        #expect(events.announces(.moreTabs))
    }

    @Test("when a change removes the More item while the More list is shown, index 0 is selected (MORE-5)")
    func moreListLosesMore() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.selectMore()
        _ = try controller.setMaxVisible(7)
        #expect(!controller.showsMore)
        #expect(controller.selectedTab == "playlists")
        #expect(controller.selectedIndex == 0)
    }
}
