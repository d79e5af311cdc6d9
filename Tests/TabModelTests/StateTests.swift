import Testing

@testable import TabModel

@Suite("State preservation")
struct StateTests {
    private func catalog() -> [TabDefinition] {
        var definitions = Fixture.definitions(Fixture.media)
        definitions[1].restorationId = "artists-v1" // artists: a restoration id of its own
        definitions[2].restorationId = nil // songs: never restored
        return definitions
    }

    @Test("restoration ids default to the id; a tab without one comes back in its default configuration (STATE-1)")
    func restorationIds() throws {
        var controller = try TabController(catalog: catalog())
        #expect(controller.string(.restorationId, "playlists") == "playlists")
        #expect(controller.string(.restorationId, "artists") == "artists-v1")
        #expect(controller.string(.restorationId, "songs") == "")
        #expect(TabDefinition(id: "x", plugin: "p", title: "X", restoration: .never).restorationId == nil)
        _ = try controller.setBadge("songs", to: .text("9"))
        _ = try controller.setBadge("artists", to: .text("2"))
        _ = try controller.navigate("songs", to: "album")
        let saved = controller.snapshot()
        #expect(saved.tabStates.keys.sorted() == ["artists-v1"])
        var fresh = try TabController(catalog: catalog())
        _ = try fresh.restore(saved)
        #expect(fresh.badge(of: "songs") == nil)
        #expect(fresh.stack(of: "songs") == ["main"])
        #expect(fresh.badge(of: "artists") == .text("2"))
    }

    @Test(
        "a snapshot names Tabs and the customizable set in their order, by restoration id or else by id, whether every tab is customizable or some (STATE-1/2)"
    )
    func snapshotReferences() throws {
        var controller = try TabController(catalog: catalog())
        let order = Array(controller.tabs.reversed())
        _ = try controller.customize(order)
        func reference(_ id: String) -> TabReference {
            switch id {
            case "artists": TabReference(restorationId: "artists-v1")
            case "songs": TabReference(id: "songs")
            default: TabReference(restorationId: id)
            }
        }
        let every = controller.snapshot()
        #expect(every.tabs == order.map(reference))
        #expect(every.customizable == every.tabs)
        #expect(every.catalog == controller.catalog.map(\.id).map(reference))
        _ = try controller.setCustomizable(["genres", "songs"])
        let some = controller.snapshot()
        #expect(some.tabs == every.tabs)
        #expect(some.customizable == order.filter { $0 == "genres" || $0 == "songs" }.map(reference))
        _ = try controller.select("artists")
        #expect(controller.snapshot().selectedTab == reference("artists"))
    }

