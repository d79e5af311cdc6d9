import Testing

@testable import TabModel

@Suite("Setting the tabs")
struct TabsTests {
    @Test("SetTabs takes catalog ids only, unique; an empty list is allowed (TABS-1)")
    func setTabsValidation() throws {
        var controller = try Fixture.media(showing: 3)
        let before = controller
        #expect(throws: TabError.noSuchTab("radio")) { try controller.setTabs(["songs", "radio"]) }
        expectError("InvalidArgument") { try controller.setTabs(["songs", "songs"]) }
        #expect(controller == before)
        _ = try controller.setTabs([])
        #expect(controller.tabs.isEmpty && controller.selectedTab == nil)
    }

    @Test("SetTabs keeps the same tab, else the same index, else index 0, none if empty (TABS-2)")
    func selectionPreserved() throws {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.select("songs")
        _ = try controller.setTabs(["genres", "songs", "artists"])
        #expect(controller.selectedTab == "songs")
        _ = try controller.setTabs(["genres", "videos", "artists"])
        #expect(controller.selectedTab == "videos") // same index 1
        _ = try controller.select("artists")
        _ = try controller.setTabs(["genres", "videos"])
        #expect(controller.selectedTab == "genres") // index 2 gone: index 0
        _ = try controller.setTabs([])
        #expect(controller.selectedTab == nil)
    }

    @Test("SetTabs keeps the More list shown while a More item exists, else selects index 0 (TABS-2)")
    func moreListPreserved() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.selectMore()
        _ = try controller.setTabs(Array(Fixture.media.reversed()))
        #expect(controller.shownContent == .moreList)
        _ = try controller.setTabs(["songs", "genres"])
        #expect(controller.selectedTab == "songs")
    }

    @Test("setting tabs resets CustomizableTabs to all tabs (TABS-3)")
    func customizableReset() throws {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.setCustomizable(["songs"])
        _ = try controller.setTabs(["songs", "genres"])
        #expect(controller.customizableTabs == ["songs", "genres"])
    }

    @Test("setting an identical list is a no-op and leaves the customizable set alone (TABS-4)")
    func identicalNoOp() throws {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.setCustomizable(["songs"])
        let revision = controller.revision
        #expect(try controller.setTabs(controller.tabs).isEmpty)
        #expect(controller.customizableTabs == ["songs"])
        #expect(controller.revision == revision)
    }

    @Test("setting tabs asks no delegate and emits no DidSelect (TABS-5)")
    func noSignals() throws {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.registerDelegate(owner: ":1.3", path: "/d")
        let events = try controller.setTabs(["genres"])
        #expect(events.signals.isEmpty)
        #expect(events.announces(.selectedTab))
    }

    @Test("AddTab and RemoveTab behave as SetTabs with the edited list (TABS-6)")
    func addRemove() throws {
        var controller = try Fixture.media(showing: 3)
        _ = try controller.addTab("genres", at: -1)
        _ = try controller.addTab("videos", at: 0)
        #expect(controller.tabs == ["videos", "playlists", "artists", "songs", "genres"])
        #expect(throws: TabError.indexOutOfRange(-2, count: 6)) { try controller.addTab("podcasts", at: -2) }
        #expect(throws: TabError.indexOutOfRange(6, count: 6)) { try controller.addTab("podcasts", at: 6) }
        expectError("InvalidArgument") { try controller.addTab("songs", at: 0) }
        #expect(throws: TabError.noSuchTab("podcasts")) { try controller.removeTab("podcasts") }
        _ = try controller.select("artists")
        _ = try controller.removeTab("artists")
        #expect(controller.selectedTab == "songs") // same index (TABS-2)
        #expect(controller.customizableTabs == controller.tabs) // TABS-3
    }

    @Test("more than 10,000 tabs is InvalidArgument (TABS-7)")
    func tabLimit() throws {
        let ids = Fixture.numbered(10_001)
        var controller = try TabController(
            catalog: Fixture.definitions(ids), configuration: ControllerConfiguration(tabs: []))
        expectError("InvalidArgument", mentioning: "10001") { try controller.setTabs(ids) }
        #expect(controller.tabs.isEmpty)
        _ = try controller.setTabs(Array(ids.prefix(10_000)))
        #expect(controller.tabs.count == 10_000)
    }
}
