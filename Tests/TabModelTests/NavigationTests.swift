import Testing

@testable import TabModel

@Suite("Navigation inside a tab")
struct NavigationTests {
    @Test("each tab has a stack whose bottom is its root page; Depth is its height (NAV-1)")
    func rootPage() throws {
        let definition = TabDefinition(id: "alarm", plugin: "clock", title: "Alarm", rootPage: "alarms")
        let controller = try TabController(catalog: [definition])
        #expect(controller.stack(of: "alarm") == ["alarms"])
        #expect(controller.value(of: .page, tab: "alarm") == .string("alarms"))
        #expect(controller.value(of: .depth, tab: "alarm") == .uint32(1))
    }

    @Test("Navigate pushes, Back pops (InvalidArgument at root), PopToRoot pops all; the plugin is told (NAV-2)")
    func pushPop() throws {
        var controller = try Fixture.controller(["a"])
        var events = try controller.navigate("a", to: "detail")
        #expect(events.navigation == [NavigationChange(tab: "a", page: "detail", depth: 2)])
        #expect(events.properties(of: "a") == [.page, .depth])
        #expect(events.durability == .volatile)
        _ = try controller.navigate("a", to: "more")
        events = try controller.back("a")
        #expect(controller.stack(of: "a") == ["main", "detail"])
        #expect(events.navigation.first?.page == "detail")
        _ = try controller.navigate("a", to: "x")
        _ = try controller.popToRoot("a")
        #expect(controller.stack(of: "a") == ["main"])
        expectError("InvalidArgument", mentioning: "a") { try controller.back("a") }
        #expect(try controller.popToRoot("a").isEmpty)
    }

    @Test("a stack deeper than 32, an empty page or an unknown action is InvalidArgument (NAV-2)")
    func navigationLimits() throws {
        var controller = try TabController(catalog: [
            TabDefinition(id: "a", plugin: "p", title: "A", actions: ["start"])
        ])
        for depth in 2...32 { _ = try controller.navigate("a", to: "p\(depth)") }
        expectError("InvalidArgument", mentioning: "p33") { try controller.navigate("a", to: "p33") }
        expectError("InvalidArgument") { try controller.navigate("a", to: "") }
        try controller.checkAction("a", "start")
        expectError("InvalidArgument", mentioning: "stop") { try controller.checkAction("a", "stop") }
        _ = try controller.setActions("a", to: ["start", "stop"])
        try controller.checkAction("a", "stop")
    }

    @Test("navigation, badges and content work for catalog tabs outside Tabs (NAV-2)")
    func outsideTabs() throws {
        var controller = try Fixture.media(showing: 2)
        #expect(controller.placement(of: "genres") == .none)
        _ = try controller.navigate("genres", to: "rock")
        _ = try controller.setBadge("genres", to: .dot)
        let events = try controller.contentChanged("genres")
        #expect(controller.value(of: .contentRevision, tab: "genres") == .uint64(1))
        #expect(events.properties(of: "genres") == [.contentRevision])
        #expect(!events.announces(.revision)) // ContentRevision does not move Revision
        expectError("NoSuchTab") { try controller.navigate("radio", to: "x") }
    }
}
