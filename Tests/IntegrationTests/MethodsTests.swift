import Foundation
import TabbardTestSupport
import Testing

/// Every controller method and every error name the contract lists, reached from the default
/// configuration (16 tabs, `MaxVisible` 5, layout `bottom`); each call is independent of the
/// connection that makes it, so the same list runs through gdbus (one process per call) and
/// dbus-python.
let everyMethodAndError: [BusCall] = [
    BusCall("Select", .string("alarm")),
    BusCall("Select", .string("nope"), fails: "NoSuchTab"), // SEL-2
    BusCall("Select", .string("bad id!"), fails: "InvalidArgument"), // ID-1
    BusCall("SelectIndex", .int32(2)),
    BusCall("SelectIndex", .int32(16), fails: "IndexOutOfRange"), // SEL-3
    BusCall("SelectMore"),
    BusCall("Tap", .string("alarm")),
    BusCall("Tap", .string("@more")),
    BusCall("Tap", .string("nope"), fails: "NoSuchTab"), // TAP-8
    BusCall("SetEnabled", .string("alarm"), .bool(false)),
    BusCall("Tap", .string("alarm"), fails: "Disabled"), // ITEM-6
    BusCall("SetEnabled", .string("alarm"), .bool(true)),
    BusCall.set("Layout", .string("top")),
    BusCall("Select", .string("notes"), fails: "NotReachable"), // TOP-1
    BusCall("Tap", .string("notes"), fails: "NotReachable"), // TAP-8
    BusCall("BeginCustomizing", fails: "NotSupported"), // TOP-2
    BusCall("SelectMore", fails: "NoMore"), // TOP-2
    BusCall.set("Layout", .string("bottom")),
    BusCall.set("Layout", .string("sideways"), fails: "InvalidArgument"), // ERR-1
    BusCall.set("MaxVisible", .uint32(1), fails: "InvalidArgument"), // ERR-1
    BusCall.set("MaxVisible", .string("5"), fails: "org.freedesktop.DBus.Error.InvalidArgs"), // ERR-1
    BusCall.set("Tabs", .strings([]), fails: "org.freedesktop.DBus.Error.PropertyReadOnly"),
    BusCall(
        path: Names.controller, interface: Names.properties, "Get", .string(Names.service), .string("Nope"),
        fails: "org.freedesktop.DBus.Error.UnknownProperty"),
    BusCall("SetTabs", .strings(["world-clock", "alarm", "stopwatch", "notes"])),
    BusCall("Tap", .string("@more"), fails: "NoMore"), // TAP-8
    BusCall("SetTabs", .strings(["alarm", "alarm"]), fails: "InvalidArgument"), // TABS-1
    BusCall("SetTabs", .strings(["nope"]), fails: "NoSuchTab"), // TABS-1
    BusCall("AddTab", .string("timer"), .int32(-1)),
    BusCall("AddTab", .string("timer"), .int32(0), fails: "InvalidArgument"), // TABS-6
    BusCall("AddTab", .string("songs"), .int32(99), fails: "IndexOutOfRange"), // TABS-6
    BusCall("RemoveTab", .string("songs"), fails: "NoSuchTab"), // TABS-6
    BusCall("RemoveTab", .string("timer")),
    BusCall("SetCustomizable", .strings(["songs"]), fails: "InvalidArgument"), // CUST-1
    BusCall("SetCustomizable", .strings([])),
    BusCall("BeginCustomizing", fails: "NotCustomizable"), // CUST-1
    BusCall("Customize", .strings(["world-clock", "alarm", "stopwatch", "notes"]), fails: "NotCustomizable"),
    BusCall("SetCustomizable", .strings(["alarm", "stopwatch"])),
    BusCall("Customize", .strings(["world-clock", "stopwatch", "alarm", "notes"])),
    BusCall("Customize", .strings(["notes", "alarm", "stopwatch", "world-clock"]), fails: "InvalidOrder"), // CUST-2
    BusCall("MoveTab", .string("alarm"), .uint32(1), fails: "NotCustomizing"), // CUST-4
    BusCall("SwapTabs", .string("alarm"), .string("stopwatch"), fails: "NotCustomizing"),
    BusCall("EndCustomizing", fails: "NotCustomizing"),
    BusCall("SetBadge", .string("alarm"), .string("3")),
    // ITEM-4
    BusCall("SetBadge", .string("alarm"), .string(String(repeating: "x", count: 65)), fails: "InvalidArgument"),
    BusCall("SetBadge", .string("nope"), .string("1"), fails: "NoSuchTab"),
    BusCall("ClearBadge", .string("alarm")),
    BusCall("SetBadgeColor", .string("alarm"), .string("#FF0000")),
    BusCall("SetBadgeColor", .string("alarm"), .string("red"), fails: "InvalidArgument"), // ITEM-5
    BusCall("Navigate", .string("songs"), .string("all")), // NAV-2: also for a tab not in Tabs
    BusCall("Navigate", .string("songs"), .string("nowhere"), fails: "InvalidArgument"),
    BusCall("Back", .string("songs")),
    BusCall("Back", .string("songs"), fails: "InvalidArgument"), // NAV-2: at root
    BusCall("Navigate", .string("songs"), .string("all")),
    BusCall("PopToRoot", .string("songs")),
    BusCall("GetContent", .string("alarm")),
    BusCall("GetContent", .string("nope"), fails: "NoSuchTab"),
    BusCall("Activate", .string("stopwatch"), .string("start")),
    BusCall("Activate", .string("stopwatch"), .string("fly"), fails: "InvalidArgument"), // NAV-2
    BusCall("SetOrientation", .string("landscape-left"), fails: "NotSupported"), // ORI-3: alarm is portrait only
    BusCall("SetOrientation", .string("sideways"), fails: "InvalidArgument"), // ORI-3
    BusCall("SetOrientation", .string("portrait")),
    BusCall("SetDividerImage", .string("div"), .string("normal"), .string("selected")),
    BusCall("SetDividerImage", .string("div"), .string("weird"), .string("normal"), fails: "InvalidArgument"),
    BusCall("UnregisterDelegate", .path("/delegate"), fails: "NotDelegate"),
    BusCall("RegisterDelegate", .path("/delegate")),
    BusCall("Reset"),
    BusCall("Describe"),
    BusCall(
        path: Names.bar, interface: Names.barInterface, "SetItems", .strings(["alarm"]), .bool(false),
        fails: "BarLocked"), // BAR-1
    BusCall(path: Names.bar, interface: Names.barInterface, "SetSelectedItem", .string("alarm"), fails: "BarLocked"),
    BusCall(
        path: Names.bar, interface: Names.barInterface, "BeginCustomizingItems", .strings(["alarm"]),
        fails: "BarLocked"),
    BusCall("Nope", fails: "org.freedesktop.DBus.Error.UnknownMethod"),
    BusCall("BeginCustomizing"),
]

