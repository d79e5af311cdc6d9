import Foundation
import TabModel
import TabbardTestSupport
import Testing

@testable import TabbardDaemon

/// `Describe`'s document, without a bus: written straight into bytes, it must be byte for byte
/// the document a plain writer makes from the properties the objects read.
@Suite("Describe's document")
struct DescribeDocumentTests {
    /// Texts that need escaping, or are more than one byte per character.
    static let awkward = ["", "say \"hi\"", "back\\slash", "tab\tnew\nline\r\u{1}\u{1F}", "é 日本 🙂", "a/b"]

    /// 3,000 tabs of every kind: system items, per-locale and runtime titles, badges, disabled
    /// tabs, deeper pages, several orientations, no restoration id, actions; some tabs left out
    /// of `Tabs`, one standalone bar.
    static func controller(everyTabCustomizable: Bool) throws -> TabController {
        let catalog = (0..<3_000).map { index in
            TabDefinition(
                id: "t\(index)", plugin: index % 2 == 0 ? "grid" : "clock",
                title: "Tab \(index) " + awkward[index % awkward.count],
                localizedTitles: index % 5 == 0 ? ["fr": "Onglet \(index) " + awkward[index % awkward.count]] : [:],
                image: index % 3 == 0 ? "" : "icon-\(index)", selectedImage: index % 4 == 0 ? "" : "icon-\(index)-on",
                imageRenderingMode: index % 3 == 0 ? .original : .template,
                systemItem: index % 97 == 0 ? .favorites : nil,
                tag: Int32(index) - 1_500,
                orientations: index % 4 == 0 ? [.portrait, .landscapeLeft] : [.portrait],
                restoration: index % 7 == 0 ? .never : .sameAsId,
                actions: index % 11 == 0 ? ["refresh", "clear"] : [])
        }
        var controller = try TabController(catalog: catalog)
        _ = try controller.setTabs(catalog.indices.filter { $0 % 10 != 9 }.map { "t\($0)" })
        if !everyTabCustomizable {
            _ = try controller.setCustomizable(
                controller.tabs.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        }
        _ = try controller.setLocale("fr_FR.UTF-8")
        for index in stride(from: 1, to: 3_000, by: 13) where index % 97 != 0 {
            _ = try controller.setTitle("t\(index)", to: "Runtime " + awkward[index % awkward.count])
        }
        for index in stride(from: 2, to: 3_000, by: 17) {
            _ = try controller.setBadge("t\(index)", to: index % 2 == 0 ? .text("\(index)") : .dot)
            _ = try controller.setBadgeColor("t\(index)", to: "#ff0000")
        }
        for index in stride(from: 3, to: 3_000, by: 19) { _ = try controller.setEnabled("t\(index)", false) }
        for index in stride(from: 4, to: 3_000, by: 23) {
            _ = try controller.navigate("t\(index)", to: "detail-\(index)")
        }
        _ = try controller.select("t2")
        _ = try controller.createBar("modes")
        _ = try controller.addItem("day", title: "Day " + awkward[1], image: "sun", selectedImage: "", on: "modes")
        return controller
    }

    @Test(
        "a large Describe is byte for byte what a plain writer makes of the properties the objects read, whichever tabs are customizable"
    )
    func largeDocumentMatchesReference() throws {
        for every in [true, false] {
            let controller = try Self.controller(everyTabCustomizable: every)
            let identity = DaemonIdentity(version: "1.2.3")
            let text = DescribeDocument.json(of: controller, identity: identity).text
            #expect(text == Self.reference(controller, identity: identity))
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let tabs = try #require(document["catalog"] as? [[String: Any]])
            #expect(tabs.count == 3_000)
            #expect(tabs[1]["Title"] as? String == "Runtime say \"hi\"")
            #expect(tabs[3]["Title"] as? String == "Tab 3 tab\tnew\nline\r\u{1}\u{1F}")
            #expect(tabs[5]["Title"] as? String == "Onglet 5 a/b") // L10N-1
            #expect(tabs[9]["Placement"] as? String == "none" && tabs[9]["Customizable"] as? Bool == false)
            #expect(tabs[0]["Customizable"] as? Bool == true && tabs[1]["Customizable"] as? Bool == every)
        }
    }

    // MARK: The reference

    /// The document as `Describe` promises it, written one piece of text at a time from the
    /// values the bus objects read (`value(of:tab:)` and friends).
    static func reference(_ controller: TabController, identity: DaemonIdentity) -> String {
        var members = ControllerProperty.allCases.map { ($0.rawValue, rendered(controller.value(of: $0))) }
        members.append(("Version", ReferenceJSON.quoted(identity.version)))
        members.append(("Bars", rendered(.strings(controller.barNames))))
        members.append(("InstanceId", ReferenceJSON.quoted(identity.instanceId)))
        let tabs = controller.catalog.map { definition in
            object(TabProperty.allCases.map { ($0.rawValue, rendered(controller.value(of: $0, tab: definition.id)!)) })
        }
        members.append(("catalog", "[" + tabs.joined(separator: ",") + "]"))
        let bars = controller.bars.map { bar in
            var barMembers = StandaloneBarProperty.allCases.map {
                ($0.wireName, rendered(controller.value(of: $0, bar: bar.name)!))
            }
            let items = bar.definedItems.map { item in
                object(
                    BarItemProperty.allCases.map {
                        ($0.wireName, rendered(controller.value(of: $0, item: item.id, bar: bar.name)!))
                    })
            }
            barMembers.append(("items", "[" + items.joined(separator: ",") + "]"))
            return object(barMembers)
        }
        members.append(("bars", "[" + bars.joined(separator: ",") + "]"))
        // No view is open here; the views' part is held against GetAll on the bus (VIEW-1).
        members.append(("views", "[]"))
        return object(members)
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { ReferenceJSON.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func rendered(_ value: PropertyValue) -> String {
        switch value {
        case .string(let text): ReferenceJSON.quoted(text)
        case .strings(let list): "[" + list.map(ReferenceJSON.quoted).joined(separator: ",") + "]"
        case .bool(let flag): flag ? "true" : "false"
        case .int32(let number): "\(number)"
        case .uint32(let number): "\(number)"
        case .uint64(let number): "\(number)"
        case .dictionary(let map): object(map.keys.sorted().map { ($0, ReferenceJSON.quoted(map[$0]!)) })
        case .pixmaps(let pixmaps):
            "[" + pixmaps.map { object([("width", "\($0.width)"), ("height", "\($0.height)")]) }.joined(separator: ",")
                + "]"
        }
    }
}
