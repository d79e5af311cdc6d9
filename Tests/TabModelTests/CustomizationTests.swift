import Testing

@testable import TabModel

@Suite("Customization")
struct CustomizationTests {
    private let owner = ":1.20"

    @Test("CustomizableTabs defaults to all, must be a subset of Tabs, empty means NotCustomizable (CUST-1)")
    func customizableSet() throws {
        var controller = try Fixture.media(showing: 4)
        #expect(controller.customizableTabs == controller.tabs)
        #expect(controller.canCustomize)
        expectError("InvalidArgument", mentioning: "genres") { try controller.setCustomizable(["genres"]) }
        _ = try controller.setCustomizable([])
        #expect(!controller.canCustomize)
        #expect(controller.value(of: .canCustomize) == .bool(false))
        expectError("NotCustomizable") { try controller.beginCustomizing(owner: owner) }
        expectError("NotCustomizable") { try controller.customize(controller.tabs) }
    }

    @Test("customizing works with or without a More item (CUST-1)")
    func withoutMore() throws {
        var controller = try Fixture.media(showing: 3)
        #expect(!controller.showsMore)
        let outcome = try controller.customize(["songs", "playlists", "artists"])
        #expect(outcome.changed)
    }

    @Test("fixed tabs keep their index; movable tabs shift along movable slots only (CUST-2)")
    func fixedTabsStay() throws {
        var controller = try Fixture.media(showing: 5) // playlists artists songs videos podcasts
        _ = try controller.setCustomizable(["playlists", "songs", "videos", "podcasts"]) // artists fixed at 1
        _ = try controller.beginCustomizing(owner: owner)
        _ = try controller.moveTab("playlists", to: 3, owner: owner)
        #expect(controller.tabs == ["songs", "artists", "videos", "playlists", "podcasts"])
        _ = try controller.moveTab("podcasts", to: 0, owner: owner)
        #expect(controller.tabs == ["podcasts", "artists", "songs", "videos", "playlists"])
        expectError("NotCustomizable", mentioning: "artists") { try controller.moveTab("artists", to: 0, owner: owner) }
        expectError("NotCustomizable", mentioning: "artists") { try controller.moveTab("songs", to: 1, owner: owner) }
        expectError("NotCustomizable") { try controller.swapTabs("songs", "artists", owner: owner) }
        _ = try controller.swapTabs("songs", "podcasts", owner: owner)
        #expect(controller.tabs == ["songs", "artists", "podcasts", "videos", "playlists"])
        _ = try controller.endCustomizing(owner: owner)
        expectError("InvalidOrder", mentioning: "artists") {
            try controller.customize(["artists", "songs", "podcasts", "videos", "playlists"])
        }
    }

