import Testing

@testable import TabModel

@Suite("Tab bar items")
struct ItemTests {
    @Test("an item has title, images, system item, tag, badge, badge color and enabled flag (ITEM-1)")
    func itemFields() throws {
        let definition = TabDefinition(
            id: "songs", plugin: "media", title: "Songs", image: "note", selectedImage: "note-filled", tag: 7)
        var controller = try TabController(catalog: [definition])
        _ = try controller.setBadge("songs", to: .text("3"))
        _ = try controller.setBadgeColor("songs", to: "#ff0000")
        #expect(controller.value(of: .title, tab: "songs") == .string("Songs"))
        #expect(controller.value(of: .image, tab: "songs") == .string("note"))
        #expect(controller.value(of: .selectedImage, tab: "songs") == .string("note-filled"))
        #expect(controller.value(of: .systemItem, tab: "songs") == .string(""))
        #expect(controller.value(of: .tag, tab: "songs") == .int32(7))
        #expect(controller.value(of: .badgeValue, tab: "songs") == .string("3"))
        #expect(controller.value(of: .badgeColor, tab: "songs") == .string("#FF0000"))
        #expect(controller.value(of: .enabled, tab: "songs") == .bool(true))
    }

    @Test("a tab without an explicit item has no image and its own title (ITEM-2)")
    func defaultItem() throws {
        let controller = try TabController(catalog: [TabDefinition(id: "notes", plugin: "notes", title: "Notes")])
        #expect(controller.string(.title, "notes") == "Notes")
        #expect(controller.string(.image, "notes") == "")
        #expect(controller.string(.selectedImage, "notes") == "")
    }

    @Test("system items take a localized title and image from the daemon that cannot be overridden (ITEM-3)")
    func systemItems() throws {
        let definition = TabDefinition(id: "fav", plugin: "p", title: "Mine", image: "mine", systemItem: .favorites)
        var controller = try TabController(
            catalog: [definition], configuration: ControllerConfiguration(locale: "de_DE.UTF-8"))
        #expect(controller.string(.title, "fav") == "Favoriten")
        #expect(controller.string(.image, "fav") == "system-favorites")
        let before = controller
        #expect(throws: TabError.self) { try controller.setTitle("fav", to: "Other") }
        #expect(controller == before)
        #expect(
            SystemItem.allCases.map(\.rawValue) == [
                "favorites", "featured", "top-rated", "recents", "contacts", "history", "bookmarks", "search",
                "downloads", "most-recent", "most-viewed",
            ])
    }

    @Test("a badge shows iff present; empty is a dot; clearing makes it absent; over 64 bytes is refused (ITEM-4)")
    func badges() throws {
        var controller = try Fixture.controller(["a"])
        #expect(controller.value(of: .hasBadge, tab: "a") == .bool(false))
        _ = try controller.setBadge("a", to: .text(""))
        #expect(controller.badge(of: "a") == .dot)
        #expect(controller.value(of: .hasBadge, tab: "a") == .bool(true))
        #expect(controller.value(of: .badgeValue, tab: "a") == .string(""))
        _ = try controller.setBadge("a", to: .text("new"))
        #expect(controller.value(of: .badgeValue, tab: "a") == .string("new"))
        _ = try controller.setBadge("a", to: nil)
        #expect(controller.value(of: .hasBadge, tab: "a") == .bool(false))
        _ = try controller.setBadge("a", to: .text(String(repeating: "é", count: 32))) // 64 bytes
        #expect(throws: TabError.self) {
            try controller.setBadge("a", to: .text(String(repeating: "é", count: 32) + "x"))
        }
    }

    @Test(
        "badge color is #RRGGBB or empty, anything else InvalidArgument (ITEM-5)",
        arguments: [
            ("#00ff00", true), ("", true), ("#ABCDEF", true), ("00ff00", false), ("#0f0", false), ("#GG0000", false),
            ("red", false),
        ])
    func badgeColor(color: String, valid: Bool) throws {
        var controller = try Fixture.controller(["a"])
        if valid {
            _ = try controller.setBadgeColor("a", to: color)
            #expect(controller.string(.badgeColor, "a") == color.uppercased())
        } else {
            #expect(throws: TabError.invalidArgument("Invalid color '\(color)': expected #RRGGBB or empty.")) {
                try controller.setBadgeColor("a", to: color)
            }
        }
    }

    @Test("a disabled tab cannot be tapped and asks no delegate but can be selected (ITEM-6)")
    func disabledTabs() throws {
        var controller = try Fixture.controller(["a", "b"])
        _ = try controller.registerDelegate(owner: ":1.5", path: "/d")
        _ = try controller.setEnabled("b", false)
        #expect(throws: TabError.disabled("b")) { try controller.beginTap("b") }
        let events = try controller.select("b")
        #expect(controller.selectedTab == "b")
        #expect(events.signals.isEmpty)
    }
}
