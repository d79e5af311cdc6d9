import Foundation
import Testing

@testable import TabModel

@Suite("Standalone bars and their items")
struct StandaloneBarTests {
    // MARK: SBAR-1

    @Test("CreateBar makes an empty bar announced as an object; names follow ID-1, are unique, at most 64 (SBAR-1)")
    func createBar() throws {
        var controller = try Fixture.media(showing: 5)
        let revision = controller.revision
        let events = try controller.createBar("modes")
        #expect(events.standaloneBars.barsAdded == ["modes"])
        #expect(events.announces(.revision) && controller.revision > revision)
        #expect(events.durability == .structural)
        #expect(controller.value(.items) == .strings([]))
        #expect(controller.value(.definedItems) == .strings([]))
        #expect(controller.value(.selectedItem) == .string(""))
        #expect(controller.value(.customizing) == .bool(false))
        #expect(controller.value(.name) == .string("modes"))
        expectError("InvalidArgument", mentioning: "bad name") { try controller.createBar("bad name") }
        expectError("InvalidArgument", mentioning: "modes") { try controller.createBar("modes") }
        for number in 1..<TabController.maximumBars { _ = try controller.createBar("bar\(number)") }
        let full = controller
        expectError("InvalidArgument", mentioning: "one too many") { try controller.createBar("extra") }
        #expect(controller == full)
        #expect(controller.barNames == ["modes"] + (1..<64).map { "bar\($0)" }) // creation order
    }

    @Test("RemoveBar removes the bar and its items as objects; an unknown name is NoSuchBar (SBAR-1)")
    func removeBar() throws {
        var controller = try Fixture.barController()
        _ = try controller.createBar("second")
        expectError("NoSuchBar", mentioning: "ghost") { try controller.removeBar("ghost") }
        let events = try controller.removeBar("modes")
        #expect(events.standaloneBars.barsRemoved == ["modes"])
        #expect(events.standaloneBars.itemsRemoved.map(\.item) == Fixture.modes)
        #expect(events.standaloneBars.itemsRemoved.allSatisfy { $0.bar == "modes" })
        #expect(events.announces(.revision))
        #expect(events.durability == .structural)
        #expect(controller.barNames == ["second"])
        #expect(controller.value(.items, on: "modes") == nil)
    }

