import Foundation
import TabbardTestSupport
import Testing

/// Standalone tab bars (SBAR-1..8) driven through busctl, gdbus and dbus-python.
@Suite("Standalone bars on the bus")
struct StandaloneBarBusTests {
    static let objectManager = "org.freedesktop.DBus.ObjectManager"

    /// Bar `modes` with items `day` (its own) and `fav` (a system item), both on the bar.
    static let modes: [BusCall] = [
        BusCall("CreateBar", .string("modes")),
        .bar("modes", "AddItem", .string("day"), .string("Day"), .string("sun"), .string("")),
        .bar("modes", "AddSystemItem", .string("fav"), .string("favorites"), .int32(7)),
        .bar("modes", "SetItems", .strings(["day", "fav"]), .bool(false)),
    ]

    /// The signals among `events`, as `interface.member path`.
    static func signals(_ events: [Event]) -> [String] {
        events.compactMap { event in
            guard case .signal(let path, let interface, let member, _) = event else { return nil }
            return "\(interface).\(member) \(path)"
        }
    }

    /// The arguments of the first signal `member` among `events`.
    static func arguments(of member: String, in events: [Event]) -> [Any]? {
        for case .signal(_, _, let name, let arguments) in events where name == member { return arguments }
        return nil
    }

    /// Makes `calls` with dbus-python and expects every outcome the calls promise.
    static func expectOutcomes(_ address: String, _ calls: [BusCall]) throws {
        let outcomes = try callThroughPython(address: address, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
        }
    }

    // MARK: - SBAR-1