@Suite("Every method and error, through gdbus and dbus-python")
struct MethodsTests {
    @Test("gdbus gets every method's success and every error name the contract promises")
    func throughGDBus() throws {
        let daemon = try DaemonProcess()
        for call in everyMethodAndError {
            let outcome = try call.throughGDBus(address: daemon.bus.address)
            #expect(outcome.error == call.error, "\(call): \(outcome.output)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test("dbus-python gets every method's success and every error name, each error with a message")
    func throughPython() throws {
        let daemon = try DaemonProcess()
        let outcomes = try callThroughPython(address: daemon.bus.address, everyMethodAndError)
        for (call, outcome) in zip(everyMethodAndError, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
            if outcome.error != nil {
                let message = outcome.values.first as? String ?? ""
                #expect(!message.isEmpty && !message.contains("\n"), "\(call): message '\(message)'")
            }
        }
        #expect(daemon.stop() == 0)
    }

    @Test("no error changes any state: Revision and Describe stay as they were (ERR-2)")
    func errorsChangeNothing() throws {
        let daemon = try DaemonProcess()
        let before = try StateTests.describe(daemon.bus.address)
        let revision = try property(daemon.bus.address, "Revision") as? Int
        let failing = [
            BusCall("Tap", .string("nope"), fails: "NoSuchTab"),
            BusCall("Select", .string("bad id!"), fails: "InvalidArgument"),
            BusCall("SelectIndex", .int32(16), fails: "IndexOutOfRange"),
            BusCall("SetTabs", .strings(["alarm", "alarm"]), fails: "InvalidArgument"),
            BusCall("SetTabs", .strings(["alarm", "nope"]), fails: "NoSuchTab"),
            BusCall("AddTab", .string("notes"), .int32(0), fails: "InvalidArgument"),
            BusCall("RemoveTab", .string("nope"), fails: "NoSuchTab"),
            BusCall("SetCustomizable", .strings(["alarm", "nope"]), fails: "InvalidArgument"),
            BusCall("Customize", .strings(["alarm"]), fails: "InvalidOrder"),
            BusCall("MoveTab", .string("alarm"), .uint32(0), fails: "NotCustomizing"),
            BusCall("SetBadge", .string("songs"), .string(String(repeating: "x", count: 65)), fails: "InvalidArgument"),
            BusCall("SetBadgeColor", .string("songs"), .string("red"), fails: "InvalidArgument"),
            BusCall("Navigate", .string("songs"), .string("nowhere"), fails: "InvalidArgument"),
            BusCall("Back", .string("songs"), fails: "InvalidArgument"),
            BusCall("Activate", .string("stopwatch"), .string("fly"), fails: "InvalidArgument"),
            BusCall("SetOrientation", .string("landscape-left"), fails: "NotSupported"),
            BusCall("SetDividerImage", .string("div"), .string("weird"), .string("normal"), fails: "InvalidArgument"),
            BusCall("UnregisterDelegate", .path("/delegate"), fails: "NotDelegate"),
            BusCall.set("Layout", .string("sideways"), fails: "InvalidArgument"),
            BusCall.set("MaxVisible", .uint32(65), fails: "InvalidArgument"),
            BusCall.set("DelegateTimeoutMs", .uint32(5), fails: "InvalidArgument"),
            BusCall.set("DelegateTimeoutPolicy", .string("maybe"), fails: "InvalidArgument"),
            BusCall.set("TintColor", .string("blue"), fails: "InvalidArgument"),
            BusCall.set("Translucent", .string("no"), fails: "org.freedesktop.DBus.Error.InvalidArgs"),
            BusCall(
                path: Names.bar, interface: Names.barInterface, "SetItems", .strings([]), .bool(true),
                fails: "BarLocked"),
        ]
        let outcomes = try callThroughPython(address: daemon.bus.address, failing)
        for (call, outcome) in zip(failing, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
        }
        #expect(try property(daemon.bus.address, "Revision") as? Int == revision)
        #expect(StateTests.differences(before, try StateTests.describe(daemon.bus.address)).isEmpty)
    }

    @Test("an action its plugin refuses answers PluginFailed, through dbus-python and gdbus")
    func pluginFailed() throws {
        let daemon = try DaemonProcess()
        // The notes plugin holds at most 256 notes and refuses to add more.
        let adds = Array(repeating: BusCall("Activate", .string("notes"), .string("add")), count: 300)
        let outcomes = try callThroughPython(address: daemon.bus.address, adds)
        let firstFailure = try #require(outcomes.firstIndex { $0.error != nil })
        #expect(firstFailure >= 200, "\(outcomes[firstFailure])")
        #expect(
            outcomes[firstFailure...].allSatisfy { $0.error == Names.errorPrefix + "PluginFailed" },
            "\(outcomes[firstFailure])")
        #expect(
            (outcomes[firstFailure].values.first as? String)?.contains("'add'") == true,
            "\(outcomes[firstFailure].values)")
        let viaGDBus = try BusCall("Activate", .string("notes"), .string("add")).throughGDBus(
            address: daemon.bus.address)
        #expect(viaGDBus.error == Names.errorPrefix + "PluginFailed", "\(viaGDBus.output)")
        #expect(
            try stringProperty(
                daemon.bus.address, "BadgeValue", path: Names.tab("notes"), interface: Names.tabInterface) == "256")
    }

    @Test("tapping the selected tab again pops its stack to the root; switching tabs keeps stacks (TAP-3)")
    func reselectPopsToRoot() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try busctlCall(bus, "Navigate", "ss", "songs", "all")
        try busctlCall(bus, "Navigate", "ss", "videos", "movies")
        try busctlCall(bus, "Tap", "s", "songs")
        try busctlCall(bus, "Tap", "s", "videos")
        #expect(try property(bus, "Depth", path: Names.tab("songs"), interface: Names.tabInterface) as? Int == 2)
        try busctlCall(bus, "Tap", "s", "videos")
        #expect(try stringProperty(bus, "Page", path: Names.tab("videos"), interface: Names.tabInterface) == "main")
        #expect(try property(bus, "Depth", path: Names.tab("videos"), interface: Names.tabInterface) as? Int == 1)
        #expect(try stringProperty(bus, "Page", path: Names.tab("songs"), interface: Names.tabInterface) == "all")
    }

    @Test(
        "a malformed tab id is InvalidArgument in every method that takes one, before anything else is checked (ID-1)",
        arguments: ["bad id!", "-leading-dash", String(repeating: "x", count: 65), ""])
    func malformedIds(id: String) throws {
        let daemon = try DaemonProcess()
        let calls = [
            BusCall("Select", .string(id)), BusCall("Tap", .string(id)), BusCall("AddTab", .string(id), .int32(0)),
            BusCall("RemoveTab", .string(id)), BusCall("SetTabs", .strings(["alarm", id])),
            BusCall("SetCustomizable", .strings([id])), BusCall("Customize", .strings([id])),
            BusCall("MoveTab", .string(id), .uint32(0)), BusCall("SwapTabs", .string("alarm"), .string(id)),
            BusCall("SetBadge", .string(id), .string("1")), BusCall("ClearBadge", .string(id)),
            BusCall("SetBadgeColor", .string(id), .string("#000000")), BusCall("SetEnabled", .string(id), .bool(false)),
            BusCall("Navigate", .string(id), .string("all")), BusCall("Back", .string(id)),
            BusCall("PopToRoot", .string(id)),
            BusCall("GetContent", .string(id)), BusCall("Activate", .string(id), .string("add")),
        ]
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(
                outcome.error == Names.errorPrefix + "InvalidArgument",
                "\(call): \(outcome.error ?? "ok") \(outcome.values)")
        }
    }

    @Test("replies carry the contract's values: Tap true, Customize changed, GetContent three strings, Describe JSON")
    func replyValues() throws {
        let daemon = try DaemonProcess()
        let calls = [
            BusCall("Tap", .string("alarm")),
            BusCall("Customize", .strings(["alarm"])), // Not a permutation of 16 tabs.
            BusCall("SetTabs", .strings(["alarm", "notes"])),
            BusCall("Customize", .strings(["notes", "alarm"])),
            BusCall("Customize", .strings(["notes", "alarm"])),
            BusCall("GetContent", .string("alarm")),
            BusCall("Describe"),
        ]
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        #expect(outcomes[0].values as? [Bool] == [true])
        #expect(outcomes[1].error == Names.errorPrefix + "InvalidOrder")
        #expect(outcomes[3].values as? [Bool] == [true])
        #expect(outcomes[4].values as? [Bool] == [false])
        let content = outcomes[5].values as? [String] ?? []
        #expect(content.count == 3 && content[1] == "text/plain" && content[2].contains("07:00"), "\(content)")
        let json = try parseJSON(outcomes[6].values.first as? String ?? "") as? [String: Any]
        #expect(json?["Tabs"] as? [String] == ["notes", "alarm"])
        #expect((json?["catalog"] as? [Any])?.count == 16)
    }
}
