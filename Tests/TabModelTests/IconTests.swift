import Testing

@testable import TabModel

/// ICON-1..5 in the model: where a tab's and an item's icon names come from, what a name may
/// be, and the pixmaps a plugin draws.
@Suite("Icons")
struct IconTests {
    /// The catalog of `Fixture.media` with an icon name on `songs` and the system item `search`.
    private func controller() throws -> TabController {
        var songs = TabDefinition(id: "songs", plugin: "media", title: "Songs")
        songs.iconName = "audio-x-generic-symbolic"
        let search = TabDefinition(id: "search", plugin: "media", title: "", systemItem: .search)
        let catalog = Fixture.definitions(["playlists"]) + [songs, search]
        return try TabController(catalog: catalog)
    }

    @Test(
        "a name is empty, or at most 255 bytes with no control character and no '/' (ICON-2)",
        arguments: [
            ("", true), ("alarm-symbolic", true), ("réveil", true), (String(repeating: "a", count: 255), true),
            (String(repeating: "a", count: 256), false), ("a/b", false), ("/usr/share/icons/x.svg", false),
            ("bad\u{1B}[2J", false), ("tab\tname", false), ("c1\u{9B}", false), ("del\u{7F}", false),
        ])
    func validity(name: String, valid: Bool) {
        if valid {
            #expect(throws: Never.self) { try IconName.validate(name) }
        } else {
            expectError("InvalidArgument") { try IconName.validate(name) }
        }
    }

