import Testing

@testable import TabModel

@Suite("Layout top")
struct TopLayoutTests {
    private func topController() throws -> TabController {
        try Fixture.media(showing: 7, configuration: ControllerConfiguration(layout: .top))
    }

    @Test("layout top shows the first MaxVisible tabs and hides the rest, unreachable (TOP-1)")
    func hiddenOverflow() throws {
        var controller = try topController()
        #expect(controller.visibleTabs == Array(Fixture.media.prefix(5)))
        #expect(controller.hiddenTabs == ["audiobooks", "genres"])
        #expect(controller.moreTabs.isEmpty && !controller.showsMore)
        #expect(controller.string(.placement, "genres") == "hidden")
        #expect(throws: TabError.notReachable("genres")) { try controller.select("genres") }
        #expect(throws: TabError.notReachable("audiobooks")) { try controller.selectIndex(5) }
        #expect(throws: TabError.notReachable("genres")) { try controller.beginTap("genres") }
    }

    @Test("layout top refuses customization with NotSupported and SelectMore with NoMore (TOP-2)")
    func noCustomization() throws {
        var controller = try topController()
        #expect(!controller.canCustomize)
        #expect(throws: TabError.self) { try controller.beginCustomizing(owner: ":1.1") }
        expectError("NotSupported") { try controller.beginCustomizing(owner: ":1.1") }
        expectError("NotSupported") { try controller.customize(controller.tabs) }
        expectError("NotSupported") { try controller.moveTab("songs", to: 0, owner: ":1.1") }
        expectError("NotSupported") { try controller.swapTabs("songs", "artists", owner: ":1.1") }
        expectError("NoMore") { try controller.selectMore() }
    }

    @Test("a change that leaves the selected tab hidden selects index 0 (TOP-3)")
    func hiddenSelectionFallsBack() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("genres")
        _ = try controller.setLayout(.top)
        #expect(controller.selectedTab == "playlists")
        var top = try topController()
        _ = try top.select("podcasts")
        _ = try top.setMaxVisible(3)
        #expect(top.selectedIndex == 0)
    }
}
