import Testing

@testable import TabModel

@Suite("Appearance and accessibility of standalone bars")
struct BarAppearanceTests {
    @Test("a new bar starts from the configured appearance, the proxy, then keeps what is set on it (SBAR-6)")
    func proxy() throws {
        var configured = Appearance()
        configured.barStyle = .black
        configured.tintColor = "#ff0000"
        var controller = try Fixture.barController(configuration: ControllerConfiguration(appearance: configured))
        #expect(controller.value(.appearance(.barStyle)) == .string("black"))
        #expect(controller.value(.appearance(.tintColor)) == .string("#FF0000"))
        #expect(controller.value(.appearance(.effectiveBarColor)) == .string("#000000"))
        let events = try controller.setAppearance(.barTintColor, to: .string("#336699"), on: "modes")
        #expect(
            events.standaloneBars.properties(ofBar: "modes") == [
                .appearance(.barTintColor), .appearance(.effectiveBarColor),
            ])
        _ = try controller.setAppearance(.tintColor, to: .string(""), on: "modes")
        // The built-in default, not the configured one.
        #expect(controller.value(.appearance(.tintColor)) == .string("#007AFF"))
        #expect(controller.appearance.barTintColor == "") // the controller's own is untouched
        _ = try controller.setBarStyle("default")
        #expect(controller.value(.appearance(.barStyle)) == .string("black"))

        var reread = controller.configuration
        reread.appearance.barStyle = .default
        _ = try controller.applyConfiguration(reread)
        #expect(controller.value(.appearance(.barStyle)) == .string("black")) // a bar keeps its own
        _ = try controller.createBar("later")
        #expect(controller.value(.appearance(.barStyle), on: "later") == .string("default"))
    }

    @Test("a bar has the rules of LOOK-1..5: validation, derived values and the three divider combinations (SBAR-6)")
    func lookRules() throws {
        var controller = try Fixture.barController()
        let before = controller
        expectError("InvalidArgument", mentioning: "blue") {
            try controller.setAppearance(.barStyle, to: .string("blue"), on: "modes")
        }
        expectError("InvalidArgument", mentioning: "#12") {
            try controller.setAppearance(.unselectedItemTintColor, to: .string("#12"), on: "modes")
        }
        expectError("InvalidArgument", mentioning: "rel/img") {
            try controller.setAppearance(.backgroundImage, to: .string("rel/img"), on: "modes")
        }
        expectError("InvalidArgument", mentioning: "read-only") {
            try controller.setAppearance(.effectiveBarColor, to: .string("#000000"), on: "modes")
        }
        expectError("InvalidArgument", mentioning: "selected|selected") {
            try controller.setDividerImage("d", left: "selected", right: "selected", on: "modes")
        }
        expectError("NoSuchBar") { try controller.setAppearance(.translucent, to: .bool(false), on: "ghost") }
        #expect(controller == before)
        _ = try controller.setAppearance(.shadowImage, to: .string("line"), on: "modes")
        #expect(controller.value(.appearance(.effectiveShadowImage)) == .string(""))
        let events = try controller.setAppearance(.backgroundImage, to: .string("/bar.png"), on: "modes")
        #expect(events.standaloneBars.properties(ofBar: "modes").contains(.appearance(.effectiveShadowImage)))
        #expect(controller.value(.appearance(.effectiveShadowImage)) == .string("line"))
        for (left, right) in [("normal", "normal"), ("selected", "normal"), ("normal", "selected")] {
            _ = try controller.setDividerImage("\(left)-\(right)", left: left, right: right, on: "modes")
        }
        #expect(controller.bar(named: "modes")?.appearance.drawsDividers == true)
        _ = try controller.setDividerImage("", left: "normal", right: "normal", on: "modes")
        #expect(
            controller.value(.appearance(.dividerImages))
                == .dictionary(["selected|normal": "selected-normal", "normal|selected": "normal-selected"]))
        #expect(controller.appearance.dividerImages.isEmpty)
        #expect(StandaloneBarProperty.allCases.filter(\.isWritable).count == 8)
    }

    @Test(
        "an item on the bar says its position among the bar's items and whether it is selected; one off the bar its title (SBAR-7)"
    )
    func accessibilityLabels() throws {
        var controller = try Fixture.barController()
        _ = try controller.selectItem("list", on: "modes")
        #expect(controller.value(.accessibilityLabel, "map") == .string("Map, one of three"))
        #expect(controller.value(.accessibilityLabel, "list") == .string("Selected, List, two of three"))
        #expect(controller.value(.accessibilityLabel, "photo") == .string("Photo"))
        let events = try controller.setItems(["map", "list", "grid", "recent"], animated: false, on: "modes")
        #expect(controller.value(.accessibilityLabel, "recent") == .string("Recents, four of four"))
        #expect(events.standaloneBars.properties(ofItem: "map", bar: "modes") == [.accessibilityLabel])
    }

    @Test("labels and system item titles follow the locale, announced when it changes (SBAR-7, L10N-1)")
    func localized() throws {
        var controller = try Fixture.barController()
        _ = try controller.setItems(["map", "recent"], animated: false, on: "modes")
        _ = try controller.selectItem("recent", on: "modes")
        let events = try controller.setLocale("fr_FR.UTF-8")
        #expect(controller.value(.title, "recent") == .string("Récents"))
        #expect(controller.value(.accessibilityLabel, "recent") == .string("Sélectionné, Récents, deux sur deux"))
        #expect(controller.value(.accessibilityLabel, "map") == .string("Map, un sur deux"))
        #expect(events.standaloneBars.properties(ofItem: "recent", bar: "modes") == [.title, .accessibilityLabel])
        #expect(events.standaloneBars.properties(ofItem: "map", bar: "modes") == [.accessibilityLabel])
        #expect(events.standaloneBars.properties(ofItem: "photo", bar: "modes").isEmpty) // its title is the app's own
    }
}
