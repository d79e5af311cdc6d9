import Testing

@testable import TabModel

@Suite("10,000 tabs")
struct ScaleTests {
    @Test("10,000 tabs can be set, selected and customized (TABS-7)")
    func tenThousand() throws {
        let ids = Fixture.numbered(TabController.maximumTabs)
        var controller = try TabController(
            catalog: Fixture.definitions(ids), configuration: ControllerConfiguration(tabs: []))
        var events = try controller.setTabs(ids)
        #expect(controller.tabs.count == 10_000)
        #expect(controller.moreTabs.count == 10_000 - 4)
        #expect(events.durability == .structural)

        // Select touches only the tabs involved: the announcement names two tabs, not 10,000.
        events = try controller.select("t9999")
        #expect(controller.selectedIndex == 9_999)
        #expect(controller.selectedItem == "@more")
        #expect(events.tabProperties.map(\.tab) == ["t0", "t9999"])
        events = try controller.selectIndex(5_000)
        #expect(controller.selectedTab == "t5000")
        #expect(events.tabProperties.count == 2)

        _ = try controller.beginCustomizing(owner: ":1.1")
        _ = try controller.moveTab("t5000", to: 0, owner: ":1.1")
        _ = try controller.swapTabs("t9999", "t1", owner: ":1.1")
        let outcome = try controller.endCustomizing(owner: ":1.1")
        #expect(outcome.changed)
        #expect(controller.tabs.prefix(3) == ["t5000", "t0", "t9999"])
        #expect(controller.selectedItem == "t5000")
        #expect(controller.index(of: "t4999") == 5_000)

        let reversed = try controller.customize(Array(controller.tabs.reversed()))
        #expect(reversed.changed)
        #expect(controller.index(of: "t5000") == 9_999)

        _ = try controller.setTabs(Array(ids.prefix(5_000)))
        #expect(controller.tabs.count == 5_000)
        #expect(controller.selectedTab != nil)
        var copy = controller
        _ = try copy.restore(controller.snapshot())
        #expect(copy.snapshot() == controller.snapshot())
    }
}