    @Test(
        "CreateBar answers the bar's object, announced with InterfacesAdded before the reply; RemoveBar takes it and its items away with InterfacesRemoved; Bars lists the names in creation order (SBAR-1)"
    )
    func createAndRemove() throws {
        let daemon = try DaemonProcess()
        let calls = [
            BusCall("CreateBar", .string("modes")), BusCall("CreateBar", .string("day-night")),
            .bar("modes", "AddItem", .string("day"), .string("Day"), .string(""), .string("")),
            BusCall("RemoveBar", .string("modes")),
        ]
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, calls))
        let manager = Self.objectManager
        #expect(Self.signals(groups[0]).contains("\(manager).InterfacesAdded \(Names.controller)"), "\(groups[0])")
        guard case .reply(0, let values)? = groups[0].last else {
            Issue.record("no reply to CreateBar: \(groups[0])"); return
        }
        #expect(values.first as? String == Names.bar("modes"))
        let added = Self.arguments(of: "InterfacesAdded", in: groups[1])
        #expect(added?.first as? String == "/org/tabbard/TabBar1/bars/day_2dnight", "\(groups[1])")
        let item = Self.arguments(of: "InterfacesAdded", in: groups[2])
        #expect(item?.first as? String == Names.item("day", bar: "modes"), "\(groups[2])")
        let removed = groups[3].compactMap { event -> String? in
            guard case .signal(_, _, "InterfacesRemoved", let arguments) = event else { return nil }
            return arguments.first as? String
        }
        #expect(
            removed == [Names.item("day", bar: "modes"), Names.bar("modes")], "items first, then the bar: \(groups[3])")
        #expect(try stringsProperty(daemon.bus.address, "Bars") == ["day-night"])
        let listed = try runCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "--json=short", "call", Names.service,
            Names.controller, manager, "GetManagedObjects",
        ])
        #expect(
            listed.output.contains(Names.bar("day-night")) && !listed.output.contains(Names.bar("modes")),
            "\(listed.output)")
    }

    @Test(
        "a name in use, a malformed one and a 65th bar are InvalidArgument; an unknown bar is NoSuchBar, through gdbus (SBAR-1, SBAR-8)"
    )
    func barErrors() throws {
        let daemon = try DaemonProcess()
        var calls = (0..<64).map { BusCall("CreateBar", .string("bar\($0)")) }
        calls += [
            BusCall("CreateBar", .string("bar64"), fails: "InvalidArgument"),
            BusCall("CreateBar", .string("bar3"), fails: "InvalidArgument"),
            BusCall("RemoveBar", .string("nope"), fails: "NoSuchBar"),
        ]
        try Self.expectOutcomes(daemon.bus.address, calls)
        for call in [
            BusCall("CreateBar", .string("bad name"), fails: "InvalidArgument"), BusCall("RemoveBar", .string("bar0")),
            BusCall("CreateBar", .string("@more"), fails: "InvalidArgument"),
            BusCall("RemoveBar", .string("bar0"), fails: "NoSuchBar"),
        ] {
            let outcome = try call.throughGDBus(address: daemon.bus.address)
            #expect(outcome.error == call.error, "\(call): \(outcome.output)")
        }
        #expect(try stringsProperty(daemon.bus.address, "Bars").count == 63)
    }

    @Test(
        "bars, items, their properties and appearance are on disk before the reply, the selection and badges within the flush interval: kill -9 keeps them all (SBAR-1, STATE-4)"
    )
    func durableAcrossCrashes() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try Self.expectOutcomes(
            bus,
            Self.modes + [
                .set("TintColor", .string("#112233"), on: Names.bar("modes"), interface: Names.barInterface),
                .set("Title", .string("Daytime"), on: Names.item("day", bar: "modes"), interface: Names.itemInterface),
                .bar("modes", "SetDividerImage", .string("line"), .string("normal"), .string("selected")),
            ])
        try daemon.restart(signal: SIGKILL) // Structural: written before each reply.
        #expect(
            try stringProperty(bus, "TintColor", path: Names.bar("modes"), interface: Names.barInterface) == "#112233")
        #expect(
            try stringProperty(bus, "Title", path: Names.item("day", bar: "modes"), interface: Names.itemInterface)
                == "Daytime")
        #expect(
            try stringsProperty(bus, "Items", path: Names.bar("modes"), interface: Names.barInterface) == [
                "day", "fav",
            ])
        try busctlCall(bus, path: Names.bar("modes"), interface: Names.barInterface, "SetSelectedItem", "s", "fav")
        try busctlCall(bus, path: Names.item("day", bar: "modes"), interface: Names.itemInterface, "SetBadge", "s", "3")
        let before = try StateTests.describe(bus)
        usleep(600_000) // Batched: the flush interval is 100 ms.
        try daemon.restart(signal: SIGKILL)
        let after = try StateTests.describe(bus)
        #expect(StateTests.differences(before, after).isEmpty, "\(StateTests.differences(before, after))")
        #expect(
            try stringProperty(bus, "SelectedItem", path: Names.bar("modes"), interface: Names.barInterface) == "fav")
        #expect(
            try stringProperty(bus, "BadgeValue", path: Names.item("day", bar: "modes"), interface: Names.itemInterface)
                == "3")
    }

    /// The bound of a structural change's state (SBAR-1): 24 MiB.
    static let structuralLimit = 24 << 20

    /// Adds to the state file in `directory` bars of items with the longest title and images an
    /// item may have (SBAR-2, LOOK-4) until it is about `limit` bytes: a state near the bound
    /// made of values the daemon accepts, since no single item can reach the bound.
    static func seedFullBars(in directory: String, upTo limit: Int) throws {
        let path = directory + "/state.json"
        var state = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var bars = try #require(state["bars"] as? [[String: Any]])
        let appearance = try #require(bars.first?["appearance"])
        let item: (String) -> [String: Any] = { id in
            [
                "badgeColor": "", "enabled": true, "iconName": "", "id": id,
                "image": String(repeating: "i", count: 4096),
                "imageRenderingMode": "template", "selectedIconName": "",
                "selectedImage": String(repeating: "s", count: 4096), "tag": 0,
                "title": String(repeating: "t", count: 256),
            ]
        }
        let perBar = try JSONSerialization.data(withJSONObject: ["items": (0..<256).map { item("x\($0)") }]).count
        let base = try JSONSerialization.data(withJSONObject: state).count
        let count = (limit - base) / perBar
        let perItem = perBar / 256
        for index in 0...count {
            let items = index < count ? 256 : (limit - base - count * perBar) / perItem
            guard items > 0 else { break }
            bars.append([
                "appearance": appearance, "definedItems": (0..<items).map { item("x\($0)") }, "items": [String](),
                "name": "full\(index)",
            ])
        }
        state["bars"] = bars
        try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    @Test(
        "an item that would make the state larger than its bound is refused with StateNotSaved, naming the size; nothing changes and the bar goes on (SBAR-1)"
    )
    func stateBound() throws {
        let seeding = try DaemonProcess()
        try busctlCall(seeding.bus.address, "CreateBar", "s", "modes")
        seeding.stop()
        try Self.seedFullBars(in: seeding.stateDirectory, upTo: Self.structuralLimit - 40_000)
        let daemon = try DaemonProcess(stateDirectory: seeding.stateDirectory)
        let bus = daemon.bus.address
        let size = {
            ((try? FileManager.default.attributesOfItem(atPath: daemon.stateDirectory + "/state.json"))?[.size]
                as? NSNumber)?.intValue ?? 0
        }
        let longest = (title: String(repeating: "t", count: 256), image: String(repeating: "i", count: 4096))
        let bars = try stringsProperty(bus, "Bars")
        try #require(bars.first == "modes" && bars.count > 10, "the seeded state was not restored: \(daemon.log)")
        // Largest items until less than 10 KB is left, then one that leaves 1.5 to 3 KB.
        var number = 0
        var itemBytes = 0
        while Self.structuralLimit - size() >= 10_000 {
            let before = size()
            try busctlCall(
                bus, path: Names.bar("modes"), interface: Names.barInterface, "AddItem", "ssss",
                "f\(number)", longest.title, longest.image, longest.image)
            if number > 0 { itemBytes = size() - before } // The first write re-encodes the seeded file.
            number += 1
        }
        let room = Self.structuralLimit - size()
        if room > 3_000 {
            let image = String(repeating: "i", count: room - 2_000 - (itemBytes - 2 * 4096))
            try busctlCall(
                bus, path: Names.bar("modes"), interface: Names.barInterface, "AddItem", "ssss", "f\(number)", "",
                image, "")
            number += 1
        }
        #expect((1_000...3_000).contains(Self.structuralLimit - size()), "\(Self.structuralLimit - size()) bytes left")
        let revision = try property(bus, "Revision") as? Int
        let outcomes = try callThroughPython(
            address: bus,
            [
                .bar(
                    "modes", "AddItem", .string("huge"), .string(longest.title), .string(longest.image), .string(""),
                    fails: "StateNotSaved"),
                .bar("modes", "AddItem", .string("day"), .string("Day"), .string(""), .string("")),
            ])
        #expect(outcomes[0].error == Names.errorPrefix + "StateNotSaved", "\(outcomes[0])")
        #expect(
            (outcomes[0].values.first as? String)?.contains("more than the 25165824 allowed") == true,
            "\(outcomes[0].values)")
        #expect(outcomes[1].error == nil, "\(outcomes[1])")
        let defined = (0..<number).map { "f\($0)" } + ["day"]
        #expect(
            try stringsProperty(bus, "DefinedItems", path: Names.bar("modes"), interface: Names.barInterface) == defined
        )
        #expect(try property(bus, "Revision") as? Int == revision.map { $0 + 1 })
        #expect(!daemon.log.contains("cannot save state"), "a refused change is no failure of the disk: \(daemon.log)")
        try daemon.restart(signal: SIGKILL)
        #expect(
            try stringsProperty(bus, "DefinedItems", path: Names.bar("modes"), interface: Names.barInterface) == defined
        )
    }

    @Test(
        "a bar starts from the configuration's [appearance] and keeps its saved appearance after it changed; bars created afterwards take the new one (SBAR-1, SBAR-6)"
    )
    func appearanceProxy() throws {
        let config = try ReloadTests.configuration("[appearance]\ntint_color = \"#112233\"\nbar_style = \"black\"\n")
        let daemon = try DaemonProcess(arguments: ["--config", config])
        let bus = daemon.bus.address
        try busctlCall(bus, "CreateBar", "s", "first")
        let first = (path: Names.bar("first"), interface: Names.barInterface)
        #expect(try stringProperty(bus, "TintColor", path: first.path, interface: first.interface) == "#112233")
        #expect(try stringProperty(bus, "EffectiveBarColor", path: first.path, interface: first.interface) == "#000000")
        // SBAR-6: writing empty restores the built-in default, not the configured one.
        try Self.expectOutcomes(
            bus,
            [
                .set("TintColor", .string(""), on: first.path, interface: first.interface),
                .set(
                    "BarStyle", .string("plaid"), on: first.path, interface: first.interface, fails: "InvalidArgument"),
                .set(
                    "EffectiveBarColor", .string("#FFFFFF"), on: first.path, interface: first.interface,
                    fails: "org.freedesktop.DBus.Error.PropertyReadOnly"),
            ])
        #expect(try stringProperty(bus, "TintColor", path: first.path, interface: first.interface) == "#007AFF")
        _ = daemon.stop()
        try "[appearance]\ntint_color = \"#445566\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        try daemon.start()
        #expect(try stringProperty(bus, "TintColor", path: first.path, interface: first.interface) == "#007AFF")
        #expect(try stringProperty(bus, "BarStyle", path: first.path, interface: first.interface) == "black")
        try busctlCall(bus, "CreateBar", "s", "second")
        #expect(
            try stringProperty(bus, "TintColor", path: Names.bar("second"), interface: first.interface) == "#445566")
    }

    @Test(
        "Reset ends an open bar session with its signals, then removes every item and bar, all before its reply (SBAR-1, STATE-5)"
    )
    func resetRemovesBars() throws {
        let daemon = try DaemonProcess()
        let calls = Self.modes + [.bar("modes", "BeginCustomizingItems", .strings(["day"])), BusCall("Reset")]
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, calls))
        let reset = Self.signals(groups[5])
        let bar = Names.bar("modes")
        let willEnd = reset.firstIndex(of: "\(Names.barInterface).WillEndCustomizingItems \(bar)")
        let didEnd = reset.firstIndex(of: "\(Names.barInterface).DidEndCustomizingItems \(bar)")
        let removed = reset.indices.filter {
            reset[$0] == "\(Self.objectManager).InterfacesRemoved \(Names.controller)"
        }
        #expect(removed.count == 3, "two items and the bar leave: \(reset)")
        #expect(willEnd != nil && didEnd != nil && willEnd! < didEnd! && didEnd! < (removed.first ?? -1), "\(reset)")
        let paths = groups[5].compactMap { event -> String? in
            guard case .signal(_, _, "InterfacesRemoved", let arguments) = event else { return nil }
            return arguments.first as? String
        }
        #expect(paths == [Names.item("day", bar: "modes"), Names.item("fav", bar: "modes"), bar], "\(paths)")
        guard case .reply(5, _)? = groups[5].last else {
            Issue.record("Reset did not reply last: \(groups[5])"); return
        }
        #expect(try stringsProperty(daemon.bus.address, "Bars") == [])
    }

    // MARK: - SBAR-2

    @Test(
        "a new item is enabled, without a badge, a template and off the bar; its properties are rw as the contract says; a system item's face is NotSupported (SBAR-2, ITEM-3, ITEM-4)"
    )
    func items() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try busctlCall(bus, "CreateBar", "s", "modes")
        let reply = try busctlCall(
            bus, path: Names.bar("modes"), interface: Names.barInterface, "AddItem", "ssss", "day", "Day", "sun", "")
        #expect(reply == "o \"\(Names.item("day", bar: "modes"))\"\n")
        let day = Names.item("day", bar: "modes")
        func read(_ name: String) throws -> Any { try property(bus, name, path: day, interface: Names.itemInterface) }
        #expect(try read("Enabled") as? Bool == true && read("HasBadge") as? Bool == false)
        #expect(try read("ImageRenderingMode") as? String == "template" && read("OnBar") as? Bool == false)
        #expect(try read("Index") as? Int == -1 && read("Image") as? String == "sun")
        let fav = Names.item("fav", bar: "modes")
        let revision = try property(bus, "Revision") as? Int ?? -1
        try Self.expectOutcomes(
            bus,
            [
                .bar("modes", "AddSystemItem", .string("fav"), .string("favorites"), .int32(3)),
                .bar("modes", "AddSystemItem", .string("x"), .string("starred"), .int32(0), fails: "InvalidArgument"),
                .bar(
                    "modes", "AddItem", .string("day"), .string("Again"), .string(""), .string(""),
                    fails: "InvalidArgument"),
                .set("Title", .string("Mine"), on: fav, interface: Names.itemInterface, fails: "NotSupported"),
                .set("Image", .string("star"), on: fav, interface: Names.itemInterface, fails: "NotSupported"),
                .set("Tag", .int32(9), on: fav, interface: Names.itemInterface),
                .set("BadgeColor", .string("red"), on: day, interface: Names.itemInterface, fails: "InvalidArgument"),
                .set("ImageRenderingMode", .string("original"), on: day, interface: Names.itemInterface),
                .set("Enabled", .bool(false), on: day, interface: Names.itemInterface),
                .set(
                    "OnBar", .bool(true), on: day, interface: Names.itemInterface,
                    fails: "org.freedesktop.DBus.Error.PropertyReadOnly"),
                .set(
                    "Enabled", .string("no"), on: day, interface: Names.itemInterface,
                    fails: "org.freedesktop.DBus.Error.InvalidArgs"),
                .item("day", of: "modes", "SetBadge", .string("")),
                .item(
                    "day", of: "modes", "SetBadge", .string(String(repeating: "9", count: 65)), fails: "InvalidArgument"
                ),
                .bar("modes", "RemoveItem", .string("nope"), fails: "NoSuchItem"),
            ])
        #expect(try read("HasBadge") as? Bool == true && read("BadgeValue") as? String == "") // ITEM-4: a dot
        // SBAR-1: every announced change of an item moves Revision; the refused ones none.
        #expect(try property(bus, "Revision") as? Int == revision + 5)
        #expect(try property(bus, "Tag", path: fav, interface: Names.itemInterface) as? Int == 9)
        #expect(try property(bus, "Title", path: fav, interface: Names.itemInterface) as? String == "Favorites")
        #expect(
            try stringsProperty(bus, "DefinedItems", path: Names.bar("modes"), interface: Names.barInterface) == [
                "day", "fav",
            ])
        let outcome = try BusCall.item("day", of: "modes", "ClearBadge").throughGDBus(address: bus)
        #expect(outcome.error == nil, "\(outcome.output)")
        #expect(try read("HasBadge") as? Bool == false)
    }

    @Test("at most 256 items per bar: the 257th is InvalidArgument (SBAR-2)")
    func itemLimit() throws {
        let daemon = try DaemonProcess()
        var calls = [BusCall("CreateBar", .string("big"))]
        calls += (0..<256).map {
            BusCall.bar("big", "AddItem", .string("i\($0)"), .string("\($0)"), .string(""), .string(""))
        }
        calls.append(
            .bar(
                "big", "AddItem", .string("i256"), .string("one too many"), .string(""), .string(""),
                fails: "InvalidArgument"))
        try Self.expectOutcomes(daemon.bus.address, calls)
    }

    // MARK: - SBAR-3, SBAR-4

    @Test(
        "SetItems emits PropertiesChanged, then ItemsSet with animated, before its reply; an identical list emits nothing (SBAR-3)"
    )
    func setItems() throws {
        let daemon = try DaemonProcess()
        let calls =
            Array(Self.modes.prefix(3)) + [
                .bar("modes", "SetItems", .strings(["fav", "day"]), .bool(true)),
                .bar("modes", "SetItems", .strings(["fav", "day"]), .bool(false)),
                .bar("modes", "SetItems", .strings(["fav", "nope"]), .bool(false), fails: "NoSuchItem"),
                .bar("modes", "SetItems", .strings(["fav", "fav"]), .bool(false), fails: "InvalidArgument"),
            ]
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, calls))
        let members = groups[3].compactMap(\.member)
        let itemsSet = try #require(members.firstIndex(of: "ItemsSet"), "\(groups[3])")
        #expect(members[..<itemsSet].contains("PropertiesChanged"), "\(members)")
        let itemsSetArguments = Self.arguments(of: "ItemsSet", in: groups[3]) ?? []
        #expect(
            itemsSetArguments.first as? [String] == ["fav", "day"] && itemsSetArguments.last as? Bool == true,
            "\(itemsSetArguments)")
        #expect(groups[4].compactMap(\.member).isEmpty, "an identical list: \(groups[4])")
        #expect(groups[5].compactMap(\.member).isEmpty && groups[6].compactMap(\.member).isEmpty)
    }

    @Test(
        "Tap: PropertiesChanged, DidSelectItem, the closing Revision, then the reply, and only the signal and the close when already selected; a disabled item is Disabled, one off the bar NoSuchItem; SetSelectedItem emits only the change (SBAR-4, SYNC-2)"
    )
    func tap() throws {
        let daemon = try DaemonProcess()
        let calls =
            Self.modes + [
                .bar("modes", "AddItem", .string("off"), .string("Off"), .string(""), .string("")),
                .bar("modes", "Tap", .string("day")),
                .bar("modes", "Tap", .string("day")),
                .bar("modes", "Tap", .string("off"), fails: "NoSuchItem"),
                .set("Enabled", .bool(false), on: Names.item("fav", bar: "modes"), interface: Names.itemInterface),
                .bar("modes", "Tap", .string("fav"), fails: "Disabled"),
                .bar("modes", "SetSelectedItem", .string("fav")), // ITEM-6: a disabled item may be selected.
                .bar("modes", "SetSelectedItem", .string("")),
            ]
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, calls))
        // The batch closes with the controller's PropertiesChanged, after the bar's signal (SYNC-2).
        let first = groups[5].compactMap(\.member)
        #expect(
            first.first == "PropertiesChanged" && first.suffix(2) == ["DidSelectItem", "PropertiesChanged"]
                && first.filter { $0 == "DidSelectItem" }.count == 1, "\(groups[5])")
        #expect(
            groups[6].compactMap(\.member) == ["DidSelectItem", "PropertiesChanged"], "already selected: \(groups[6])")
        #expect(Self.arguments(of: "DidSelectItem", in: groups[6]) as? [String] == ["day"])
        guard case .error(7, let name)? = groups[7].last, case .error(9, let disabled)? = groups[9].last else {
            Issue.record("\(groups[7]) \(groups[9])")
            return
        }
        #expect(name == Names.errorPrefix + "NoSuchItem" && disabled == Names.errorPrefix + "Disabled")
        #expect(
            !groups[10].compactMap(\.member).contains("DidSelectItem")
                && groups[10].compactMap(\.member).contains("PropertiesChanged"))
        #expect(!groups[11].compactMap(\.member).contains("DidSelectItem"))
    }

    // MARK: - SBAR-5

    @Test(
        "a bar's session: both begin signals, ReplaceItem and MoveItem for the owner only, Tap and SetItems Busy, both end signals and changed (SBAR-5)"
    )
    func session() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try Self.expectOutcomes(
            bus, Self.modes + [.bar("modes", "AddItem", .string("night"), .string("Night"), .string(""), .string(""))])
        let calls: [BusCall] = [
            .bar("modes", "BeginCustomizingItems", .strings(["day", "night"])),
            BusCall.bar("modes", "BeginCustomizingItems", .strings(["day"]), fails: "Busy").onSecondConnection(),
            BusCall.bar("modes", "MoveItem", .string("day"), .uint32(1), fails: "Busy").onSecondConnection(),
            .bar("modes", "ReplaceItem", .uint32(1), .string("night"), fails: "NotCustomizable"), // fav is fixed
            .bar("modes", "ReplaceItem", .uint32(0), .string("night")),
            .bar("modes", "ReplaceItem", .uint32(5), .string("day"), fails: "IndexOutOfRange"),
            .bar("modes", "Tap", .string("night"), fails: "Busy"),
            .bar("modes", "SetItems", .strings([]), .bool(false), fails: "Busy"),
            BusCall("RemoveBar", .string("modes"), fails: "Busy"),
            .bar("modes", "SetSelectedItem", .string("night")),
            BusCall.bar("modes", "EndCustomizingItems", fails: "Busy").onSecondConnection(),
            .bar("modes", "EndCustomizingItems"),
            .bar("modes", "EndCustomizingItems", fails: "NotCustomizing"),
        ]
        let outcomes = try callThroughPython(address: bus, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
        }
        #expect(outcomes[11].values.first as? Bool == true)
        #expect(
            try stringsProperty(bus, "Items", path: Names.bar("modes"), interface: Names.barInterface) == [
                "night", "fav",
            ])
        let events = try recordEvents(
            address: bus,
            [
                .bar("modes", "BeginCustomizingItems", .strings(["night"])),
                .bar("modes", "EndCustomizingItems"),
            ])
        let members = events.compactMap(\.member).filter { $0.hasSuffix("CustomizingItems") }
        #expect(
            members == [
                "WillBeginCustomizingItems", "DidBeginCustomizingItems", "WillEndCustomizingItems",
                "DidEndCustomizingItems",
            ])
        let ended = Self.arguments(of: "DidEndCustomizingItems", in: events) ?? []
        #expect(ended.first as? [String] == ["night", "fav"] && ended.last as? Bool == false, "\(ended)")
    }

    @Test("a bar's session whose owner leaves the bus ends as EndCustomizingItems would (SBAR-5)")
    func ownerLeaves() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try Self.expectOutcomes(bus, Self.modes + [.bar("modes", "BeginCustomizingItems", .strings(["day"]))])
        // The calls' connection has left with the script.
        var customizing = true
        for _ in 0..<50 where customizing {
            customizing =
                try property(bus, "Customizing", path: Names.bar("modes"), interface: Names.barInterface) as? Bool
                ?? true
            if customizing { usleep(100_000) }
        }
        #expect(!customizing)
        #expect(daemon.log.contains("customization session of bar modes ended"), "\(daemon.log)")
    }

    @Test(
        "a bar's session with no call from its owner for customization_timeout_s ends with both end signals; the owner stays on the bus (SBAR-5, CUST-8)"
    )
    func idleSessionEnds() throws {
        let config = try ReloadTests.configuration("customization_timeout_s = 1\n")
        let daemon = try DaemonProcess(arguments: ["--config", config])
        let bus = daemon.bus.address
        try Self.expectOutcomes(bus, Self.modes)
        let watcher = try Peer(address: bus, mode: .watch)
        let owner = try Peer(address: bus, mode: .barSession)
        #expect(
            try property(bus, "Customizing", path: Names.bar("modes"), interface: Names.barInterface) as? Bool == true)
        let ended = watcher.waitForLine(timeout: 15) {
            $0.hasPrefix("signal \(Names.barInterface) DidEndCustomizingItems")
        }
        #expect(ended?.hasSuffix("[[\"day\", \"fav\"], false]") == true, "\(watcher.lines)")
        #expect(watcher.lines.contains { $0.hasPrefix("signal \(Names.barInterface) WillEndCustomizingItems") })
        #expect(
            try property(bus, "Customizing", path: Names.bar("modes"), interface: Names.barInterface) as? Bool == false)
        #expect(owner.isRunning)
    }

    // MARK: - SBAR-7

    @Test("an item on the bar says its position among the bar's items; one off the bar its title alone (SBAR-7)")
    func accessibility() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try Self.expectOutcomes(
            bus,
            Self.modes + [
                .bar("modes", "AddItem", .string("off"), .string("Off"), .string(""), .string("")),
                .bar("modes", "Tap", .string("fav")),
            ])
        func label(_ id: String) throws -> String {
            try stringProperty(
                bus, "AccessibilityLabel", path: Names.item(id, bar: "modes"), interface: Names.itemInterface)
        }
        #expect(try label("day") == "Day, one of two")
        #expect(try label("fav") == "Selected, Favorites, two of two")
        #expect(try label("off") == "Off")
    }

    // MARK: - Describe and introspection

    @Test(
        "Describe's bars hold each bar's and item's properties with the values GetAll gives; bar and item objects introspect as the interface file says (SBAR-1)"
    )
    func describeAndIntrospect() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try Self.expectOutcomes(
            bus,
            Self.modes + [
                BusCall("CreateBar", .string("empty")),
                .item("day", of: "modes", "SetBadge", .string("2")),
                .bar("modes", "Tap", .string("day")),
            ])
        let output = try runScript("tabbar_client.py", [bus, "describe"])
        let report = try parseJSON(output) as? [String: Any]
        #expect(report?["bars"] as? Int == 2 && report?["items"] as? Int == 2, "\(output)")
        #expect((report?["problems"] as? [String])?.isEmpty == true, "\(output)")
        let (objects, problems) = try IntrospectionTests.compare(bus, with: IntrospectionTests.interfaceFile)
        #expect(objects.contains(Names.item("fav", bar: "modes")) && objects.contains(Names.bar("empty")), "\(objects)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