    @Test("a session sets Customizing, WillBegin lists all tabs, End emits WillEnd then DidEnd with changed (CUST-3)")
    func sessionSignals() throws {
        var controller = try Fixture.media(showing: 6)
        let begin = try controller.beginCustomizing(owner: owner)
        #expect(controller.session?.owner == owner)
        #expect(begin.announces(.customizing))
        #expect(begin.signals == [.willBeginCustomizing(Array(Fixture.media.prefix(6)))])
        _ = try controller.moveTab("podcasts", to: 0, owner: owner)
        let end = try controller.endCustomizing(owner: owner)
        let order = ["podcasts", "playlists", "artists", "songs", "videos", "audiobooks"]
        #expect(end.changed)
        #expect(
            end.events.signals == [.willEndCustomizing(order, changed: true), .didEndCustomizing(order, changed: true)])
        #expect(controller.value(of: .customizing) == .bool(false))
        // Moving back and forth is no change.
        _ = try controller.beginCustomizing(owner: owner)
        _ = try controller.moveTab("podcasts", to: 3, owner: owner)
        _ = try controller.moveTab("podcasts", to: 0, owner: owner)
        #expect(try !controller.endCustomizing(owner: owner).changed)
    }

    @Test("one session at a time, owned by its connection; without one NotCustomizing; owner leaving ends it (CUST-4)")
    func ownership() throws {
        var controller = try Fixture.media(showing: 6)
        expectError("NotCustomizing") { try controller.moveTab("songs", to: 0, owner: owner) }
        expectError("NotCustomizing") { try controller.swapTabs("songs", "artists", owner: owner) }
        expectError("NotCustomizing") { try controller.endCustomizing(owner: owner) }
        _ = try controller.beginCustomizing(owner: owner)
        expectError("Busy") { try controller.beginCustomizing(owner: ":1.99") }
        expectError("Busy") { try controller.moveTab("songs", to: 0, owner: ":1.99") }
        expectError("Busy") { try controller.swapTabs("songs", "artists", owner: ":1.99") }
        expectError("Busy") { try controller.endCustomizing(owner: ":1.99") }
        expectError("Busy") { try controller.customize(controller.tabs) }
        _ = try controller.swapTabs("songs", "artists", owner: owner)
        let events = controller.ownerLeft(owner)
        #expect(controller.session == nil)
        #expect(events.signals.map(\.member) == ["WillEndCustomizing", "DidEndCustomizing"])
        #expect(events.signals.last == .didEndCustomizing(controller.tabs, changed: true))
    }

    @Test("Customize is a whole session in one call; the order must be a permutation (CUST-5)")
    func wholeSession() throws {
        var controller = try Fixture.media(showing: 3)
        let outcome = try controller.customize(["songs", "artists", "playlists"])
        #expect(
            outcome.events.signals == [
                .willBeginCustomizing(["playlists", "artists", "songs"]),
                .willEndCustomizing(["songs", "artists", "playlists"], changed: true),
                .didEndCustomizing(["songs", "artists", "playlists"], changed: true),
            ])
        #expect(outcome.events.durability == .structural)
        expectError("InvalidOrder") { try controller.customize(["songs", "artists"]) }
        expectError("InvalidOrder") { try controller.customize(["songs", "artists", "artists"]) }
        expectError("InvalidOrder") { try controller.customize(["songs", "artists", "genres"]) }
        #expect(try !controller.customize(controller.tabs).changed)
    }

    @Test("the selected tab stays selected through a reorder, shown inside More or from the bar (CUST-6)")
    func selectionThroughReorder() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("songs")
        _ = try controller.beginCustomizing(owner: owner)
        let events = try controller.moveTab("songs", to: 6, owner: owner)
        #expect(controller.selectedTab == "songs")
        #expect(controller.selectedItem == "@more")
        #expect(events.announces(.selectedIndex) && events.announces(.selectedItem))
        _ = try controller.moveTab("songs", to: 0, owner: owner)
        #expect(controller.selectedItem == "songs")
    }

    @Test("customizing never asks the delegate (CUST-7)")
    func noDelegateCalls() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.registerDelegate(owner: ":1.4", path: "/d")
        let outcome = try controller.customize(Array(controller.tabs.reversed()))
        #expect(!outcome.events.signals.contains { $0.member == "DidSelect" })
    }

    @Test("while a session is open, structural changes answer Busy, for the owner too; Reset ends it (CUST-8)")
    func busyWhileCustomizing() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.beginCustomizing(owner: owner)
        let during = controller
        expectError("Busy") { try controller.setTabs(["songs"]) }
        expectError("Busy") { try controller.addTab("genres", at: -1) }
        expectError("Busy") { try controller.removeTab("songs") }
        expectError("Busy") { try controller.setCustomizable(["songs"]) }
        expectError("Busy") { try controller.setLayout(.top) }
        expectError("Busy") { try controller.setMaxVisible(3) }
        #expect(controller == during)
        let events = controller.reset()
        #expect(controller.session == nil)
        #expect(events.signals.map(\.member) == ["WillEndCustomizing", "DidEndCustomizing"])
        // The idle timeout is measured by the daemon, which then ends the session like EndCustomizing.
        _ = try controller.beginCustomizing(owner: owner)
        #expect(controller.endSession(owner: ":1.77").events.isEmpty)
        #expect(!controller.endSession(owner: owner).events.isEmpty)
    }

    @Test("MoveTab outside Tabs is IndexOutOfRange and SwapTabs(a, a) changes nothing (CUST-9)")
    func moveBounds() throws {
        var controller = try Fixture.media(showing: 4)
        _ = try controller.beginCustomizing(owner: owner)
        #expect(throws: TabError.indexOutOfRange(4, count: 4)) { try controller.moveTab("songs", to: 4, owner: owner) }
        let before = controller
        #expect(try controller.swapTabs("songs", "songs", owner: owner).isEmpty)
        #expect(controller == before)
    }
}
