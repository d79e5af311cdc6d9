import Foundation
import TabbardTestSupport
import Testing

/// Customization sessions and delegate registration: the errors that need a second
/// connection (Busy, DelegateExists, NotDelegate), through dbus-python's two connections and
/// through gdbus against a dbus-python peer that holds the session or the delegate.
@Suite("Sessions and delegate registration between connections")
struct SessionTests {
    @Test(
        "one session at a time, owned by its connection; fixed tabs stay put (CUST-2, CUST-3, CUST-4, CUST-8, CUST-9)")
    func sessionThroughPython() throws {
        let daemon = try DaemonProcess()
        let calls: [BusCall] = [
            BusCall("SetTabs", .strings(["world-clock", "alarm", "stopwatch", "notes"])),
            BusCall("SetCustomizable", .strings(["alarm", "stopwatch", "notes"])),
            BusCall("BeginCustomizing"),
            BusCall("BeginCustomizing", fails: "Busy").onSecondConnection(),
            BusCall("MoveTab", .string("alarm"), .uint32(3), fails: "Busy").onSecondConnection(),
            BusCall("EndCustomizing", fails: "Busy").onSecondConnection(),
            BusCall("Customize", .strings(["world-clock", "notes", "stopwatch", "alarm"]), fails: "Busy")
                .onSecondConnection(),
            BusCall("Tap", .string("alarm"), fails: "Busy"), // TAP-6
            BusCall("SetTabs", .strings(["alarm"]), fails: "Busy"), // CUST-8, for the owner too
            BusCall("SetCustomizable", .strings(["alarm"]), fails: "Busy"),
            BusCall.set("MaxVisible", .uint32(3), fails: "Busy"),
            BusCall("MoveTab", .string("alarm"), .uint32(9), fails: "IndexOutOfRange"), // CUST-9
            BusCall("MoveTab", .string("world-clock"), .uint32(2), fails: "NotCustomizable"), // CUST-2
            BusCall("MoveTab", .string("alarm"), .uint32(0), fails: "NotCustomizable"),
            BusCall("SwapTabs", .string("world-clock"), .string("alarm"), fails: "NotCustomizable"),
            BusCall("MoveTab", .string("alarm"), .uint32(3)),
            BusCall("SwapTabs", .string("notes"), .string("stopwatch")),
            BusCall("SwapTabs", .string("notes"), .string("notes")),
            BusCall("EndCustomizing"),
            BusCall(
                path: Names.controller, interface: Names.properties, "Get", .string(Names.service), .string("Tabs")),
        ]
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
        }
        #expect(outcomes[18].values as? [Bool] == [true])
        #expect(outcomes[19].values.first as? [String] == ["world-clock", "notes", "stopwatch", "alarm"])
    }

    @Test("one delegate: a second registration answers DelegateExists, only the owner unregisters")
    func delegateRegistrationThroughPython() throws {
        let daemon = try DaemonProcess()
        let calls: [BusCall] = [
            BusCall("RegisterDelegate", .path("/delegate")),
            BusCall("RegisterDelegate", .path("/delegate"), fails: "DelegateExists"),
            BusCall("RegisterDelegate", .path("/other"), fails: "DelegateExists").onSecondConnection(),
            BusCall("UnregisterDelegate", .path("/delegate"), fails: "NotDelegate").onSecondConnection(),
            BusCall("UnregisterDelegate", .path("/other"), fails: "NotDelegate"),
            BusCall("UnregisterDelegate", .path("/delegate")),
            BusCall("RegisterDelegate", .path("/other")).onSecondConnection(),
        ]
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(outcome.error == call.error, "\(call): \(outcome.values)")
        }
    }

    @Test("gdbus gets Busy while another connection customizes, and the session ends when its owner leaves (CUST-4)")
    func busyThroughGDBus() throws {
        let daemon = try DaemonProcess()
        let watcher = try Peer(address: daemon.bus.address, mode: .watch)
        let owner = try Peer(address: daemon.bus.address, mode: .session)
        let calls = [
            BusCall("BeginCustomizing", fails: "Busy"),
            BusCall("Customize", .strings([]), fails: "Busy"),
            BusCall("Tap", .string("alarm"), fails: "Busy"),
            BusCall("AddTab", .string("alarm"), .int32(0), fails: "Busy"),
            BusCall("RemoveTab", .string("alarm"), fails: "Busy"),
            BusCall.set("Layout", .string("top"), fails: "Busy"),
        ]
        for call in calls {
            #expect(try call.throughGDBus(address: daemon.bus.address).error == call.error, "\(call)")
        }
        #expect(try property(daemon.bus.address, "Customizing") as? Bool == true)
        owner.stop()
        let deadline = Date().addingTimeInterval(10)
        while try property(daemon.bus.address, "Customizing") as? Bool == true && Date() < deadline { usleep(20_000) }
        #expect(try property(daemon.bus.address, "Customizing") as? Bool == false)
        // Ended as if by EndCustomizing: both end signals, nothing changed.
        #expect(
            watcher.waitForLine(timeout: 5) { $0.hasPrefix("signal org.tabbard.TabBar1 DidEndCustomizing") }?.hasSuffix(
                "false]") == true,
            "\(watcher.lines)")
        #expect(watcher.lines.contains { $0.hasPrefix("signal org.tabbard.TabBar1 WillEndCustomizing") })
        #expect(try BusCall("BeginCustomizing").throughGDBus(address: daemon.bus.address).error == nil)
    }

    @Test(
        "a session with no call from its owner for customization_timeout_s ends as if EndCustomizing had been called (CUST-8)"
    )
    func idleSessionEnds() throws {
        let config = try ReloadTests.configuration("customization_timeout_s = 1\n")
        let daemon = try DaemonProcess(arguments: ["--config", config])
        let watcher = try Peer(address: daemon.bus.address, mode: .watch)
        let owner = try Peer(address: daemon.bus.address, mode: .session)
        #expect(try property(daemon.bus.address, "Customizing") as? Bool == true)
        let ended = watcher.waitForLine(timeout: 15) { $0.hasPrefix("signal org.tabbard.TabBar1 DidEndCustomizing") }
        #expect(ended?.hasSuffix("false]") == true, "\(watcher.lines)")
        #expect(watcher.lines.contains { $0.hasPrefix("signal org.tabbard.TabBar1 WillEndCustomizing") })
        #expect(try property(daemon.bus.address, "Customizing") as? Bool == false)
        #expect(owner.isRunning)
    }

    @Test("SIGHUP applies a changed customization_timeout_s to the next session (CUST-8)")
    func reloadAppliesSessionTimeout() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = try ReloadTests.configuration("customization_timeout_s = 600\n", in: directory)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        _ = try ReloadTests.configuration("customization_timeout_s = 1\n", in: directory)
        kill(daemon.pid, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("reloaded") && Date() < deadline { usleep(20_000) }
        let owner = try Peer(address: daemon.bus.address, mode: .session)
        let ended = Date().addingTimeInterval(15)
        while try property(daemon.bus.address, "Customizing") as? Bool == true && Date() < ended { usleep(100_000) }
        #expect(try property(daemon.bus.address, "Customizing") as? Bool == false, "\(daemon.log)")
        #expect(owner.isRunning)
    }

    @Test("gdbus gets DelegateExists and NotDelegate while a dbus-python delegate is registered")
    func delegateErrorsThroughGDBus() throws {
        let daemon = try DaemonProcess()
        let delegate = try Peer(address: daemon.bus.address, mode: .allow)
        let calls = [
            BusCall("RegisterDelegate", .path("/mine"), fails: "DelegateExists"),
            BusCall("UnregisterDelegate", .path("/delegate"), fails: "NotDelegate"),
        ]
        for call in calls {
            #expect(try call.throughGDBus(address: daemon.bus.address).error == call.error, "\(call)")
        }
        delegate.stop()
    }
}
