import Foundation
import TabModel
import TabbardBusContract
import Testing

@testable import TabbardDaemon

/// The standalone bars on the wire, without a bus: property types and names, the controller's
/// bar as a mirror, and `Describe`'s `bars`.
@Suite("Standalone bars on the wire")
struct BarWireTests {
    /// A controller with bar `modes`: item `day` on the bar and selected, system item `fav` off it.
    static func controller() throws -> TabController {
        let catalog = ["alarm", "timer"].map { TabDefinition(id: $0, plugin: "clock", title: $0) }
        var controller = try TabController(catalog: catalog)
        _ = try controller.createBar("modes")
        _ = try controller.addItem("day", title: "Day", image: "sun", selectedImage: "", on: "modes")
        _ = try controller.addSystemItem("fav", systemItem: "favorites", tag: 2, on: "modes")
        _ = try controller.setItems(["day"], animated: false, on: "modes")
        _ = try controller.tapItem("day", on: "modes")
        _ = try controller.setItemBadge(.text("4"), of: "day", on: "modes")
        return controller
    }

    @Test(
        "every bar and item property's declared type is the type of its value, on a standalone bar and on the controller's (SBAR-1, BAR-1)"
    )
    func signaturesMatchValues() throws {
        let controller = try Self.controller()
        for property in StandaloneBarProperty.allCases {
            #expect(controller.value(of: property, bar: "modes")?.signature == property.signature, "\(property)")
            #expect(controller.controllersBarValue(of: property).signature == property.signature, "\(property)")
        }
        for property in BarItemProperty.allCases {
            #expect(
                controller.value(of: property, item: "fav", bar: "modes")?.signature == property.signature,
                "\(property)")
        }
        #expect(Set(StandaloneBarProperty.allCases.map(\.wireName)).count == StandaloneBarProperty.allCases.count)
        #expect(Set(BarItemProperty.allCases.map(\.wireName)).count == BarItemProperty.allCases.count)
    }

    @Test(
        "the appearance has the controller's property names on every bar, and the controller's bar announces what it mirrors (SBAR-6, BAR-1)"
    )
    func appearanceNames() {
        for property in AppearanceProperty.allCases {
            let controllerProperty = ControllerProperty(rawValue: property.wireName)
            #expect(controllerProperty != nil, "\(property)")
            #expect(controllerProperty?.barMirror == .appearance(property))
        }
        #expect(
            ControllerProperty.tabs.barMirror == .definedItems
                && ControllerProperty.customizing.barMirror == .customizing)
        #expect(ControllerProperty.selectedTab.barMirror == nil && ControllerProperty.locale.barMirror == nil)
    }

    @Test(
        "the controller's bar reads as a bar: no name, the tabs as defined items, the controller's session and appearance (BAR-1)"
    )
    func controllersBar() throws {
        var controller = try Self.controller()
        _ = try controller.set(.tintColor, to: .string("#123456"))
        #expect(controller.controllersBarValue(of: .name) == .string(""))
        #expect(controller.controllersBarValue(of: .definedItems) == .strings(["alarm", "timer"]))
        #expect(controller.controllersBarValue(of: .items) == controller.value(of: BarProperty.items))
        #expect(controller.controllersBarValue(of: .appearance(.tintColor)) == .string("#123456"))
        #expect(controller.controllersBarValue(of: .customizing) == .bool(false))
        #expect(StandaloneBarProperty.appearance(.tintColor).writable == .tintColor)
        #expect(
            StandaloneBarProperty.appearance(.effectiveBarColor).writable == nil
                && StandaloneBarProperty.items.writable == nil)
    }

    @Test("Describe lists Bars and, per bar, its properties and items with the values the objects read (SBAR-1)")
    func describeBars() throws {
        let controller = try Self.controller()
        let text = DescribeDocument.json(of: controller, identity: DaemonIdentity(version: "test")).text
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["Bars"] as? [String] == ["modes"])
        let bars = try #require(document["bars"] as? [[String: Any]])
        #expect(bars.count == 1)
        let bar = bars[0]
        #expect(
            bar["Name"] as? String == "modes" && bar["Items"] as? [String] == ["day"]
                && bar["SelectedItem"] as? String == "day")
        #expect(Set(bar.keys) == Set(StandaloneBarProperty.allCases.map(\.wireName) + ["items"]))
        let items = try #require(bar["items"] as? [[String: Any]])
        #expect(items.map { $0["Id"] as? String } == ["day", "fav"])
        #expect(Set(items[0].keys) == Set(BarItemProperty.allCases.map(\.wireName)))
        #expect(
            items[0]["BadgeValue"] as? String == "4"
                && items[0]["AccessibilityLabel"] as? String == "Selected, Day, one of one")
        #expect(
            items[1]["Title"] as? String == "Favorites" && items[1]["Index"] as? Int == -1
                && items[1]["OnBar"] as? Bool == false)
    }

    @Test("bar and item objects have the contract's paths, escaped as tab paths are (SBAR-1, SBAR-2)")
    func paths() {
        #expect(BusNames.barPath("day-night").rawValue == "/org/tabbard/TabBar1/bars/day_2dnight")
        #expect(BusNames.itemPath("a.b", bar: "modes").rawValue == "/org/tabbard/TabBar1/bars/modes/item/a_2eb")
        #expect(BusNames.barPath("modes").element(below: BusNames.bars) == "modes")
    }
}
