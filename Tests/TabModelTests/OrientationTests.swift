import Testing
@testable import TabModel

@Suite("Orientation")
struct OrientationTests {
    private let all: Set<Orientation> = Set(Orientation.allCases)

    @Test("a tab supports portrait only unless its plugin says more (ORI-1)")
    func defaultPortrait() throws {
        let controller = try Fixture.controller(["a"])
        #expect(controller.value(of: .orientations, tab: "a") == .strings(["portrait"]))
        #expect(Orientation.allCases.map(\.rawValue) == ["portrait", "portrait-upside-down", "landscape-left", "landscape-right"])
    }

    @Test("SupportedOrientations is the intersection over all tabs, More-list tabs included; all four without tabs (ORI-2)")
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

    @Test("SetOrientation outside the supported set is NotSupported, an unknown name InvalidArgument; it starts portrait (ORI-3)")
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
}
