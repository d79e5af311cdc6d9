import Testing

@testable import TabModel

@Suite("Appearance")
struct AppearanceTests {
    @Test("BarStyle is default or black (LOOK-1)")
    func barStyle() throws {
        var controller = try Fixture.controller(["a"])
        #expect(controller.value(of: .barStyle) == .string("default"))
        _ = try controller.set(.barStyle, to: .string("black"))
        #expect(controller.appearance.barStyle == .black)
        expectError("InvalidArgument", mentioning: "blue") { try controller.set(.barStyle, to: .string("blue")) }
    }

    @Test("colors are #RRGGBB, empty restores the default; EffectiveBarColor is what a renderer paints (LOOK-2)")
    func colors() throws {
        var controller = try Fixture.controller(["a"])
        #expect(controller.value(of: .tintColor) == .string("#007AFF"))
        #expect(controller.value(of: .barTintColor) == .string(""))
        #expect(controller.value(of: .unselectedItemTintColor) == .string(""))
        #expect(controller.value(of: .effectiveBarColor) == .string("#FFFFFF"))
        _ = try controller.set(.barStyle, to: .string("black"))
        #expect(controller.value(of: .effectiveBarColor) == .string("#000000"))
        let events = try controller.set(.barTintColor, to: .string("#336699"))
        #expect(events.controllerProperties == [.barTintColor, .effectiveBarColor, .revision])
        #expect(controller.value(of: .effectiveBarColor) == .string("#336699"))
        _ = try controller.set(.tintColor, to: .string("#ff0000"))
        _ = try controller.set(.tintColor, to: .string(""))
        #expect(controller.value(of: .tintColor) == .string("#007AFF"))
        expectError("InvalidArgument", mentioning: "#12345") {
            try controller.set(.unselectedItemTintColor, to: .string("#12345"))
        }
    }

    @Test("an appearance change reaches the controller it was made on, not a copy taken before (LOOK-1..7)")
    func changeLeavesCopiesAlone() throws {
        var controller = try Fixture.controller(["a"])
        let copy = controller
        _ = try controller.set(.barTintColor, to: .string("#336699"))
        #expect(controller.value(of: .barTintColor) == .string("#336699"))
        #expect(
            copy.value(of: .barTintColor) == .string(""), "the copy shares the appearance until one of them changes it")
        #expect(controller != copy)
        _ = try controller.set(.barTintColor, to: .string(""))
        #expect(controller.appearance == copy.appearance)
        #expect(controller.configuration == copy.configuration)
    }

    @Test("Translucent defaults to true (LOOK-3)")
    func translucent() throws {
        var controller = try Fixture.controller(["a"])
        #expect(controller.value(of: .translucent) == .bool(true))
        _ = try controller.set(.translucent, to: .bool(false))
        #expect(controller.value(of: .translucent) == .bool(false))
    }

    @Test("the shadow image is in effect only while a background image is set (LOOK-4)")
    func shadowImage() throws {
        var controller = try Fixture.controller(["a"])
        var events = try controller.set(.shadowImage, to: .string("line"))
        #expect(controller.value(of: .effectiveShadowImage) == .string(""))
        #expect(!events.announces(.effectiveShadowImage))
        events = try controller.set(.backgroundImage, to: .string("/usr/share/bar.png"))
        #expect(controller.value(of: .effectiveShadowImage) == .string("line"))
        #expect(events.announces(.effectiveShadowImage))
        expectError("InvalidArgument") {
            try controller.set(.selectionIndicatorImage, to: .string("relative/path.png"))
        }
    }

    @Test("divider images are keyed left|right; all three combinations are needed to draw (LOOK-5)")
    func dividers() throws {
        var controller = try Fixture.controller(["a"])
        _ = try controller.setDividerImage("d1", left: "normal", right: "normal")
        _ = try controller.setDividerImage("d2", left: "selected", right: "normal")
        #expect(!controller.appearance.drawsDividers)
        let events = try controller.setDividerImage("d3", left: "normal", right: "selected")
        #expect(events.announces(.dividerImages))
        #expect(
            controller.value(of: .dividerImages)
                == .dictionary(["normal|normal": "d1", "selected|normal": "d2", "normal|selected": "d3"]))
        #expect(controller.appearance.drawsDividers)
        expectError("InvalidArgument") { try controller.setDividerImage("d4", left: "selected", right: "selected") }
        expectError("InvalidArgument", mentioning: "pressed") {
            try controller.setDividerImage("d4", left: "pressed", right: "normal")
        }
        _ = try controller.setDividerImage("", left: "normal", right: "normal")
        #expect(!controller.appearance.drawsDividers)
    }

    @Test("an item image is a template unless its rendering mode is original (LOOK-6)")
    func renderingMode() throws {
        let controller = try TabController(catalog: [
            TabDefinition(id: "a", plugin: "p", title: "A", image: "a"),
            TabDefinition(id: "b", plugin: "p", title: "B", image: "b", imageRenderingMode: .original),
        ])
        #expect(controller.string(.imageRenderingMode, "a") == "template")
        #expect(controller.string(.imageRenderingMode, "b") == "original")
    }

    @Test("Translucent is what was set, never inferred from a background image (LOOK-7)")
    func translucencyNotInferred() throws {
        var controller = try Fixture.controller(["a"])
        _ = try controller.set(.backgroundImage, to: .string("/opaque.png"))
        #expect(controller.appearance.translucent)
    }

    @Test(
        "only three divider combinations exist: selected|selected is InvalidArgument, an empty image removes one (LOOK-5)"
    )
    func dividerCombinations() throws {
        var controller = try Fixture.controller(["a"])
        for (left, right) in [("normal", "normal"), ("selected", "normal"), ("normal", "selected")] {
            _ = try controller.setDividerImage("\(left)-\(right)", left: left, right: right)
        }
        let before = controller
        expectError("InvalidArgument", mentioning: "selected|selected") {
            try controller.setDividerImage("x", left: "selected", right: "selected")
        }
        #expect(controller == before)
        let events = try controller.setDividerImage("", left: "selected", right: "normal")
        #expect(events.announces(.dividerImages))
        #expect(
            controller.appearance.dividerImages == [
                "normal|normal": "normal-normal", "normal|selected": "normal-selected",
            ])
        #expect(try controller.setDividerImage("", left: "selected", right: "normal").isEmpty) // gone already
        var saved = controller.snapshot()
        saved.appearance.dividerImages["selected|selected"] = "x"
        expectError("InvalidArgument", mentioning: "selected|selected") { try controller.restore(saved) }
    }
}
