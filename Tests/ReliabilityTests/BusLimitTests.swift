import Foundation
import TabbardTestSupport
import Testing

/// No message the bus will refuse (docs/reliability.md, Messages the bus refuses): an error
/// names an offending value by its first 64 bytes and its length (ERR-2), and a reply that would
/// still be larger than the bus accepts becomes an error reply; otherwise the bus drops the
/// daemon's connection, and every client loses it.
@Suite("Messages the bus refuses")
struct BusLimitTests {
    @Test("calls with huge ids, names, badges and paths are answered with short errors; the daemon stays on the bus")
    func hugeArguments() throws {
        let daemon = try DaemonProcess()
        // 1 MB each, then values just under the bus's 32 MiB limit, whose whole quote would be over it.
        for (size, rounds) in [
            (1 << 20, Variant.pick(short: 3, long: 50)), ((32 << 20) - 4096, Variant.pick(short: 1, long: 5)),
        ] {
            let summary = try runScript(
                "hugeargs.py", [daemon.bus.address, String(size), String(rounds)], timeout: 300)
            #expect(summary.count("longest_message") < 512, "size \(size): \(summary.values)")
            #expect(
                summary.strings("other_failures").isEmpty && summary.values["owner_at_end"] as? Bool == true,
                "size \(size): \(summary.values)")
            #expect(summary.count("calls") == 5 * rounds)
        }
        #expect(daemon.stop() == 0)
    }

    @Test(
        "the same from a user outside the admin group of a system instance, who may read (GetContent, Get) but not change",
        .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run the client as another user"))
    func hugeArgumentsUnprivileged() throws {
        try TestUsers.ensure()
        let bus = try PrivateBus(type: "system", policy: PrivateBus.openPolicyForEveryUser)
        let daemon = try DaemonProcess(bus: bus, arguments: ["--instance", "system"])
        let rounds = Variant.pick(short: 1, long: 5)
        let summary = try runScript(
            "hugeargs.py", [bus.address, String((32 << 20) - 4096), String(rounds)], as: TestUsers.guest,
            timeout: 300)
        #expect(summary.count("longest_message") < 512, "\(summary.values)")
        #expect(summary.counts("errors")["org.freedesktop.DBus.Error.AccessDenied"] == 2 * rounds, "\(summary.values)")
        #expect(
            summary.strings("other_failures").isEmpty && summary.values["owner_at_end"] as? Bool == true,
            "\(summary.values)")
        #expect(daemon.stop() == 0)
    }
}
