@testable import TabModel

/// One random operation on a controller, decoded from a generated number so that the property
/// tests can shrink failing sequences.
struct RandomOperation: CustomStringConvertible {
    let code: Int

    /// Twelve tabs with mixed orientations, one system item, one without restoration id.
    static func catalog() -> [TabDefinition] {
        var definitions = Fixture.definitions(Fixture.numbered(12), plugin: "random")
        for index in definitions.indices where index % 3 != 0 {
            definitions[index].orientations = [.portrait, index % 2 == 0 ? .landscapeLeft : .landscapeRight]
        }
        definitions[5].systemItem = .search
        definitions[7].restorationId = nil
        definitions[9].restorationId = "nine"
        return definitions
    }

    static func controller() throws -> TabController {
        try TabController(
            catalog: catalog(), configuration: ControllerConfiguration(tabs: Fixture.numbered(7), maxVisible: 4))
    }

    /// Applies the operations `codes` decode to a fresh `controller()`, one after the other, the
    /// ones that fail by design included, and hands `body` the controller after each step.
    static func afterEachStep(of codes: [Int], _ body: (TabController) throws -> Void) throws {
        var controller = try controller()
        var pending: [PendingTap] = []
        for code in codes {
            _ = try? RandomOperation(code: code).apply(to: &controller, pending: &pending)
            try body(controller)
        }
    }

    private var kind: Int { code % 30 }
    private var argument: Int { code / 30 }
    private var owner: String { argument % 2 == 0 ? ":1.1" : ":1.2" }

    var description: String { "op\(kind)(\(argument))" }

    /// The operation kind, for coverage counts.
    var kindName: String { "op\(kind)" }

    /// A tab id, sometimes one outside the catalog or malformed.
    private func id(_ salt: Int = 0) -> String {
        let pick = (argument / 7 + salt * 13) % 15
        return pick < 12 ? "t\(pick)" : (pick == 12 ? "ghost" : (pick == 13 ? "@more" : "bad id"))
    }

    /// A pseudo-random subset of the catalog in a pseudo-random order.
    private func list() -> [String] {
        var seed = UInt64(truncatingIfNeeded: argument) &* 0x9E37_79B9_7F4A_7C15 | 1
        var ids = Fixture.numbered(12).filter { _ in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 62 != 0
        }
        for index in ids.indices.reversed() {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            ids.swapAt(index, Int(seed >> 33) % (index + 1))
        }
        return ids
    }

    /// Applies the operation. Returns its events, or nil when it did nothing by design.
    func apply(to controller: inout TabController, pending: inout [PendingTap]) throws -> TabEvents? {
        switch kind {
        case 0, 1: return try controller.select(id())
        case 2: return try controller.selectIndex(argument % 10 - 1)
        case 3: return try controller.selectMore()
        case 4, 5:
            let tap = try controller.beginTap(id())
            if pending.count < PendingTap.queueLimit { pending.append(tap) }
            return nil
        case 6, 7:
            guard !pending.isEmpty else { return nil }
            return try controller.completeTap(pending.removeFirst(), allowed: argument % 4 != 0).events
        case 8: return try controller.setTabs(list())
        case 9: return try controller.addTab(id(), at: argument % 9 - 2)
        case 10: return try controller.removeTab(id())
        case 11: return try controller.setCustomizable(list().filter { controller.tabs.contains($0) })
        case 12: return try controller.beginCustomizing(owner: owner)
        case 13, 14: return try controller.moveTab(id(), to: argument % 9, owner: owner)
        case 15: return try controller.swapTabs(id(), id(1), owner: owner)
        case 16: return try controller.endCustomizing(owner: owner).events
        case 17:
            var order = controller.tabs
            let movable = order.indices.filter { controller.customizableSet.contains(order[$0]) }
            let shuffled = movable.map { order[$0] }.sorted { ($0.hashValue ^ argument) < ($1.hashValue ^ argument) }
            for (slot, id) in zip(movable, shuffled) { order[slot] = id }
            return try controller.customize(argument % 5 == 0 ? list() : order).events
        case 18: return controller.ownerLeft(owner)
        case 19: return try controller.setMaxVisible(argument % 8 + 1)
        case 20: return try controller.setLayout(argument % 3 == 0 ? .top : .bottom)
        case 21:
            return try controller.setBadge(
                id(), to: argument % 3 == 0 ? nil : (argument % 3 == 1 ? .dot : .text("\(argument % 100)")))
        case 22:
            return try argument % 2 == 0 ? controller.navigate(id(), to: "p\(argument % 5)") : controller.back(id())
        case 23: return try controller.setEnabled(id(), argument % 3 != 0)
        case 24: return try controller.setLocale(["", "fr_FR.UTF-8", "ja_JP", "ru_RU", "xx"][argument % 5])
        case 25: return try controller.setOrientation(Orientation.allCases[argument % 4].rawValue)
        case 26:
            return try argument % 2 == 0
                ? controller.registerDelegate(owner: owner, path: "/d")
                : controller.unregisterDelegate(owner: owner, path: "/d")
        case 27: return argument % 4 == 0 ? controller.reset() : try controller.popToRoot(id())
        case 28: return try controller.restore(controller.snapshot()).events
        default:
            var catalog = Self.catalog()
            if argument % 2 == 0 { catalog.remove(at: argument / 2 % 12) }
            return try controller.replaceCatalog(catalog)
        }
    }
}
