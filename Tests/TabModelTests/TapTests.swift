import Testing

@testable import TabModel

@Suite("User taps")
struct TapTests {
    private func withDelegate(showing count: Int = 7) throws -> TabController {
        var controller = try Fixture.media(showing: count)
        _ = try controller.registerDelegate(owner: ":1.42", path: "/org/example/Delegate")
        return controller
    }

    @Test("a tap asks ShouldSelect first; a veto changes nothing and returns false (TAP-1)")
    func vetoedTap() throws {
        var controller = try withDelegate()
        let pending = try controller.beginTap("songs")
        #expect(pending.item == "songs")
        #expect(pending.delegate == DelegateRegistration(owner: ":1.42", path: "/org/example/Delegate"))
        let before = controller
        let outcome = try controller.completeTap(pending, allowed: false)
        #expect(!outcome.selected)
        #expect(outcome.events.isEmpty)
        #expect(controller == before)
    }

    @Test("an allowed tap selects, then emits DidSelect, and returns true (TAP-1)")
    func allowedTap() throws {
        var controller = try withDelegate()
        let outcome = try controller.completeTap(controller.beginTap("songs"), allowed: true)
        #expect(outcome.selected)
        #expect(controller.selectedTab == "songs")
        #expect(outcome.events.signals == [.didSelect("songs")])
        #expect(outcome.events.announces(.selectedTab))
        #expect(outcome.events.selection == SelectionTransition(from: .tab("playlists"), to: .tab("songs")))
    }

    @Test("DidSelect is emitted on every allowed tap, also of the selected item (TAP-2)")
    func didSelectAgain() throws {
        var controller = try withDelegate()
        let outcome = try controller.tap("playlists")
        #expect(outcome.events.signals == [.didSelect("playlists")])
        #expect(outcome.events.controllerProperties.isEmpty)
    }

    @Test("tapping the selected tab again pops its stack to the root page; switching keeps stacks (TAP-3)")
    func reselectPopsToRoot() throws {
        var controller = try withDelegate()
        _ = try controller.navigate("playlists", to: "mix")
        _ = try controller.tap("songs")
        #expect(controller.stack(of: "playlists") == ["main", "mix"]) // switching keeps the stack
        _ = try controller.tap("playlists")
        #expect(controller.stack(of: "playlists") == ["main", "mix"])
        let outcome = try controller.tap("playlists")
        #expect(controller.stack(of: "playlists") == ["main"])
        #expect(outcome.events.navigation == [NavigationChange(tab: "playlists", page: "main", depth: 1)])
        #expect(outcome.events.signals == [.didSelect("playlists")])
    }

    @Test("tapping @more shows More as it was left, and from inside a More tab returns to the list (TAP-3)")
    func moreAsLeft() throws {
        var controller = try withDelegate()
        var outcome = try controller.tap("@more")
        #expect(controller.shownContent == .moreList)
        #expect(outcome.events.signals == [.didSelect("@more")])
        _ = try controller.tap("genres") // a row of the More list
        _ = try controller.tap("songs")
        outcome = try controller.tap("@more")
        #expect(controller.shownContent == .tab("genres"))
        #expect(outcome.events.selection == SelectionTransition(from: .tab("songs"), to: .tab("genres")))
        _ = try controller.tap("@more")
        #expect(controller.shownContent == .moreList)
        _ = try controller.tap("songs")
        _ = try controller.tap("@more")
        #expect(controller.shownContent == .moreList)
    }

    @Test("a More-list tab may be tapped with its own id (TAP-4)")
    func tapMoreListTab() throws {
        var controller = try withDelegate()
        let pending = try controller.beginTap("audiobooks")
        #expect(pending.item == "audiobooks")
        let outcome = try controller.completeTap(pending, allowed: true)
        #expect(controller.selectedItem == "@more")
        #expect(controller.selectedTab == "audiobooks")
        #expect(outcome.events.signals == [.didSelect("audiobooks")])
    }

