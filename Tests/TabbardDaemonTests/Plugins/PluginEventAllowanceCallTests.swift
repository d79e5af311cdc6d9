import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The events a helper sends because the daemon called it (docs/plugins.md, Isolation): each
/// call makes room for a few, beside the per-second allowance, so that a fast client's calls
/// never make the plugin answering them a flood.
@Suite("Event allowance: events the daemon's calls cause")
struct PluginEventAllowanceCallTests {
    @Test(
        "3,000 calls in a second, each followed by its badge and content-changed events, pass; a flood with no calls still ends at the allowance"
    )
    func callsGrantRoom() {
        let start = MonotonicInstant.now()
        var allowance = PluginEventAllowance(now: start)
        var refused = 0
        for call in 0..<3_000 {
            allowance.grantCall()
            let now = start + .microseconds(call * 333)
            for _ in 0..<2 where !allowance.take(at: now) { refused += 1 }
        }
        #expect(refused == 0)

        // Calls grant room for their own events, not a second's flood on top of the bucket.
        var quiet = PluginEventAllowance(now: start)
        for _ in 0..<10_000 { quiet.grantCall() }
        let passed = (0..<(3 * PluginEventAllowance.perSecond)).filter { _ in quiet.take(at: start) }.count
        #expect(passed == 2 * PluginEventAllowance.perSecond)
    }
}
