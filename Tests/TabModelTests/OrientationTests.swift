import Testing

@testable import TabModel

@Suite("Orientation")
struct OrientationTests {
    private let all: Set<Orientation> = Set(Orientation.allCases)

    @Test("a tab supports portrait only unless its plugin says more (ORI-1)")
    func defaultPortrait() throws {
        let controller = try Fixture.controller(["a"])
        #expect(controller.value(of: .orientations, tab: "a") == .strings(["portrait"]))
        #expect(
            Orientation.allCases.map(\.rawValue) == [
                "portrait", "portrait-upside-down", "landscape-left", "landscape-right",
            ])
    }

    @Test(
        "a tab's Orientations list every orientation it supports once, in declaration order, whatever the set (ORI-1)")
    func orientationsInDeclarationOrder() throws {
        var catalog: [TabDefinition] = []
        for subset in 1..<(1 << Orientation.allCases.count) {
            var definition = Fixture.definitions(["t\(subset)"])[0]
            definition.orientations = Set(
                Orientation.allCases.indices.filter { subset & (1 << $0) != 0 }.map { Orientation.allCases[$0] })
            catalog.append(definition)
        }
        let controller = try TabController(catalog: catalog)
        #expect(catalog.count == 15)
        for definition in catalog {
            let expected = Orientation.allCases.filter(definition.orientations.contains).map(\.rawValue)
            #expect(
                controller.value(of: .orientations, tab: definition.id) == .strings(expected),
                "\(definition.orientations)")
        }
        #expect(controller.value(of: .orientations, tab: "t5") == .strings(["portrait", "landscape-left"]))
    }

    @Test(
        "SupportedOrientations is the intersection over all tabs, More-list tabs included; all four without tabs (ORI-2)"
    )
    func intersection() throws {
        var catalog = Fixture.definitions(Fixture.media)
        for index in catalog.indices { catalog[index].orientations = all }
        catalog[8].orientations = [.portrait, .landscapeLeft] // compilations, in the More list
        var controller = try TabController(catalog: catalog)
        #expect(controller.supportedOrientations == [.portrait, .landscapeLeft])
        let events = try controller.removeTab("compilations")
        #expect(controller.supportedOrientations == Orientation.allCases)
        #expect(events.announces(.supportedOrientations))
        _ = try controller.setTabs([])
        #expect(controller.value(of: .supportedOrientations) == .strings(Orientation.allCases.map(\.rawValue)))
    }

    @Test(
        "SetOrientation outside the supported set is NotSupported, an unknown name InvalidArgument; it starts portrait (ORI-3)"
    )
    func setOrientation() throws {
        var catalog = Fixture.definitions(["a", "b"])
        catalog[0].orientations = all
        catalog[1].orientations = [.portrait, .landscapeRight]
        var controller = try TabController(catalog: catalog)
        #expect(controller.orientation == .portrait)
        expectError("NotSupported", mentioning: "landscape-left") { try controller.setOrientation("landscape-left") }
        expectError("InvalidArgument", mentioning: "sideways") { try controller.setOrientation("sideways") }
        let events = try controller.setOrientation("landscape-right")
        #expect(events.controllerProperties == [.orientation, .revision])
        #expect(events.durability == .structural)
        #expect(controller.value(of: .orientation) == .string("landscape-right"))
    }

    @Test("when new Tabs leave Orientation unsupported it becomes the first supported one, announced (ORI-4)")
    func orientationFollowsTabs() throws {
        var catalog = Fixture.definitions(["a", "b", "c"])
        catalog[0].orientations = all
        catalog[1].orientations = all
        catalog[2].orientations = [.landscapeLeft, .portraitUpsideDown]
        var controller = try TabController(catalog: catalog, configuration: ControllerConfiguration(tabs: ["a", "b"]))
        _ = try controller.setOrientation("landscape-right")
        let events = try controller.addTab("c")
        #expect(controller.supportedOrientations == [.portraitUpsideDown, .landscapeLeft])
        #expect(controller.orientation == .portraitUpsideDown)
        #expect(events.announces(.orientation) && events.announces(.supportedOrientations))
        #expect(events.durability == .structural)
        let unchanged = try controller.removeTab("b") // still supported: it stays
        #expect(controller.orientation == .portraitUpsideDown)
        #expect(!unchanged.announces(.orientation))
    }

    @Test(
        "when a reload changes a tab's orientations so that Orientation is unsupported, it becomes the first supported one (ORI-4)"
    )
    func orientationFollowsReload() throws {
        var catalog = Fixture.definitions(["a", "b"])
        catalog[0].orientations = all
        catalog[1].orientations = all
        var controller = try TabController(catalog: catalog)
        _ = try controller.setOrientation("landscape-left")
        catalog[1].orientations = [.landscapeRight, .portrait]
        let events = try controller.replaceCatalog(catalog)
        #expect(controller.supportedOrientations == [.portrait, .landscapeRight])
        #expect(controller.orientation == .portrait)
        #expect(events.announces(.orientation))
        #expect(events.properties(of: "b").contains(.orientations))
    }
}
