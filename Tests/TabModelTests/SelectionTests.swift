import Testing

@testable import TabModel

@Suite("Programmatic selection")
struct SelectionTests {
    @Test("programmatic selection never asks the delegate nor emits DidSelect, only property changes (SEL-1)")
    func noDelegate() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.registerDelegate(owner: ":1.9", path: "/delegate")
        let events = try controller.select("songs")
        #expect(events.signals.isEmpty)
        #expect(events.controllerProperties == [.selectedItem, .selectedTab, .selectedIndex, .revision])
        #expect(events.properties(of: "songs").contains(.selected))
        #expect(events.properties(of: "playlists").contains(.selected))
    }

    @Test("Select of a tab not in Tabs answers NoSuchTab (SEL-2)")
    func selectUnknown() throws {
        var controller = try Fixture.media(showing: 3)
        #expect(throws: TabError.noSuchTab("genres")) { try controller.select("genres") } // in catalog, not in Tabs
        #expect(throws: TabError.noSuchTab("nowhere")) { try controller.select("nowhere") }
    }

    @Test("SelectIndex outside 0..<count answers IndexOutOfRange (SEL-3)")
    func selectIndexRange() throws {
        var controller = try Fixture.media(showing: 3)
        #expect(throws: TabError.indexOutOfRange(3, count: 3)) { try controller.selectIndex(3) }
        #expect(throws: TabError.indexOutOfRange(-1, count: 3)) { try controller.selectIndex(-1) }
        _ = try controller.selectIndex(2)
        #expect(controller.selectedTab == "songs")
    }

    @Test("selecting a More-list tab shows it inside More (SEL-4)")
    func selectInsideMore() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("audiobooks")
        #expect(controller.selectedItem == "@more")
        #expect(controller.selectedTab == "audiobooks")
        #expect(controller.selectedIndex == 5)
        #expect(controller.value(of: ControllerProperty.selectedItem) == controller.value(of: BarProperty.selectedItem))
    }

    @Test("SelectMore shows the More list itself, or answers NoMore without a More item (SEL-5)")
    func selectMore() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.selectMore()
        #expect(controller.selectedItem == "@more")
        #expect(controller.selectedTab == nil)
        #expect(controller.value(of: .selectedTab) == .string(""))
        #expect(controller.selectedIndex == -1)
        var small = try Fixture.media(showing: 5)
        #expect(throws: TabError.self) { try small.selectMore() }
    }

    @Test("selecting what is already selected changes nothing and emits nothing (SEL-6)")
    func reselectIsNoOp() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.select("songs")
        let revision = controller.revision
        #expect(try controller.select("songs").isEmpty)
        #expect(try controller.selectIndex(2).isEmpty)
        _ = try controller.selectMore()
        #expect(try controller.selectMore().isEmpty)
        #expect(controller.revision == revision + 1)
    }

    @Test("initial selection is the configured tab, else index 0, none without tabs (SEL-7)")
    func initialSelection() throws {
        let configured = try Fixture.media(showing: 7, configuration: ControllerConfiguration(selected: "genres"))
        #expect(configured.selectedTab == "genres")
        let unknown = try Fixture.media(showing: 3, configuration: ControllerConfiguration(selected: "genres"))
        #expect(unknown.selectedTab == "playlists")
        let empty = try Fixture.media(showing: 0)
        #expect(empty.selectedTab == nil && empty.selectedItem == "")
    }
}