    @Test("without a delegate there is no one to ask; a timeout follows the policy (TAP-5)")
    func noDelegateOrTimeout() throws {
        var controller = try Fixture.media(showing: 7)
        #expect(try controller.beginTap("songs").delegate == nil)
        #expect(controller.delegateTimeoutPolicy.allowsTap)
        _ = try controller.set(.delegateTimeoutPolicy, to: .string("deny"))
        #expect(!controller.delegateTimeoutPolicy.allowsTap)
        let outcome = try controller.completeTap(
            controller.beginTap("songs"), allowed: controller.delegateTimeoutPolicy.allowsTap)
        #expect(!outcome.selected)
    }

    @Test("while a customization session is open, Tap answers Busy (TAP-6)")
    func busyDuringSession() throws {
        var controller = try withDelegate()
        _ = try controller.beginCustomizing(owner: ":1.7")
        #expect(throws: TabError.self) { try controller.beginTap("songs") }
        expectError("Busy") { try controller.beginTap("songs") }
    }

    @Test("a waiting tap is checked again when the delegate answers (TAP-7)")
    func recheckedTaps() throws {
        var controller = try withDelegate()
        // The tab left Tabs while the delegate thought.
        var pending = try controller.beginTap("songs")
        _ = try controller.removeTab("songs")
        #expect(throws: TabError.noSuchTab("songs")) { try controller.completeTap(pending, allowed: true) }
        // Now hidden.
        pending = try controller.beginTap("genres")
        _ = try controller.setLayout(.top)
        #expect(throws: TabError.notReachable("genres")) { try controller.completeTap(pending, allowed: true) }
        _ = try controller.setLayout(.bottom)
        // Now disabled.
        pending = try controller.beginTap("artists")
        _ = try controller.setEnabled("artists", false)
        #expect(throws: TabError.disabled("artists")) { try controller.completeTap(pending, allowed: true) }
        // A session opened meanwhile.
        pending = try controller.beginTap("videos")
        _ = try controller.beginCustomizing(owner: ":1.8")
        expectError("Busy") { try controller.completeTap(pending, allowed: true) }
        _ = try controller.endCustomizing(owner: ":1.8")
        // The More item went away.
        pending = try controller.beginTap("@more")
        _ = try controller.setMaxVisible(10)
        expectError("NoMore") { try controller.completeTap(pending, allowed: true) }
        // Moved but still reachable: the tap goes through by id, not position.
        pending = try controller.beginTap("videos")
        _ = try controller.customize(["videos"] + controller.tabs.filter { $0 != "videos" })
        #expect(try controller.completeTap(pending, allowed: true).selected)
        #expect(controller.selectedIndex == 0)
        #expect(PendingTap.queueLimit == 64)
    }

    @Test("Tap of a tab not in Tabs is NoSuchTab, @more without More NoMore, a hidden tab NotReachable (TAP-8)")
    func tapErrors() throws {
        let controller = try Fixture.media(showing: 5)
        #expect(throws: TabError.noSuchTab("genres")) { try controller.beginTap("genres") }
        expectError("NoMore") { try controller.beginTap("@more") }
        let top = try Fixture.media(showing: 7, configuration: ControllerConfiguration(layout: .top))
        #expect(throws: TabError.notReachable("genres")) { try top.beginTap("genres") }
    }

    @Test("a remembered More-list tab that has left the More list is forgotten: tapping @more shows the list (TAP-3)")
    func departedResumeTabForgotten() throws {
        var controller = try withDelegate(showing: 9)
        _ = try controller.tap("podcasts") // shown inside More: More remembers it
        _ = try controller.tap("playlists")
        let order = controller.tabs
        var onBar = order
        onBar.swapAt(1, 4) // podcasts onto the bar, artists into the More list
        _ = try controller.customize(onBar)
        #expect(controller.placement(of: "podcasts") == .bar)
        _ = try controller.customize(order) // podcasts back in the More list
        #expect(controller.placement(of: "podcasts") == .more)
        let outcome = try controller.tap("@more")
        #expect(controller.shownContent == .moreList)
        #expect(outcome.events.signals == [.didSelect("@more")])
    }
}
