import DBus
import Foundation
import TabbardBusContract
import Testing

@testable import tabctl

/// `show --bar NAME` from the properties the daemon gives (`GetAll` of the bar,
/// `GetManagedObjects` for its items), drawn with the controller's renderer.
@Suite("tabctl show --bar")
struct StandaloneBarPictureTests {
    private static func item(_ title: String, badge: String? = nil, enabled: Bool = true) -> PropertyValues {
        PropertyValues(values: [
            "Title": .string(title), "HasBadge": .bool(badge != nil), "BadgeValue": .string(badge ?? ""),
            "Enabled": .bool(enabled),
        ])
    }

    private static let items: [String: PropertyValues] = [
        "map": item("Map"), "transit": item("Transit", badge: "2"), "saved": item("Favorites", badge: ""),
        "satellite": item("Satellite", enabled: false), "untitled": item(""),
    ]

    private static func bar(items onBar: [String], selected: String = "", customizing: Bool = false) -> PropertyValues {
        PropertyValues(values: [
            "Name": .string("modes"), "Items": .array("s", onBar.map { .string($0) }),
            "DefinedItems": .array("s", ["map", "transit", "saved", "satellite", "untitled"].map { .string($0) }),
            "SelectedItem": .string(selected), "Customizing": .bool(customizing), "TintColor": .string("#FF9500"),
        ])
    }

    @Test("the items on the bar in order, the selection, badges, disabled items and the tint (SBAR-3, SBAR-4, SBAR-6)")
    func picture() {
        let picture = BarPicture(
            bar: "modes", properties: Self.bar(items: ["transit", "map", "saved"], selected: "map"),
            items: Self.items)
        #expect(
            picture.items == [
                BarPicture.Item(id: "transit", title: "Transit", badge: "2"),
                BarPicture.Item(id: "map", title: "Map", selected: true),
                BarPicture.Item(id: "saved", title: "Favorites", badge: ""),
            ])
        #expect(picture.tintColor == "#FF9500")
        #expect(picture.layout == .bottom)
        #expect(
            picture.content
                == .standalone(
                    name: "modes", customizing: false,
                    offBar: [
                        BarPicture.Item(id: "satellite", title: "Satellite", enabled: false),
                        BarPicture.Item(id: "untitled", title: "untitled"),
                    ]))
    }

    @Test("drawn by the controller's renderer: name, items off the bar, the bar with its markers")
    func drawing() {
        let picture = BarPicture(
            bar: "modes", properties: Self.bar(items: ["map", "transit", "saved"], selected: "map"),
            items: Self.items)
        #expect(
            BarRenderer(width: 48, colors: false).render(picture) == """
                ┌──────────────────────────────────────────────┐
                │ Bar modes                                    │
                ├──────────────────────────────────────────────┤
                │ Not on the bar:                              │
                │   ~Satellite~                                │
                │   untitled                                   │
                ├───────────────┬───────────────┬──────────────┤
                │     [Map]     │  Transit (2)  │ Favorites •  │
                └───────────────┴───────────────┴──────────────┘

                """)
    }

    @Test("an empty bar says it has no items; an open session shows in the heading (SBAR-5)")
    func emptyAndCustomizing() {
        let picture = BarPicture(bar: "modes", properties: Self.bar(items: [], customizing: true), items: Self.items)
        let drawn = BarRenderer(width: 40, colors: false).render(picture)
        #expect(drawn.contains("│ Bar modes · customizing"))
        #expect(drawn.contains("(no items)"))
        #expect(!drawn.contains("(no tabs)"))
    }

    @Test("with colors the selected item is in the bar's tint")
    func tint() {
        let picture = BarPicture(bar: "modes", properties: Self.bar(items: ["map"], selected: "map"), items: Self.items)
        #expect(BarRenderer(width: 40, colors: true).render(picture).contains("\u{1B}[1;38;2;255;149;0m[Map]"))
    }

    @Test("--json: the show document with content kind bar, its name, session and the items off the bar")
    func json() throws {
        let picture = BarPicture(
            bar: "modes", properties: Self.bar(items: ["map"], selected: "map", customizing: true),
            items: Self.items)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(picture.json.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["layout", "tintColor", "items", "content"])
        #expect(document["tintColor"] as? String == "#FF9500")
        #expect((document["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["map"])
        let content = try #require(document["content"] as? [String: Any])
        #expect(content["kind"] as? String == "bar")
        #expect(content["name"] as? String == "modes")
        #expect(content["customizing"] as? Bool == true)
        #expect(
            (content["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [
                "transit", "saved", "satellite", "untitled",
            ])
    }

    @Test("bar and item paths escape names as the contract does, and give them back")
    func paths() {
        #expect(BusNames.barPath("my-modes").rawValue == "/org/tabbard/TabBar1/bars/my_2dmodes")
        #expect(
            BusNames.itemPath("top.rated", bar: "my-modes").rawValue
                == "/org/tabbard/TabBar1/bars/my_2dmodes/item/top_2erated")
        #expect(BusNames.barName(fromPath: "/org/tabbard/TabBar1/bars/my_2dmodes") == "my-modes")
        #expect(BusNames.barName(fromPath: "/org/tabbard/TabBar1/bars/my_2dmodes/item/map") == nil)
        let item = BusNames.barItem(fromPath: "/org/tabbard/TabBar1/bars/my_2dmodes/item/top_2erated")
        #expect(item?.bar == "my-modes" && item?.item == "top.rated")
        #expect(BusNames.barItem(fromPath: "/org/tabbard/TabBar1/bars/modes") == nil)
        #expect(BusNames.barItem(fromPath: "/org/tabbard/TabBar1/tab/item/map") == nil)
    }
}
