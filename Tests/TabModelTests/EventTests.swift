import Foundation
import Testing

@testable import TabModel

@Suite("Events, revision, catalog and delegate")
struct EventTests {
    @Test("Revision moves once per announced change and never for a no-op or ContentRevision")
    func revision() throws {
        var controller = try Fixture.media(showing: 7)
        let start = controller.revision
        _ = try controller.select("songs")
        #expect(controller.revision == start + 1)
        _ = try controller.select("songs")
        _ = try controller.contentChanged("songs")
        _ = try controller.setBadge("genres", to: nil)
        #expect(controller.revision == start + 1)
        let events = try controller.setBadge("genres", to: .text("4"))
        #expect(events.controllerProperties == [.revision])
        #expect(events.properties(of: "genres") == [.hasBadge, .badgeValue])
        #expect(controller.value(of: .revision) == .uint64(start + 2))
    }

    @Test("a runtime title is announced with the accessibility label it changes")
    func titleChange() throws {
        var controller = try Fixture.media(showing: 3)
        let events = try controller.setTitle("songs", to: "Tracks")
        #expect(events.properties(of: "songs") == [.title, .accessibilityLabel])
        #expect(controller.string(.accessibilityLabel, "songs") == "Tracks, three of three")
    }

    @Test("replacing the catalog removes departed tabs from Tabs and lists added and removed tab objects")
    func catalogReplacement() throws {
        var controller = try TabController(catalog: Fixture.definitions(Fixture.media))
        _ = try controller.select("genres")
        _ = try controller.setBadge("songs", to: .dot)
        var catalog = Fixture.definitions(Fixture.media).filter { $0.id != "genres" }
        catalog += Fixture.definitions(["world-clock"], plugin: "clock")
        let events = try controller.replaceCatalog(catalog)
        #expect(events.catalogRemoved == ["genres"])
        #expect(events.catalogAdded == ["world-clock"])
        #expect(!controller.tabs.contains("genres"))
        #expect(controller.tabs.last == "world-clock") // the configuration lists no tabs of its own
        #expect(controller.selectedTab == "composers") // same index (TABS-2)
        #expect(controller.badge(of: "songs") == .dot)
        #expect(controller.value(of: .title, tab: "genres") == nil)
        #expect(events.announces(.availableTabs))
    }

    @Test(
        "replacing the catalog keeps each staying tab's runtime state wherever the tab moves in it; a joining tab starts fresh"
    )
    func catalogReplacementKeepsStatePerTab() throws {
        var controller = try TabController(catalog: Fixture.definitions(Fixture.media))
        _ = try controller.setBadge("playlists", to: .text("1"))
        _ = try controller.setBadgeColor("artists", to: "#00ff00")
        _ = try controller.setEnabled("songs", false)
        _ = try controller.navigate("composers", to: "detail")
        _ = try controller.setTitle("compilations", to: "Mixes")
        // Reversed, one tab gone from the front half and one joining: every staying tab moves.
        var catalog = Array(Fixture.definitions(Fixture.media).filter { $0.id != "videos" }.reversed())
        catalog.insert(contentsOf: Fixture.definitions(["world-clock"], plugin: "clock"), at: 2)
        _ = try controller.replaceCatalog(catalog)
        #expect(controller.catalog.map(\.id) == catalog.map(\.id))
        #expect(controller.badge(of: "playlists") == .text("1"))
        #expect(controller.value(of: .badgeColor, tab: "artists") == .string("#00FF00"))
        #expect(!controller.isEnabled("songs") && controller.isEnabled("podcasts"))
        #expect(controller.stack(of: "composers") == ["main", "detail"])
        #expect(controller.title(of: "compilations") == "Mixes")
        #expect(controller.badge(of: "world-clock") == nil && controller.stack(of: "world-clock") == ["main"])
        for id in ["genres", "audiobooks", "podcasts"] {
            #expect(
                controller.badge(of: id) == nil && controller.stack(of: id) == ["main"] && controller.isEnabled(id),
                "\(id)")
        }
    }

    @Test("one delegate at a time; only its owner unregisters; it is dropped when its owner leaves")
    func delegate() throws {
        var controller = try Fixture.media(showing: 3)
        let events = try controller.registerDelegate(owner: ":1.5", path: "/org/example/D")
        #expect(events.controllerProperties == [.delegate, .revision])
        #expect(events.durability == .none)
        #expect(controller.value(of: .delegate) == .string(":1.5 /org/example/D"))
        expectError("DelegateExists", mentioning: ":1.5") { try controller.registerDelegate(owner: ":1.6", path: "/x") }
        expectError("NotDelegate", mentioning: ":1.6") {
            try controller.unregisterDelegate(owner: ":1.6", path: "/org/example/D")
        }
        expectError("NotDelegate") { try controller.unregisterDelegate(owner: ":1.5", path: "/other") }
        #expect(controller.ownerLeft(":1.6").isEmpty)
        #expect(controller.ownerLeft(":1.5").announces(.delegate))
        #expect(controller.delegate == nil)
        _ = try controller.registerDelegate(owner: ":1.7", path: "/")
        _ = try controller.unregisterDelegate(owner: ":1.7", path: "/")
        #expect(controller.delegate == nil)
    }

    @Test("a snapshot survives a JSON round trip and carries its format version")
    func snapshotCoding() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.setBadge("songs", to: .dot)
        _ = try controller.setBadge("genres", to: .text("12"))
        _ = try controller.navigate("genres", to: "jazz")
        _ = try controller.selectMore()
        let saved = controller.snapshot()
        let data = try JSONEncoder().encode(saved)
        let decoded = try JSONDecoder().decode(ControllerSnapshot.self, from: data)
        #expect(decoded == saved)
        #expect(decoded.formatVersion == ControllerSnapshot.currentFormatVersion)
        #expect(String(decoding: data, as: UTF8.self).contains("\"formatVersion\":1"))
    }

    @Test("applying a re-read configuration changes only the settings whose configured value changed")
    func reconfigure() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.setMaxVisible(3)
        _ = try controller.set(.barStyle, to: .string("black"))
        var configuration = controller.configuration
        configuration.appearance.tintColor = "#FF0000"
        let outcome = try controller.applyConfiguration(configuration)
        #expect(controller.maxVisible == 3)
        #expect(controller.appearance.barStyle == .black)
        #expect(controller.appearance.tintColor == "#FF0000")
        #expect(outcome.notes.count == 1)
        #expect(outcome.events.controllerProperties == [.tintColor, .revision])
    }
}
