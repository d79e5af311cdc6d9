@testable import TabModel

/// One random operation on the standalone bars of a controller, decoded from a generated
/// number so that the property tests can shrink failing sequences.
struct BarRandomOperation: CustomStringConvertible {
    let code: Int

    /// How many kinds of operation there are.
    static let kinds = 22

    /// The media controller with bar `a`, whose items `i0`…`i3` are defined and the first three
    /// on the bar: a start from which most operations can succeed.
    static func controller() throws -> TabController {
        var controller = try Fixture.media(showing: 5)
        _ = try controller.createBar("a")
        for number in 0..<4 {
            _ = try controller.addItem("i\(number)", title: "I\(number)", image: "", selectedImage: "", on: "a")
        }
        _ = try controller.setItems(["i0", "i1", "i2"], animated: false, on: "a")
        return controller
    }

    var kind: Int { code % Self.kinds }
    private var argument: Int { code / Self.kinds }

    var description: String { "bar-op\(kind)(\(argument))" }

    /// What the operation does, for coverage counts: kinds that call the same member share a name.
    var kindName: String { kind == 21 && argument % 5 == 0 ? "Reset" : Self.names[kind] }

    /// The name of each kind, by kind, then `Reset`, which kind 21 is now and then: every name
    /// that `kindName` gives.
    static let names = [
        "CreateBar", "RemoveBar", "AddItem", "AddItem", "AddSystemItem", "RemoveItem", "SetItems", "SetSelectedItem",
        "Tap", "Tap",
        "item property", "SetBadge", "BeginCustomizingItems", "ReplaceItem", "MoveItem", "MoveItem",
        "EndCustomizingItems",
        "owner gone or idle", "appearance", "SetDividerImage", "locale or restore", "ReplaceItem", "Reset",
    ]

    /// The caller: two connections share the bars.
    private var owner: String { argument % 3 == 0 ? ":1.2" : ":1.1" }

    /// A bar name, now and then a malformed one.
    var bar: String { ["a", "a", "a", "b", "b", "bad name"][argument / 3 % 6] }

    /// An item id, now and then a malformed one.
    private func item(_ salt: Int = 0) -> String {
        let pick = (argument / 17 + salt * 5) % 7
        return pick < 6 ? "i\(pick)" : "bad id"
    }

    /// A pseudo-random list of item ids, now and then with a repeat or an id never defined.
    private func list() -> [String] {
        var seed = UInt64(truncatingIfNeeded: argument) &* 0x9E37_79B9_7F4A_7C15 | 1
        var ids = (0..<6).map { "i\($0)" }.filter { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 62 != 0
        }
        for index in ids.indices.reversed() {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            ids.swapAt(index, Int(seed >> 33) % (index + 1))
        }
        switch argument % 13 {
        case 0: return ids + ids.prefix(1)
        case 1: return ids + ["ghost"]
        default: return ids
        }
    }

    /// Mostly `list()` without the ids the bar does not define, so that the members that need
    /// defined items get through; now and then `list()` as it is.
    private func definedList(in controller: TabController) -> [String] {
        guard argument % 4 != 0, let defined = controller.bar(named: bar)?.definedItems.map(\.id) else { return list() }
        return list().filter { defined.contains($0) }
    }

    /// Mostly the owner of the bar's session, so that session members get through; now and
    /// then `owner` as it is.
    private func sessionOwner(in controller: TabController) -> String {
        guard argument % 4 != 0, let session = controller.bar(named: bar)?.session else { return owner }
        return session.owner
    }

    /// Mostly one of the session's candidates; now and then `item()`.
    private func candidate(in controller: TabController) -> String {
        guard argument % 4 != 0, let candidates = controller.bar(named: bar)?.session?.candidates, !candidates.isEmpty
        else { return item() }
        return candidates[argument / 17 % candidates.count]
    }

    /// Mostly a position on the bar; now and then one that may be off it.
    private func position(in controller: TabController) -> Int {
        guard argument % 4 != 0, let count = controller.bar(named: bar)?.items.count, count > 0 else {
            return argument % 6 - 1
        }
        return argument / 7 % count
    }

