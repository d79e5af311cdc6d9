import Foundation
import TabbardTestSupport
import Testing

/// Unprivileged callers against an administrator (docs/reliability.md, Fair dispatch): huge
/// arguments, replies never read, and read floods, each from a user outside the admin group of a
/// system instance on a bus with dbus-daemon's default limits. Under each, every Select of an
/// administrator is answered (under 16 MB calls lined up on purpose, or refused by the bus),
/// the daemon stays within its memory bound and stops on SIGTERM with the attackers still
/// connected. Latencies are printed (figures, not asserts).
@Suite(
    "Fair dispatch under unprivileged attacks (issue 37)", .serialized,
    .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to attack as another user"))
struct FairDispatchTests {
    /// The resident size the daemon stays under, whatever an unprivileged caller does: its own
    /// ~16 MiB and, under 16 MB calls, two of them (one being read, one being answered) and the
    /// 64 MiB the heap keeps free while they come, given back 2 s after the last
    /// (`LargeMessageMemory`; docs/reliability.md, Under 16 MB calls).
    static let memoryBoundKiB = 112 << 10
    /// The administrator's `Select`s in each attack.
    static let adminCalls = Variant.pick(short: 20, long: 200)

    /// Four connections in the short variant; in the long one also one and eight, whose
    /// latencies show how the administrator's wait grows with the calls ahead of it in the
    /// bus's queue (docs/reliability.md, Under 16 MB calls).
    @Test(
        "finding 2: connections keeping 16 MB calls in flight neither stall the daemon nor refuse the administrator",
        arguments: Variant.pick(short: [4], long: [1, 4, 8]))
    func bigCalls(connections: Int) throws {
        try attack("bigcalls-\(connections)")
    }

    /// Eight connections that each hold back the last bytes of their call until all can finish,
    /// then finish together: 128 MiB reach the bus's queue for the daemon at once, past the
    /// 127 MiB after which the bus refuses every caller's call to it. What the daemon can hold
    /// still holds: every `Select` is answered, or refused by the bus and not by the daemon,
    /// none waits unanswered, and the daemon stays within its bound and stops on SIGTERM. The
    /// refusals are the limit (docs/reliability.md, Under 16 MB calls).
    @Test(
        "finding 2, synchronized: 16 MB calls finished together on eight connections neither stall the daemon nor leave a call unanswered",
        .enabled(if: Variant.isLong, "long variant only (make reliability)"))
    func synchronizedBigCalls() throws {
        let summary = try attack("bigcalls-synced-8", refusalsAllowed: true)
        let refused = summary.counts("admin_errors")
        #expect(Set(refused.keys).isSubset(of: ["org.freedesktop.DBus.Error.LimitsExceeded"]), "\(summary.values)")
        let text = (summary.values["admin_error_texts"] as? [String: Any])?.values.compactMap { $0 as? String } ?? []
        #expect(text.allSatisfy { $0.contains("destination has a full message queue") }, "\(summary.values)")
        #expect(summary.count("admin_answered") + refused.values.reduce(0, +) == Self.adminCalls, "\(summary.values)")
    }

    @Test("finding 3: connections that never read their replies neither stop the administrator's replies nor SIGTERM")
    func nonReaders() throws {
        try attack("nonreader")
    }

    @Test(
        "finding 4: 64 connections with 120 reads in flight each leave the administrator served",
        arguments: ["Describe", "Introspect", "GetManagedObjects", "Get"])
    func readFlood(method: String) throws {
        try attack("flood-\(method)")
    }

    /// Runs `attacks.py` with `scenario` on a fresh system instance and checks what must hold:
    /// every administrator's `Select` answered unless `refusalsAllowed` (the caller checks the
    /// errors then), the daemon stopped by SIGTERM within its memory bound. Answers the summary.
    @discardableResult
    private func attack(_ scenario: String, refusalsAllowed: Bool = false) throws -> ScriptSummary {
        try TestUsers.ensure()
        let bus = try PrivateBus(type: "system", policy: PrivateBus.openPolicyForEveryUser)
        // At the system unit's niceness, as the service manager starts it: ahead of the
        // attackers, not of the bus, which runs as dbus.service does.
        let daemon = try DaemonProcess(
            bus: bus, arguments: ["--instance", "system"], launcher: try SystemUnit.launcher())
        let summary = try runScript(
            "attacks.py",
            [
                bus.address, String(daemon.pid), TestUsers.guest, scenario,
                String(Variant.pick(short: 4, long: 10)), String(Self.adminCalls),
            ],
            timeout: 600)
        if !refusalsAllowed {
            #expect(
                summary.counts("admin_errors").isEmpty && summary.count("admin_answered") == Self.adminCalls,
                "\(summary.values)")
        }
        #expect(summary.values["stopped"] as? Bool == true, "\(summary.values)")
        #expect(summary.count("vmrss_peak_kib") <= Self.memoryBoundKiB, "\(summary.values)")
        #expect(daemon.stop(within: 10) == 0, "log:\n\(daemon.log)")
        return summary
    }
}
