import Foundation
import TabbardTestSupport
import Testing

/// Delegates that are slow, never answer, die mid-call or flood the daemon.
@Suite("Faulty delegates never stall other clients")
struct DelegateFaultTests {
    @Test("taps behind a slow delegate: 64 wait and are decided, the rest answer Busy (TAP-7)")
    func slowDelegateQueueIsBounded() throws {
        let taps = Variant.pick(short: 2_000, long: 20_000)
        let summary = try runFault("slow", count: taps)
        let busy = summary.counts("errors")["org.tabbard.TabBar1.Error.Busy", default: 0]
        #expect(decidedOrRefused(summary) == taps, "\(summary.output)")
        #expect(busy > taps / 2, "\(summary.output)")
        // One being decided and 64 waiting; each answer takes at least 50 ms, so until the
        // last tap had come in (at the latest when it was answered) at most one place per
        // 50 ms came free.
        let freedWhileSending = summary.count("last_tap_answered_ms") / 50 + 1
        #expect(summary.count("true") >= 65 && summary.count("true") <= 65 + freedWhileSending, "\(summary.output)")
    }

    @Test("a delegate that registers and never answers: every tap is decided by the timeout")
    func silentDelegateTimesOut() throws {
        let summary = try runFault("hang", count: Variant.pick(short: 200, long: 2_000))
        #expect(decidedOrRefused(summary) == summary.count("taps"), "\(summary.output)")
        #expect(summary.count("true") >= 65, "\(summary.output)")
    }

    @Test("a delegate killed while taps wait for it: they are decided at once as if there were none")
    func killedDelegateReleasesTaps() throws {
        let summary = try runFault("crash", count: Variant.pick(short: 200, long: 2_000))
        #expect(summary.string("killed_after_asked").hasPrefix("asked "), "the delegate was never asked")
        #expect(summary.count("killed_at_pending") == 65, "\(summary.output)")
        #expect(summary.count("true") == 65 && decidedOrRefused(summary) == summary.count("taps"), "\(summary.output)")
        // The delegate asked for 20 s; its death ends the wait, not the timeout.
        #expect(summary.count("drained_ms") < 10_000)
    }

    /// Taps that were decided (selected, or answered `Busy` past the queue of 64), plus those
    /// the bus itself refused before the daemon saw them: on a loaded machine `dbus-daemon` may
    /// refuse a client with this many calls waiting for replies (`LimitsExceeded`). Any other
    /// outcome, a tap lost or answered with another error, leaves the sum short of the taps.
    private func decidedOrRefused(_ summary: ScriptSummary) -> Int {
        let errors = summary.counts("errors")
        return summary.count("true") + errors["org.tabbard.TabBar1.Error.Busy", default: 0]
            + errors["org.freedesktop.DBus.Error.LimitsExceeded", default: 0]
    }

    @Test("a delegate flooding the daemon with calls while it answers: every tap is decided")
    func floodingDelegateIsServed() throws {
        let taps = Variant.pick(short: 500, long: 5_000)
        let summary = try runFault("flood", count: taps)
        #expect(summary.count("true") == taps, "\(summary.output)")
        #expect(summary.counts("errors").isEmpty, "\(summary.output)")
    }
}