    /// A value for an item property: mostly of its type, now and then not, or out of its rules.
    private func itemValue(_ property: BarItemProperty) -> PropertyValue {
        let variant = argument / 11 % 4
        switch property {
        case .tag: return variant == 3 ? .string("7") : .int32(Int32(variant))
        case .enabled: return .bool(variant % 2 == 0)
        case .imageRenderingMode: return .string(["template", "original", "sepia", "original"][variant])
        case .badgeColor: return .string(["", "#00ff00", "green", "#123ABC"][variant])
        case .image, .selectedImage: return .string(["", "img", "/abs.png", "rel/x"][variant])
        default: return .string(["Title", "Titre", "", "T"][variant])
        }
    }

    /// A value for an appearance property, in the same way.
    private func appearanceValue(_ property: AppearanceProperty) -> PropertyValue {
        let variant = argument / 11 % 4
        switch property {
        case .barStyle: return .string(["default", "black", "blue", "black"][variant])
        case .translucent: return .bool(variant % 2 == 0)
        case .barTintColor, .tintColor, .unselectedItemTintColor:
            return .string(["", "#336699", "navy", "#ABCDEF"][variant])
        default: return .string(["", "img", "/abs.png", "rel/x"][variant])
        }
    }

    /// Applies the operation and returns its events.
    func apply(to controller: inout TabController) throws -> TabEvents {
        switch kind {
        case 0: return try controller.createBar(bar)
        case 1: return try controller.removeBar(bar)
        case 2, 3:
            return try controller.addItem(
                item(), title: "T\(argument % 10)", image: ["", "img", "/abs.png", "rel/x"][argument % 4],
                selectedImage: "", on: bar)
        case 4:
            return try controller.addSystemItem(
                item(), systemItem: ["search", "recents", "clock"][argument % 3], tag: Int32(argument % 5), on: bar)
        case 5: return try controller.removeItem(item(), from: bar)
        case 6: return try controller.setItems(definedList(in: controller), animated: argument % 2 == 0, on: bar)
        case 7: return try controller.selectItem(argument % 5 == 0 ? "" : item(), on: bar)
        case 8, 9: return try controller.tapItem(item(), on: bar)
        case 10:
            let property = BarItemProperty.allCases[argument % BarItemProperty.allCases.count]
            return try controller.setItem(property, of: item(1), on: bar, to: itemValue(property))
        case 11:
            return try controller.setItemBadge(
                [nil, .dot, .text("\(argument % 100)"), .text(String(repeating: "x", count: 65))][argument % 4],
                of: item(), on: bar)
        case 12: return try controller.beginCustomizingItems(definedList(in: controller), on: bar, owner: owner)
        case 13, 21:
            if kind == 21 && argument % 5 == 0 { return controller.reset() }
            return try controller.replaceItem(
                at: position(in: controller), with: candidate(in: controller), on: bar,
                owner: sessionOwner(in: controller))
        case 14, 15:
            return try controller.moveItem(
                candidate(in: controller), to: position(in: controller), on: bar, owner: sessionOwner(in: controller))
        case 16: return try controller.endCustomizingItems(on: bar, owner: sessionOwner(in: controller)).events
        case 17:
            return argument % 2 == 0
                ? controller.ownerLeft(owner) : controller.endBarSession(on: bar, owner: owner).events
        case 18:
            let property = AppearanceProperty.allCases[argument % AppearanceProperty.allCases.count]
            return try controller.setAppearance(property, to: appearanceValue(property), on: bar)
        case 19:
            let states = ["normal", "selected", "pressed"]
            return try controller.setDividerImage(
                argument % 4 == 0 ? "" : "d", left: states[argument % 3], right: states[argument / 3 % 3], on: bar)
        case 20:
            return try argument % 2 == 0
                ? controller.setLocale(["", "fr_FR.UTF-8", "ja_JP"][argument / 2 % 3])
                : controller.restore(controller.snapshot()).events
        default: preconditionFailure("kind \(kind) of \(Self.kinds)")
        }
    }
}