    @Test(
        "bars, items, item properties but the badge, Items and appearance are structural; SelectedItem and badges batched (SBAR-1)"
    )
    func durability() throws {
        var controller = try Fixture.barController()
        #expect(
            try controller.addItem("extra", title: "Extra", image: "", selectedImage: "", on: "modes").durability
                == .structural)
        #expect(try controller.setItems(["map", "list"], animated: true, on: "modes").durability == .structural)
        #expect(try controller.setItem(.title, of: "map", on: "modes", to: .string("Carte")).durability == .structural)
        #expect(try controller.setItem(.enabled, of: "map", on: "modes", to: .bool(false)).durability == .structural)
        #expect(try controller.setItem(.tag, of: "map", on: "modes", to: .int32(4)).durability == .structural)
        #expect(try controller.setAppearance(.tintColor, to: .string("#112233"), on: "modes").durability == .structural)
        #expect(try controller.selectItem("map", on: "modes").durability == .volatile)
        #expect(try controller.tapItem("list", on: "modes").durability == .volatile)
        #expect(try controller.setItemBadge(.text("3"), of: "map", on: "modes").durability == .volatile)
        #expect(
            try controller.setItem(.badgeColor, of: "map", on: "modes", to: .string("#00ff00")).durability == .volatile)
        #expect(try controller.removeItem("extra", from: "modes").durability == .structural)
        #expect(try controller.beginCustomizingItems(["map"], on: "modes", owner: ":1.1").durability == .none)
    }

    @Test("Revision increases with every announced change of a bar or item property (SBAR-1)")
    func revisionMoves() throws {
        var controller = try Fixture.barController()
        var revision = controller.revision
        let changes: [(inout TabController) throws -> TabEvents] = [
            { try $0.setItemBadge(.dot, of: "grid", on: "modes") },
            { try $0.selectItem("grid", on: "modes") },
            { try $0.setAppearance(.translucent, to: .bool(false), on: "modes") },
            { try $0.setItem(.image, of: "photo", on: "modes", to: .string("camera")) },
            { try $0.setItems(["grid"], animated: false, on: "modes") },
        ]
        for change in changes {
            let events = try change(&controller)
            #expect(controller.revision == revision + 1)
            #expect(events.controllerProperties == [.revision])
            revision = controller.revision
        }
        let nothing = try controller.selectItem("grid", on: "modes")
        #expect(nothing.isEmpty && controller.revision == revision)
    }

    @Test("bars are restored as saved, with their saved appearance even when [appearance] changed since (SBAR-1)")
    func restoreBars() throws {
        let configuration = ControllerConfiguration(appearance: Appearance())
        var controller = try Fixture.barController(configuration: configuration)
        _ = try controller.selectItem("list", on: "modes")
        _ = try controller.setItemBadge(.text("9+"), of: "list", on: "modes")
        _ = try controller.setItem(.enabled, of: "grid", on: "modes", to: .bool(false))
        _ = try controller.setAppearance(.barTintColor, to: .string("#abcdef"), on: "modes")
        _ = try controller.createBar("empty")
        _ = try controller.beginCustomizingItems(["photo"], on: "modes", owner: ":1.5")
        let saved = controller.snapshot()
        #expect(saved.bars.map(\.name) == ["modes", "empty"])

        var reconfigured = configuration
        reconfigured.appearance.barStyle = .black
        reconfigured.appearance.tintColor = "#FF0000"
        var restarted = try TabController(
            catalog: Fixture.definitions(Fixture.media),
            configuration: ControllerConfiguration(
                tabs: Array(Fixture.media.prefix(5)), appearance: reconfigured.appearance))
        let outcome = try restarted.restore(saved)
        #expect(outcome.events.standaloneBars.barsAdded == ["modes", "empty"])
        #expect(outcome.events.standaloneBars.itemsAdded.map(\.item) == Fixture.modes)
        #expect(restarted.barNames == ["modes", "empty"])
        let bar = try #require(restarted.bar(named: "modes"))
        #expect(bar.items == ["map", "list", "grid"])
        #expect(bar.selectedItem == "list")
        #expect(bar.session == nil) // a session does not survive its owner's connection
        #expect(bar.appearance.barStyle == .default && bar.appearance.tintColor == "#007AFF")
        #expect(bar.appearance.barTintColor == "#ABCDEF")
        #expect(restarted.value(.badgeValue, "list") == .string("9+"))
        #expect(restarted.value(.enabled, "grid") == .bool(false))
        #expect(restarted.value(.title, "recent") == .string("Recents"))
        _ = try restarted.createBar("later") // the proxy shapes bars created afterwards
        #expect(restarted.bar(named: "later")?.appearance.barStyle == .black)
        #expect(restarted.snapshot().bars.prefix(2) == saved.bars[...])
    }

    @Test(
        "a state from before standalone bars loads with none; a corrupt saved bar is refused and changes nothing (SBAR-1)"
    )
    func savedBarsDecodeAndValidate() throws {
        var controller = try Fixture.barController()
        var saved = controller.snapshot()
        let encoded = try JSONEncoder().encode(saved)
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(try JSONDecoder().decode(ControllerSnapshot.self, from: encoded) == saved)
        object["bars"] = nil
        let old = try JSONDecoder().decode(
            ControllerSnapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.bars.isEmpty)

        let before = controller
        saved.bars[0].items.append("ghost")
        expectError("InvalidArgument", mentioning: "ghost") { try controller.restore(saved) }
        saved = controller.snapshot()
        saved.bars.append(saved.bars[0])
        expectError("InvalidArgument", mentioning: "modes") { try controller.restore(saved) }
        saved = controller.snapshot()
        saved.bars[0].selectedItem = "photo" // defined but not on the bar
        expectError("InvalidArgument", mentioning: "photo") { try controller.restore(saved) }
        #expect(controller == before)
    }

    @Test("Reset ends an open bar session with its signals, then removes every bar (SBAR-1, STATE-5)")
    func resetRemovesBars() throws {
        var controller = try Fixture.barController()
        _ = try controller.createBar("second")
        _ = try controller.beginCustomizingItems(["photo", "map"], on: "modes", owner: ":1.5")
        _ = try controller.replaceItem(at: 0, with: "photo", on: "modes", owner: ":1.5")
        let events = controller.reset()
        #expect(
            events.standaloneBars.signals == [
                BarSignal(bar: "modes", kind: .willEndCustomizingItems(["photo", "list", "grid"], changed: true)),
                BarSignal(bar: "modes", kind: .didEndCustomizingItems(["photo", "list", "grid"], changed: true)),
            ])
        #expect(events.standaloneBars.barsRemoved == ["modes", "second"])
        #expect(events.standaloneBars.itemsRemoved.count == Fixture.modes.count)
        #expect(controller.bars.isEmpty)
    }

    // MARK: SBAR-2

    @Test("an item is defined before it is shown: enabled, no badge, template, not on the bar (SBAR-2)")
    func addItem() throws {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.createBar("modes")
        let events = try controller.addItem(
            "map", title: "Map", image: "map", selectedImage: "/icons/map-filled.png", on: "modes")
        #expect(events.standaloneBars.itemsAdded == [BarItemReference(bar: "modes", item: "map")])
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.definedItems])
        #expect(controller.value(.definedItems) == .strings(["map"]))
        #expect(controller.value(.items) == .strings([]))
        #expect(controller.value(.enabled, "map") == .bool(true))
        #expect(controller.value(.hasBadge, "map") == .bool(false))
        #expect(controller.value(.imageRenderingMode, "map") == .string("template"))
        #expect(controller.value(.onBar, "map") == .bool(false))
        #expect(controller.value(.index, "map") == .int32(-1))
        #expect(controller.value(.selectedImage, "map") == .string("/icons/map-filled.png"))
        #expect(controller.value(.id, "map") == .string("map"))
        _ = try controller.addItem("list", title: "List", image: "", selectedImage: "", on: "modes")
        #expect(controller.value(.definedItems) == .strings(["map", "list"])) // definition order
        expectError("InvalidArgument", mentioning: "map") {
            try controller.addItem("map", title: "", image: "", selectedImage: "", on: "modes")
        }
        expectError("InvalidArgument", mentioning: "@more") {
            try controller.addItem("@more", title: "", image: "", selectedImage: "", on: "modes")
        }
        expectError("InvalidArgument", mentioning: "a/b") {
            try controller.addItem("x", title: "", image: "a/b", selectedImage: "", on: "modes")
        }
        expectError("NoSuchBar", mentioning: "ghost") {
            try controller.addItem("x", title: "", image: "", selectedImage: "", on: "ghost")
        }
    }

    @Test("at most 256 items per bar; the 257th is InvalidArgument (SBAR-2)")
    func itemLimit() throws {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.createBar("big")
        for number in 0..<StandaloneBar.maximumItems {
            _ = try controller.addItem("i\(number)", title: "\(number)", image: "", selectedImage: "", on: "big")
        }
        let full = controller
        expectError("InvalidArgument", mentioning: "one too many") {
            try controller.addSystemItem("more", systemItem: "search", tag: 0, on: "big")
        }
        #expect(controller == full)
        // Every item is shown: no More item.
        _ = try controller.setItems((0..<256).map { "i\($0)" }, animated: false, on: "big")
        #expect(controller.value(.items, on: "big") == .strings((0..<256).map { "i\($0)" }))
    }

    @Test("a system item takes its localized title and image from the daemon; they cannot be changed (SBAR-2, ITEM-3)")
    func systemItem() throws {
        var controller = try Fixture.barController(configuration: ControllerConfiguration(locale: "de_DE.UTF-8"))
        #expect(controller.value(.title, "recent") == .string("Zuletzt"))
        #expect(controller.value(.image, "recent") == .string("system-recents"))
        #expect(controller.value(.selectedImage, "recent") == .string("system-recents"))
        #expect(controller.value(.systemItem, "recent") == .string("recents"))
        #expect(controller.value(.tag, "recent") == .int32(7))
        for property in [BarItemProperty.title, .image, .selectedImage] {
            expectError("NotSupported", mentioning: "recents") {
                try controller.setItem(property, of: "recent", on: "modes", to: .string("x"))
            }
        }
        _ = try controller.setItem(.imageRenderingMode, of: "recent", on: "modes", to: .string("original"))
        #expect(controller.value(.imageRenderingMode, "recent") == .string("original"))
        expectError("InvalidArgument", mentioning: "clock") {
            try controller.addSystemItem("c", systemItem: "clock", tag: 0, on: "modes")
        }
    }

    @Test("item properties are writable with their rules; the rest is read-only (SBAR-2, ITEM-5, LOOK-6)")
    func itemProperties() throws {
        var controller = try Fixture.barController()
        let events = try controller.setItem(.title, of: "map", on: "modes", to: .string("Carte"))
        #expect(events.standaloneBars.properties(ofItem: "map", bar: "modes") == [.title, .accessibilityLabel])
        _ = try controller.setItem(.image, of: "map", on: "modes", to: .string("/icons/carte.png"))
        _ = try controller.setItem(.selectedImage, of: "map", on: "modes", to: .string(""))
        _ = try controller.setItem(.tag, of: "map", on: "modes", to: .int32(-3))
        _ = try controller.setItem(.badgeColor, of: "map", on: "modes", to: .string("#ff8800"))
        _ = try controller.setItem(.enabled, of: "map", on: "modes", to: .bool(false))
        #expect(controller.value(.title, "map") == .string("Carte"))
        #expect(controller.value(.image, "map") == .string("/icons/carte.png"))
        #expect(controller.value(.selectedImage, "map") == .string(""))
        #expect(controller.value(.tag, "map") == .int32(-3))
        #expect(controller.value(.badgeColor, "map") == .string("#FF8800"))
        #expect(controller.value(.enabled, "map") == .bool(false))
        let before = controller
        expectError("InvalidArgument", mentioning: "#ff88") {
            try controller.setItem(.badgeColor, of: "map", on: "modes", to: .string("#ff88"))
        }
        expectError("InvalidArgument", mentioning: "sepia") {
            try controller.setItem(.imageRenderingMode, of: "map", on: "modes", to: .string("sepia"))
        }
        expectError("InvalidArgument", mentioning: "read-only") {
            try controller.setItem(.onBar, of: "map", on: "modes", to: .bool(false))
        }
        expectError("InvalidArgument") { try controller.setItem(.tag, of: "map", on: "modes", to: .string("3")) }
        expectError("NoSuchItem", mentioning: "ghost") {
            try controller.setItem(.tag, of: "ghost", on: "modes", to: .int32(1))
        }
        #expect(controller == before)
        #expect(BarItemProperty.allCases.filter(\.isWritable).count == 9) // with IconName and SelectedIconName (ICON-2)
    }

    @Test(
        "an item's title is bounded as a tab's: 256 bytes of UTF-8; longer is InvalidArgument naming it by its head and length (SBAR-2, ERR-2)"
    )
    func titleBound() throws {
        var controller = try Fixture.barController()
        let longest = String(repeating: "é", count: ItemTitle.maximumBytes / 2)
        _ = try controller.setItem(.title, of: "map", on: "modes", to: .string(longest))
        _ = try controller.addItem("atlas", title: longest, image: "", selectedImage: "", on: "modes")
        #expect(controller.value(.title, "map") == .string(longest))
        let before = controller
        let tooLong = longest + "x"
        expectError("InvalidArgument", mentioning: "(257 bytes)") {
            try controller.setItem(.title, of: "map", on: "modes", to: .string(tooLong))
        }
        expectError("InvalidArgument", mentioning: "'éééé") {
            try controller.addItem("globe", title: tooLong, image: "", selectedImage: "", on: "modes")
        }
        expectError("InvalidArgument", mentioning: "longer than 256 bytes") {
            try controller.addItem("globe", title: tooLong, image: "", selectedImage: "", on: "modes")
        }
        #expect(controller == before)
    }

    @Test("SetBadge and ClearBadge follow ITEM-4: empty is a dot, over 64 bytes is refused (SBAR-2)")
    func badges() throws {
        var controller = try Fixture.barController()
        var events = try controller.setItemBadge(.text(""), of: "map", on: "modes")
        #expect(controller.value(.hasBadge, "map") == .bool(true))
        #expect(controller.value(.badgeValue, "map") == .string(""))
        #expect(events.standaloneBars.properties(ofItem: "map", bar: "modes") == [.hasBadge])
        _ = try controller.setItemBadge(.text("12"), of: "map", on: "modes")
        #expect(controller.value(.badgeValue, "map") == .string("12"))
        expectError("InvalidArgument", mentioning: "65 bytes") {
            try controller.setItemBadge(.text(String(repeating: "x", count: 65)), of: "map", on: "modes")
        }
        events = try controller.setItemBadge(nil, of: "map", on: "modes")
        #expect(controller.value(.hasBadge, "map") == .bool(false))
        #expect(events.standaloneBars.properties(ofItem: "map", bar: "modes") == [.hasBadge, .badgeValue])
        #expect(try controller.setItemBadge(nil, of: "map", on: "modes").isEmpty)
    }

    @Test("RemoveItem deletes an item, off the bar and out of the selection; unknown is NoSuchItem (SBAR-2)")
    func removeItem() throws {
        var controller = try Fixture.barController()
        _ = try controller.selectItem("list", on: "modes")
        expectError("NoSuchItem", mentioning: "ghost") { try controller.removeItem("ghost", from: "modes") }
        let events = try controller.removeItem("list", from: "modes")
        #expect(events.standaloneBars.itemsRemoved == [BarItemReference(bar: "modes", item: "list")])
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.items, .definedItems, .selectedItem])
        #expect(events.standaloneBars.properties(ofItem: "grid", bar: "modes") == [.index, .accessibilityLabel])
        #expect(controller.value(.items) == .strings(["map", "grid"]))
        #expect(controller.value(.selectedItem) == .string(""))
        #expect(controller.value(.title, "list") == nil)
    }

    @Test("NoSuchItem answers an undefined item, and where the bar is needed, one defined but not on it (SBAR-2)")
    func noSuchItem() throws {
        var controller = try Fixture.barController()
        _ = try controller.beginCustomizingItems(["photo"], on: "modes", owner: ":1.1")
        expectError("NoSuchItem", mentioning: "not on bar") { try controller.selectItem("photo", on: "modes") }
        expectError("NoSuchItem", mentioning: "not on bar") {
            try controller.moveItem("photo", to: 0, on: "modes", owner: ":1.1")
        }
        expectError("NoSuchItem", mentioning: "No such item") {
            try controller.moveItem("ghost", to: 0, on: "modes", owner: ":1.1")
        }
        _ = try controller.endCustomizingItems(on: "modes", owner: ":1.1")
        expectError("NoSuchItem", mentioning: "not on bar") { try controller.tapItem("photo", on: "modes") }
        expectError("NoSuchItem", mentioning: "No such item") { try controller.tapItem("ghost", on: "modes") }
        expectError("InvalidArgument") { try controller.tapItem("no good", on: "modes") }
    }

    // MARK: SBAR-3

    @Test("SetItems puts defined items on the bar in order and emits ItemsSet after the properties (SBAR-3)")
    func setItems() throws {
        var controller = try Fixture.barController()
        let events = try controller.setItems(["recent", "map"], animated: true, on: "modes")
        #expect(controller.value(.items) == .strings(["recent", "map"]))
        #expect(events.barSignals == [.itemsSet(["recent", "map"], animated: true)])
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.items])
        #expect(
            events.standaloneBars.properties(ofItem: "recent", bar: "modes") == [.onBar, .index, .accessibilityLabel])
        #expect(controller.value(.index, "map") == .int32(1))
        expectError("NoSuchItem", mentioning: "ghost") {
            try controller.setItems(["map", "ghost"], animated: false, on: "modes")
        }
        expectError("InvalidArgument", mentioning: "twice") {
            try controller.setItems(["map", "map"], animated: false, on: "modes")
        }
        let cleared = try controller.setItems([], animated: false, on: "modes")
        #expect(cleared.barSignals == [.itemsSet([], animated: false)])
        #expect(controller.value(.items) == .strings([]))
    }

    @Test("an identical list is a no-op whatever animated says (SBAR-3)")
    func identicalItems() throws {
        var controller = try Fixture.barController()
        let before = controller
        #expect(try controller.setItems(["map", "list", "grid"], animated: true, on: "modes").isEmpty)
        #expect(try controller.setItems(["map", "list", "grid"], animated: false, on: "modes").isEmpty)
        #expect(controller == before)
    }

    @Test(
        "SetItems selects nothing new: a selected item that stays stays selected, one that leaves empties it (SBAR-3, SBAR-4)"
    )
    func setItemsKeepsSelection() throws {
        var controller = try Fixture.barController()
        _ = try controller.selectItem("list", on: "modes")
        var events = try controller.setItems(["grid", "list", "photo"], animated: false, on: "modes")
        #expect(controller.value(.selectedItem) == .string("list"))
        #expect(!events.standaloneBars.properties(ofBar: "modes").contains(.selectedItem))
        events = try controller.setItems(["grid", "photo"], animated: false, on: "modes")
        #expect(controller.value(.selectedItem) == .string(""))
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.items, .selectedItem])
        #expect(
            events.standaloneBars.properties(ofItem: "list", bar: "modes") == [
                .onBar, .index, .selected, .accessibilityLabel,
            ])
    }

    // MARK: SBAR-4

    @Test("SetSelectedItem selects an item on the bar, or none, and emits only property changes (SBAR-4)")
    func selectItem() throws {
        var controller = try Fixture.barController()
        #expect(controller.value(.selectedItem) == .string("")) // none at first
        _ = try controller.setItem(.enabled, of: "grid", on: "modes", to: .bool(false))
        let events = try controller.selectItem("grid", on: "modes") // a disabled item may be selected
        #expect(controller.value(.selectedItem) == .string("grid"))
        #expect(events.standaloneBars.signals.isEmpty)
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.selectedItem])
        #expect(events.standaloneBars.properties(ofItem: "grid", bar: "modes") == [.selected, .accessibilityLabel])
        #expect(try controller.selectItem("grid", on: "modes").isEmpty)
        _ = try controller.selectItem("", on: "modes")
        #expect(controller.value(.selectedItem) == .string(""))
        #expect(controller.value(.selected, "grid") == .bool(false))
    }

    @Test(
        "Tap selects, then emits DidSelectItem, also when already selected; not on the bar, disabled and during a session it is refused (SBAR-4)"
    )
    func tap() throws {
        var controller = try Fixture.barController()
        var events = try controller.tapItem("list", on: "modes")
        #expect(controller.value(.selectedItem) == .string("list"))
        #expect(events.standaloneBars.properties(ofBar: "modes") == [.selectedItem])
        #expect(events.barSignals == [.didSelectItem("list")])
        events = try controller.tapItem("list", on: "modes")
        #expect(events.standaloneBars.barProperties.isEmpty && events.standaloneBars.itemProperties.isEmpty)
        #expect(events.barSignals == [.didSelectItem("list")])
        _ = try controller.setItem(.enabled, of: "grid", on: "modes", to: .bool(false))
        let before = controller
        expectError("Disabled", mentioning: "grid") { try controller.tapItem("grid", on: "modes") }
        expectError("NoSuchItem") { try controller.tapItem("photo", on: "modes") }
        _ = try controller.beginCustomizingItems(["photo"], on: "modes", owner: ":1.1")
        expectError("Busy") { try controller.tapItem("map", on: "modes") }
        expectError("Disabled") { try controller.tapItem("grid", on: "modes") } // what the item is comes first
        _ = try controller.endCustomizingItems(on: "modes", owner: ":1.1")
        #expect(controller.bar(named: "modes") == before.bar(named: "modes"))
    }

    // MARK: SBAR-8

    @Test("bar errors have their own names, NoSuchBar and NoSuchItem, and name the offending value (SBAR-8, ERR-2)")
    func errorNames() throws {
        #expect(TabError.allNames.suffix(2) == ["NoSuchBar", "NoSuchItem"])
        #expect(TabError.noSuchBar("x").description == "NoSuchBar: No such bar: 'x'.")
        #expect(TabError.noSuchItem("i", bar: "b").message == "No such item on bar 'b': 'i'.")
        #expect(TabError.noSuchItem("i", bar: "b", isDefined: true).message == "Item 'i' is not on bar 'b'.")
        #expect(TabError.disabled("i", bar: "b").message == "Item 'i' on bar 'b' is disabled.")
        var controller = try Fixture.barController()
        let before = controller
        expectError("NoSuchBar", mentioning: "ghost") { try controller.tapItem("map", on: "ghost") }
        expectError("InvalidArgument", mentioning: "bad bar") { try controller.tapItem("map", on: "bad bar") }
        #expect(controller == before)
    }
}