    @Test("the selection is restored by restoration id, order and customizable set as last set (STATE-2)")
    func restoreByRestorationId() throws {
        var controller = try TabController(catalog: catalog())
        _ = try controller.customize([
            "genres", "artists", "playlists", "songs", "videos", "podcasts", "audiobooks", "composers", "compilations",
        ])
        _ = try controller.setCustomizable(["genres", "artists"])
        _ = try controller.select("artists")
        let saved = controller.snapshot()
        // A new start: the plugin now lists its tabs differently and compilations is gone.
        var reordered = catalog().filter { $0.id != "compilations" }
        reordered.swapAt(0, 4)
        var restarted = try TabController(catalog: reordered)
        let outcome = try restarted.restore(saved)
        #expect(
            restarted.tabs == [
                "genres", "artists", "playlists", "songs", "videos", "podcasts", "audiobooks", "composers",
            ])
        #expect(restarted.customizableTabs == ["genres", "artists"])
        #expect(restarted.selectedTab == "artists")
        #expect(outcome.notes.isEmpty)
        #expect(outcome.events.durability == .structural)
    }

    @Test(
        "a configured setting that changed since the save wins and is noted; unchanged ones keep runtime values (STATE-2)"
    )
    func configurationWins() throws {
        let configuration = ControllerConfiguration(tabs: ["playlists", "artists", "songs", "videos"])
        var controller = try TabController(catalog: catalog(), configuration: configuration)
        _ = try controller.removeTab("songs") // a removed tab stays removed while the configuration is unchanged
        _ = try controller.setMaxVisible(3)
        let saved = controller.snapshot()

        var same = try TabController(catalog: catalog(), configuration: configuration)
        _ = try same.restore(saved)
        #expect(same.tabs == ["playlists", "artists", "videos"])
        #expect(same.maxVisible == 3)

        var changed = configuration
        changed.tabs = ["songs", "genres"]
        changed.maxVisible = 4
        var reconfigured = try TabController(catalog: catalog(), configuration: changed)
        let outcome = try reconfigured.restore(saved)
        #expect(reconfigured.tabs == ["songs", "genres"])
        #expect(reconfigured.maxVisible == 4)
        #expect(outcome.notes.count == 2)
        #expect(outcome.notes.contains { $0.contains("tabs") })
        #expect(outcome.notes.contains { $0.contains("max_visible") })
    }

    @Test(
        "with no configured tabs, tabs new to the catalog join the restored order; departed ones are dropped (STATE-2)")
    func newCatalogTabsJoin() throws {
        var controller = try TabController(catalog: catalog())
        _ = try controller.removeTab("videos")
        _ = try controller.customize(Array(controller.tabs.reversed()))
        let saved = controller.snapshot()
        var grown = catalog().filter { $0.id != "genres" }
        grown.append(TabDefinition(id: "radio", plugin: "media", title: "Radio"))
        var restarted = try TabController(catalog: grown)
        _ = try restarted.restore(saved)
        let expected = [
            "compilations", "composers", "audiobooks", "podcasts", "songs", "artists", "playlists", "radio",
        ]
        #expect(restarted.tabs == expected) // videos stays removed, genres is gone, radio joins
        #expect(restarted.customizableTabs == expected)
    }

    @Test("badges, badge colors, stacks and runtime settings of restorable tabs are restored (STATE-3)")
    func runtimeRestored() throws {
        var controller = try TabController(catalog: catalog())
        _ = try controller.setBadge("playlists", to: .dot)
        _ = try controller.setBadgeColor("playlists", to: "#00FF00")
        _ = try controller.navigate("genres", to: "jazz")
        _ = try controller.set(.barStyle, to: .string("black"))
        _ = try controller.setLayout(.top)
        _ = try controller.setLocale("fr_FR")
        let saved = controller.snapshot()
        var restarted = try TabController(catalog: catalog())
        _ = try restarted.restore(saved)
        #expect(restarted.badge(of: "playlists") == .dot)
        #expect(restarted.string(.badgeColor, "playlists") == "#00FF00")
        #expect(restarted.stack(of: "genres") == ["main", "jazz"])
        #expect(restarted.appearance.barStyle == .black)
        #expect(restarted.layout == .top)
        #expect(restarted.locale == "fr_FR")
        // A plugin that sets its own badge when it starts wins: it simply comes later.
        _ = try restarted.setBadge("playlists", to: .text("1"))
        #expect(restarted.badge(of: "playlists") == .text("1"))
    }

    @Test("restoring a snapshot of an unknown version is refused and changes nothing (STATE-2)")
    func unknownVersion() throws {
        var controller = try TabController(catalog: catalog())
        var saved = controller.snapshot()
        saved.formatVersion = 99
        let before = controller
        expectError("InvalidArgument", mentioning: "99") { try controller.restore(saved) }
        #expect(controller == before)
    }

    @Test(
        "structural changes are durable before the reply, selection, badges and navigation within the interval (STATE-4)"
    )
    func durabilityClasses() throws {
        var controller = try Fixture.media(showing: 7)
        #expect(try controller.select("songs").durability == .volatile)
        #expect(try controller.setBadge("songs", to: .dot).durability == .volatile)
        #expect(try controller.navigate("songs", to: "x").durability == .volatile)
        #expect(try controller.setTabs(["songs", "genres"]).durability == .structural)
        #expect(try controller.setCustomizable(["songs"]).durability == .structural)
        #expect(try controller.set(.translucent, to: .bool(false)).durability == .structural)
        #expect(try controller.setLayout(.top).durability == .structural)
        #expect(try controller.setMaxVisible(3).durability == .structural)
        #expect(try controller.setEnabled("songs", false).durability == .none)
        #expect(try controller.registerDelegate(owner: ":1.1", path: "/d").durability == .none)
        #expect(try controller.contentChanged("songs").durability == .none)
    }

    @Test("Reset returns everything to the configuration and releases the delegate (STATE-5)")
    func reset() throws {
        let configuration = ControllerConfiguration(
            tabs: Array(Fixture.media.prefix(7)), selected: "songs", maxVisible: 6, locale: "de_DE")
        var controller = try TabController(catalog: catalog(), configuration: configuration)
        let pristine = controller
        _ = try controller.customize(Array(controller.tabs.reversed()))
        _ = try controller.setCustomizable(["genres"])
        _ = try controller.setBadge("genres", to: .text("3"))
        _ = try controller.setBadgeColor("genres", to: "#123456")
        _ = try controller.setEnabled("genres", false)
        _ = try controller.navigate("genres", to: "rock")
        _ = try controller.set(.tintColor, to: .string("#FF00FF"))
        _ = try controller.setLocale("en_US")
        _ = try controller.setMaxVisible(3)
        _ = try controller.setDelegateTimeout(milliseconds: 50)
        _ = try controller.registerDelegate(owner: ":1.2", path: "/d")
        _ = try controller.beginCustomizing(owner: ":1.2")
        let events = controller.reset()
        #expect(events.releasedDelegate == DelegateRegistration(owner: ":1.2", path: "/d"))
        #expect(events.signals.map(\.member) == ["WillEndCustomizing", "DidEndCustomizing"])
        var expected = pristine
        expected.revision = controller.revision
        #expect(controller == expected)
    }

    @Test(
        "a tab without a restoration id is never restored as the selection; the configured tab is selected (STATE-1, SEL-7)"
    )
    func unrestorableSelectionFallsThrough() throws {
        var definitions = Fixture.definitions(["alarm", "timer", "clock"], plugin: "clock")
        definitions[1].restorationId = nil // timer: never restored
        let configuration = ControllerConfiguration(selected: "alarm")
        var controller = try TabController(catalog: definitions, configuration: configuration)
        _ = try controller.customize(["timer", "clock", "alarm"])
        _ = try controller.select("timer")
        let saved = controller.snapshot()
        var restarted = try TabController(catalog: definitions, configuration: configuration)
        _ = try restarted.restore(saved)
        #expect(restarted.selectedTab == "alarm")
        #expect(restarted.tabs == ["timer", "clock", "alarm"]) // it keeps its place in the order

        var unconfigured = try TabController(catalog: definitions)
        _ = try unconfigured.customize(["timer", "clock", "alarm"])
        _ = try unconfigured.select("timer")
        var fresh = try TabController(catalog: definitions)
        _ = try fresh.restore(unconfigured.snapshot())
        #expect(fresh.selectedTab == "timer") // no configured tab: index 0, which happens to be it
        _ = try unconfigured.select("clock")
        _ = try fresh.restore(unconfigured.snapshot())
        #expect(fresh.selectedTab == "clock")
    }
}
