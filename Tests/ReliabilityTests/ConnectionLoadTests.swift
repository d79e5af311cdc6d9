import Foundation
import TabbardTestSupport
import Testing

/// What held up before the hostile-input work must still hold (docs/reliability.md, Hostile
/// callers): clients that come and go by the thousand, thousands held at once, a call that
/// names a million tabs, and SIGHUPs under a stream of calls. Each leaves the daemon on the bus,
/// with no descriptor more than it had.
@Suite("Many clients, one huge call, reloads under calls")
struct ConnectionLoadTests {
    @Test("clients that connect, read and leave one after another leave no descriptor behind")
    func shortLivedClients() throws {
        let clients = Variant.pick(short: 1_000, long: 20_000)
        let summary = try run("churn", clients, on: DaemonProcess(), timeout: Variant.pick(short: 180, long: 1_800))
        #expect(summary.count("answered") == clients, "\(summary.output)")
    }

    @Test(
        "thousands of clients held at once: each is answered, a fresh client still selects, and their leaving leaves no descriptor"
    )
    func heldClients() throws {
        let clients = Variant.pick(short: 300, long: 3_000)
        // dbus-daemon's own defaults allow 256 connections per user and 2,048 in all.
        let limits = """
            <limit name="max_connections_per_user">\(clients + 64)</limit>
            <limit name="max_completed_connections">\(clients + 64)</limit>
            """
        let bus = try PrivateBus(type: "session", policy: PrivateBus.openPolicy + limits)
        let summary = try run(
            "hold", clients, on: DaemonProcess(bus: bus), timeout: Variant.pick(short: 180, long: 900))
        #expect(summary.count("answered") == clients, "\(summary.output)")
        #expect(summary.values["fresh_select"] as? Bool == true, "\(summary.values)")
    }

    @Test(
        "a SetTabs naming a million tabs is refused with a short InvalidArgument, and the tabs stay as they were (ID-1, ERR-2)"
    )
    func millionIds() throws {
        let summary = try run(
            "huge", 1_000_000, on: DaemonProcess(), timeout: 300,
            refusals: ["org.tabbard.TabBar1.Error.InvalidArgument": 1])
        #expect(summary.count("message_length") < 512, "\(summary.values)")
        #expect(summary.count("tabs_after") > 0, "\(summary.values)")
    }

    @Test("SIGHUPs while two clients keep selecting and badging: every call answered, no descriptor gained")
    func reloadsUnderCalls() throws {
        let summary = try run(
            "reload", Variant.pick(short: 30, long: 300), on: DaemonProcess(),
            timeout: Variant.pick(short: 120, long: 900))
        #expect(summary.count("answered") > 0, "\(summary.output)")
    }

    /// Runs `connections.py` with `scenario` and `count` against `daemon`, and checks what every
    /// scenario must leave: exactly the `refusals` expected, no descriptor more than before, the
    /// daemon still the name's owner, and a clean stop.
    private func run(
        _ scenario: String, _ count: Int, on daemon: DaemonProcess, timeout: TimeInterval,
        refusals: [String: Int] = [:]
    ) throws -> ScriptSummary {
        let summary = try runScript(
            "connections.py", [daemon.bus.address, String(daemon.pid), scenario, String(count)], timeout: timeout)
        #expect(summary.counts("errors") == refusals, "\(summary.output)")
        #expect(summary.count("descriptors_after") <= summary.count("descriptors_before"), "\(summary.values)")
        #expect(summary.values["owner_at_end"] as? Bool == true, "\(summary.values)")
        #expect(daemon.stop() == 0, "log:\n\(daemon.log)")
        return summary
    }
}
