import Testing

@testable import TabModel

@Suite("Customizing a standalone bar")
struct BarCustomizationTests {
    private let owner = ":1.7"

    /// `modes` with `map`, `list`, `grid` on the bar and a session of `owner` in which `map`,
    /// `grid`, `photo` and `recent` may be placed: `list` is fixed.
    private func customizing() throws -> TabController {
        var controller = try Fixture.barController()
        _ = try controller.beginCustomizingItems(["map", "grid", "photo", "recent"], on: "modes", owner: owner)
        return controller
    }

    @Test("BeginCustomizingItems opens the bar's session and emits will- and did-begin with the candidates (SBAR-5)")
    func begin() throws {
        var controller = try Fixture.barController()
        let events = try controller.beginCustomizingItems(["photo", "map"], on: "modes", owner: owner)
        #expect(controller.value(.customizing) == .bool(true))
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.customizing])
        #expect(
            events.barSignals == [
                .willBeginCustomizingItems(["photo", "map"]), .didBeginCustomizingItems(["photo", "map"]),
            ])
        #expect(
            controller.bar(named: "modes")?.session
                == BarCustomizationSession(
                    owner: owner, candidates: ["photo", "map"], itemsAtBegin: ["map", "list", "grid"]))
        var other = try Fixture.barController()
        expectError("NoSuchItem", mentioning: "ghost") {
            try other.beginCustomizingItems(["map", "ghost"], on: "modes", owner: owner)
        }
        expectError("InvalidArgument", mentioning: "twice") {
            try other.beginCustomizingItems(["map", "map"], on: "modes", owner: owner)
        }
    }

    @Test("one session per bar, for its owner too; other bars and the controller are independent (SBAR-5)")
    func oneSessionPerBar() throws {
        var controller = try customizing()
        expectError("Busy", mentioning: owner) {
            try controller.beginCustomizingItems(["map"], on: "modes", owner: owner)
        }
        expectError("Busy") { try controller.beginCustomizingItems(["map"], on: "modes", owner: ":1.8") }
        _ = try controller.createBar("second")
        _ = try controller.beginCustomizingItems([], on: "second", owner: ":1.8")
        _ = try controller.beginCustomizing(owner: ":1.9")
        #expect(controller.session?.owner == ":1.9")
        #expect(controller.bar(named: "second")?.session?.owner == ":1.8")
        #expect(controller.bar(named: "modes")?.session?.owner == owner)
    }

    @Test("ReplaceItem puts a candidate at a position and the item there leaves the bar (SBAR-5)")
    func replace() throws {
        var controller = try customizing()
        _ = try controller.selectItem("grid", on: "modes")
        let events = try controller.replaceItem(at: 2, with: "photo", on: "modes", owner: owner)
        #expect(controller.value(.items) == .strings(["map", "list", "photo"]))
        #expect(controller.value(.selectedItem) == .string("")) // grid left the bar while selected
        #expect(controller.value(.onBar, "grid") == .bool(false))
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.items, .selectedItem])
        #expect(events.standaloneBars.signals.isEmpty)
    }

    @Test("ReplaceItem with a candidate already on the bar moves it there and nothing leaves (SBAR-5)")
    func replaceMoves() throws {
        var controller = try customizing()
        _ = try controller.replaceItem(at: 2, with: "map", on: "modes", owner: owner)
        #expect(controller.value(.items) == .strings(["grid", "list", "map"])) // list stays in place
        #expect(controller.value(.definedItems) == .strings(Fixture.modes))
    }

    @Test(
        "ReplaceItem refuses a fixed item at the position, a non-candidate and a position off the bar (SBAR-5, CUST-9)")
    func replaceRefusals() throws {
        var controller = try customizing()
        // Defined during the session.
        _ = try controller.addItem("late", title: "Late", image: "", selectedImage: "", on: "modes")
        let before = controller
        expectError("NotCustomizable", mentioning: "list") {
            try controller.replaceItem(at: 1, with: "photo", on: "modes", owner: owner)
        }
        expectError("NotCustomizable", mentioning: "late") {
            try controller.replaceItem(at: 0, with: "late", on: "modes", owner: owner)
        }
        expectError("NotCustomizable", mentioning: "list") {
            try controller.replaceItem(at: 0, with: "list", on: "modes", owner: owner)
        }
        expectError("IndexOutOfRange", mentioning: "3") {
            try controller.replaceItem(at: 3, with: "photo", on: "modes", owner: owner)
        }
        expectError("IndexOutOfRange") { try controller.replaceItem(at: -1, with: "photo", on: "modes", owner: owner) }
        expectError("NoSuchItem", mentioning: "ghost") {
            try controller.replaceItem(at: 0, with: "ghost", on: "modes", owner: owner)
        }
        #expect(controller == before)
    }

    @Test("MoveItem reorders movable items over movable positions; fixed items stay (SBAR-5, CUST-2)")
    func move() throws {
        var controller = try Fixture.barController()
        _ = try controller.setItems(["map", "list", "grid", "photo"], animated: false, on: "modes")
        _ = try controller.beginCustomizingItems(["map", "grid", "photo"], on: "modes", owner: owner)
        let events = try controller.moveItem("map", to: 3, on: "modes", owner: owner)
        #expect(controller.value(.items) == .strings(["grid", "list", "photo", "map"]))
        #expect(events.standaloneBars.properties(ofItem: "map", bar: "modes") == [.index, .accessibilityLabel])
        #expect(events.standaloneBars.properties(ofItem: "list", bar: "modes").isEmpty)
        let before = controller
        expectError("NotCustomizable", mentioning: "list") {
            try controller.moveItem("list", to: 0, on: "modes", owner: owner)
        }
        expectError("NotCustomizable", mentioning: "index 1") {
            try controller.moveItem("map", to: 1, on: "modes", owner: owner)
        }
        expectError("IndexOutOfRange") { try controller.moveItem("map", to: 4, on: "modes", owner: owner) }
        #expect(controller == before)
        #expect(try controller.moveItem("map", to: 3, on: "modes", owner: owner).isEmpty)
    }

    @Test(
        "EndCustomizingItems emits will- and did-end with the items after the session and says whether they changed (SBAR-5)"
    )
    func end() throws {
        var controller = try customizing()
        _ = try controller.moveItem("grid", to: 0, on: "modes", owner: owner)
        let outcome = try controller.endCustomizingItems(on: "modes", owner: owner)
        #expect(outcome.changed)
        #expect(
            outcome.events.barSignals == [
                .willEndCustomizingItems(["grid", "list", "map"], changed: true),
                .didEndCustomizingItems(["grid", "list", "map"], changed: true),
            ])
        #expect(outcome.events.standaloneBars.properties(ofBar: "modes") == [.customizing])
        #expect(controller.value(.customizing) == .bool(false))
        _ = try controller.beginCustomizingItems(["map"], on: "modes", owner: owner)
        let unchanged = try controller.endCustomizingItems(on: "modes", owner: owner)
        #expect(!unchanged.changed)
        #expect(unchanged.events.barSignals.last == .didEndCustomizingItems(["grid", "list", "map"], changed: false))
    }

    @Test("the owner leaving, or the idle timeout, ends the session as EndCustomizingItems would (SBAR-5)")
    func ownerGoneOrIdle() throws {
        var controller = try customizing()
        _ = try controller.createBar("second")
        _ = try controller.beginCustomizingItems([], on: "second", owner: owner)
        #expect(controller.endBarSession(on: "modes", owner: ":1.99").events.isEmpty)
        let idle = controller.endBarSession(on: "second", owner: owner)
        #expect(
            idle.events.standaloneBars.signals == [
                BarSignal(bar: "second", kind: .willEndCustomizingItems([], changed: false)),
                BarSignal(bar: "second", kind: .didEndCustomizingItems([], changed: false)),
            ])
        _ = try controller.replaceItem(at: 0, with: "photo", on: "modes", owner: owner)
        let gone = controller.ownerLeft(owner)
        #expect(
            gone.barSignals == [
                .willEndCustomizingItems(["photo", "list", "grid"], changed: true),
                .didEndCustomizingItems(["photo", "list", "grid"], changed: true),
            ])
        #expect(controller.bars.allSatisfy { $0.session == nil })
        #expect(controller.ownerLeft(owner).isEmpty)
    }

    @Test(
        "while open, SetItems, RemoveItem, RemoveBar and Tap are Busy, for the owner too; everything else is served (SBAR-5)"
    )
    func busyDuringSession() throws {
        var controller = try customizing()
        let before = controller
        expectError("Busy") { try controller.setItems(["map"], animated: false, on: "modes") }
        expectError("Busy") { try controller.removeItem("photo", from: "modes") }
        expectError("Busy") { try controller.removeBar("modes") }
        expectError("Busy") { try controller.tapItem("map", on: "modes") }
        expectError("Busy", mentioning: owner) { try controller.moveItem("map", to: 2, on: "modes", owner: ":1.8") }
        expectError("Busy", mentioning: owner) {
            try controller.replaceItem(at: 0, with: "photo", on: "modes", owner: ":1.8")
        }
        expectError("Busy", mentioning: owner) { try controller.endCustomizingItems(on: "modes", owner: ":1.8") }
        #expect(controller == before)
        _ = try controller.addItem("late", title: "Late", image: "", selectedImage: "", on: "modes")
        _ = try controller.addSystemItem("find", systemItem: "search", tag: 1, on: "modes")
        _ = try controller.setItem(.title, of: "map", on: "modes", to: .string("Carte"))
        _ = try controller.setItemBadge(.dot, of: "map", on: "modes")
        _ = try controller.selectItem("list", on: "modes")
        _ = try controller.setAppearance(.barStyle, to: .string("black"), on: "modes")
        #expect(controller.value(.customizing) == .bool(true))
    }

    @Test("session members without a session answer NotCustomizing (SBAR-5)")
    func notCustomizing() throws {
        var controller = try Fixture.barController()
        expectError("NotCustomizing", mentioning: "modes") {
            try controller.moveItem("map", to: 0, on: "modes", owner: owner)
        }
        expectError("NotCustomizing") { try controller.replaceItem(at: 0, with: "photo", on: "modes", owner: owner) }
        expectError("NotCustomizing") { try controller.endCustomizingItems(on: "modes", owner: owner) }
    }
}