    @Test(
        "a tab's names come from its manifest, then its plugin at run time; SelectedIconName empty means IconName (ICON-1, ICON-2)"
    )
    func tabNames() throws {
        var controller = try controller()
        #expect(controller.string(.iconName, "songs") == "audio-x-generic-symbolic")
        #expect(controller.string(.selectedIconName, "songs") == "")
        #expect(controller.string(.iconName, "playlists") == "")
        #expect(controller.string(.iconThemePath, "playlists") == "")
        let events = try controller.setIconNames(
            "songs", icon: "emblem-music-symbolic", selected: "folder-music-symbolic")
        #expect(events.tabProperties == [TabPropertyChanges(tab: "songs", properties: [.iconName, .selectedIconName])])
        #expect(events.announces(.revision))
        #expect(controller.string(.iconName, "songs") == "emblem-music-symbolic")
        #expect(controller.string(.selectedIconName, "songs") == "folder-music-symbolic")
        // The same names again change nothing, and announce nothing.
        #expect(
            try controller.setIconNames("songs", icon: "emblem-music-symbolic", selected: "folder-music-symbolic")
                .tabProperties.isEmpty)
    }

    @Test("a system item always has the standard name, which nothing sets (ICON-2, ITEM-3)")
    func systemItemNames() throws {
        var controller = try controller()
        #expect(controller.string(.iconName, "search") == "system-search-symbolic")
        #expect(controller.string(.selectedIconName, "search") == "system-search-symbolic")
        let before = controller
        expectError("NotSupported", mentioning: "search") {
            try controller.setIconNames("search", icon: "edit-find-symbolic", selected: "")
        }
        #expect(controller == before)
        var definition = TabDefinition(id: "favs", plugin: "p", title: "", systemItem: .favorites)
        definition.iconName = "starred"
        expectError("NotSupported") { try definition.validate() }
    }

    @Test(
        "a malformed name from a plugin is InvalidArgument and changes nothing (ICON-2)",
        arguments: ["a/b", "x\u{1B}", String(repeating: "n", count: 256)])
    func badRuntimeName(name: String) throws {
        var controller = try controller()
        let before = controller
        expectError("InvalidArgument") { try controller.setIconNames("songs", icon: name, selected: "") }
        expectError("InvalidArgument") { try controller.setIconNames("songs", icon: "", selected: name) }
        #expect(controller == before)
        expectError("NoSuchTab") { try controller.setIconNames("ghost", icon: "", selected: "") }
    }

    @Test("every system item has a -symbolic standard name, and More has one (ICON-2, MORE-6)")
    func standardNames() {
        for item in SystemItem.allCases { #expect(item.iconName.hasSuffix("-symbolic"), "\(item)") }
        #expect(StandardIcons.more == "view-more-horizontal-symbolic")
        #expect(throws: Never.self) { for item in SystemItem.allCases { try IconName.validate(item.iconName) } }
    }

    @Test(
        "pixmaps: at most 4 sizes, square, side 1 to 256, width × height × 4 bytes; else refused and the earlier ones stay (ICON-3)"
    )
    func pixmapBounds() throws {
        var controller = try controller()
        let good = [
            IconPixmap(width: 16, height: 16, argb: [UInt8](repeating: 0xFF, count: 16 * 16 * 4)),
            IconPixmap(width: 256, height: 256, argb: [UInt8](repeating: 0, count: 256 * 256 * 4)),
        ]
        let events = try controller.setIconPixmaps("songs", to: good)
        #expect(events.tabProperties == [TabPropertyChanges(tab: "songs", properties: [.iconPixmaps])])
        #expect(controller.value(of: .iconPixmaps, tab: "songs") == .pixmaps(good))
        let one = IconPixmap(width: 1, height: 1, argb: [1, 2, 3, 4])
        let bad: [(String, [IconPixmap])] = [
            ("5 sizes", Array(repeating: one, count: 5)),
            ("300×300", [IconPixmap(width: 300, height: 300, argb: [UInt8](repeating: 0, count: 300 * 300 * 4))]),
            ("not square", [IconPixmap(width: 2, height: 1, argb: [UInt8](repeating: 0, count: 8))]),
            ("side 0", [IconPixmap(width: 0, height: 0, argb: [])]),
            ("negative side", [IconPixmap(width: -4, height: -4, argb: [UInt8](repeating: 0, count: 64))]),
            ("bytes short", [IconPixmap(width: 2, height: 2, argb: [UInt8](repeating: 0, count: 15))]),
            ("bytes over", [IconPixmap(width: 2, height: 2, argb: [UInt8](repeating: 0, count: 17))]),
        ]
        for (what, pixmaps) in bad {
            let before = controller
            expectError("InvalidArgument") { try controller.setIconPixmaps("songs", to: pixmaps) }
            #expect(controller == before, "\(what)")
        }
        #expect(controller.value(of: .iconPixmaps, tab: "songs") == .pixmaps(good))
        _ = try controller.setIconPixmaps("songs", to: [])
        #expect(controller.value(of: .iconPixmaps, tab: "songs") == .pixmaps([]))
    }

    @Test("pixmaps and run-time names are not saved: a restored controller has the manifest's (ICON-3)")
    func notSaved() throws {
        var controller = try controller()
        _ = try controller.setIconNames("songs", icon: "emblem-music-symbolic", selected: "")
        _ = try controller.setIconPixmaps("songs", to: [IconPixmap(width: 1, height: 1, argb: [0, 0, 0, 0])])
        var restored = try self.controller()
        _ = try restored.restore(controller.snapshot())
        #expect(restored.value(of: .iconPixmaps, tab: "songs") == .pixmaps([]))
        #expect(restored.string(.iconName, "songs") == "audio-x-generic-symbolic")
    }

    @Test(
        "a standalone item's names are rw and structural; a system item's are the standard ones and NotSupported (ICON-2)"
    )
    func itemNames() throws {
        var controller = try Fixture.barController()
        #expect(controller.value(.iconName, "map") == .string(""))
        let events = try controller.setItem(.iconName, of: "map", on: "modes", to: .string("find-location-symbolic"))
        #expect(events.durability == .structural)
        _ = try controller.setItem(.selectedIconName, of: "map", on: "modes", to: .string("mark-location-symbolic"))
        #expect(controller.value(.iconName, "map") == .string("find-location-symbolic"))
        #expect(controller.value(.selectedIconName, "map") == .string("mark-location-symbolic"))
        #expect(BarItemProperty.iconName.isWritable && BarItemProperty.selectedIconName.isWritable)
        let before = controller
        expectError("InvalidArgument", mentioning: "a/b") {
            try controller.setItem(.iconName, of: "map", on: "modes", to: .string("a/b"))
        }
        expectError("NotSupported", mentioning: "recent") {
            try controller.setItem(.iconName, of: "recent", on: "modes", to: .string("x"))
        }
        expectError("NotSupported") {
            try controller.setItem(.selectedIconName, of: "recent", on: "modes", to: .string(""))
        }
        #expect(controller == before)
        #expect(controller.value(.iconName, "recent") == .string("document-open-recent-symbolic"))
        // Saved with the bar (SBAR-1): a restored controller has them.
        var restored = try Fixture.media(showing: 5)
        _ = try restored.restore(controller.snapshot())
        #expect(restored.value(.iconName, "map") == .string("find-location-symbolic"))
        #expect(restored.value(.selectedIconName, "map") == .string("mark-location-symbolic"))
    }
}
