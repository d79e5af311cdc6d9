import Foundation
import TabbardTestSupport
import Testing

/// Random and hostile calls on every object and interface, from several connections at once.
@Suite("The D-Bus surface survives fuzzing")
struct FuzzTests {
    @Test("after thousands of random calls the daemon answers promptly and its invariants hold")
    func daemonSurvivesFuzzing() throws {
        let daemon = try DaemonProcess()
        let calls = Variant.pick(short: 10_000, long: 200_000)
        let seed = Int.random(in: 1...1_000_000)
        let summary = try runScript(
            "fuzz.py", [daemon.bus.address, String(calls), String(seed)],
            timeout: Variant.pick(short: 120, long: 1_800))
        let errors = summary.counts("errors")
        let answered = summary.count("replies") + errors.values.reduce(0, +)
        let refused = summary.counts("refused_locally").values.reduce(0, +)
        #expect(summary.count("calls") + refused == calls, "seed \(seed)")
        // Only the calls of connections closed while they waited may go unanswered.
        #expect(answered + summary.count("abandoned") >= summary.count("calls"), "seed \(seed): \(summary.output)")
        #expect(summary.strings("violations").isEmpty, "seed \(seed): \(summary.strings("violations"))")
        #expect(summary.string("select") == "ok", "seed \(seed)")
        #expect(summary.number("select_ms") < 2_000, "seed \(seed)")
        #expect(summary.number("ping_ms") < 2_000, "seed \(seed)")
        // The hostile paths were exercised, and each came back as an error, not a crash.
        #expect(errors["org.freedesktop.DBus.Error.UnknownMethod", default: 0] > 0)
        #expect(errors["org.freedesktop.DBus.Error.InvalidArgs", default: 0] > 0)
        #expect(errors["org.tabbard.TabBar1.Error.NoSuchTab", default: 0] > 0)
        #expect(errors["org.tabbard.TabBar1.Error.InvalidArgument", default: 0] > 0)
        #expect(summary.count("utf8_refused") > 0)
        #expect(summary.count("closed_mid_call") > 0)
        #expect(summary.count("long_ids") > 0 && summary.count("huge") > 0)
        #expect(kill(daemon.pid, 0) == 0, "the daemon died; log:\n\(daemon.log)")
        #expect(daemon.stop() == 0, "log:\n\(daemon.log)")
    }
}
