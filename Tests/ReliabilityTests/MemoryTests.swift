import Foundation
import TabbardTestSupport
import Testing

/// Resident memory over a long stream of badge changes and taps.
@Suite("Memory stays flat under a long stream of calls")
struct MemoryTests {
    @Test("badge changes and taps leave VmRSS within 10% of its level after the first 10,000")
    func residentMemoryStaysFlat() throws {
        let daemon = try DaemonProcess()
        let badges = Variant.pick(short: 50_000, long: 1_000_000)
        let taps = Variant.pick(short: 5_000, long: 100_000)
        let summary = try runScript(
            "memory.py", [daemon.bus.address, String(daemon.pid), String(badges), String(taps)],
            timeout: Variant.pick(short: 180, long: 1_800))
        #expect(summary.count("badges") == badges && summary.count("taps") == taps)
        #expect(summary.count("answered") == badges + taps, "\(summary.output)")
        #expect(summary.counts("errors").isEmpty, "\(summary.output)")
        #expect(summary.strings("violations").isEmpty, "\(summary.strings("violations"))")
        let baseline = summary.count("rss_baseline_kib")
        let final = summary.count("rss_final_kib")
        #expect(baseline > 0)
        #expect(
            Double(final) <= Double(baseline) * 1.1, "VmRSS \(baseline) KiB after 10,000 calls, \(final) KiB at the end"
        )
        #expect(Double(summary.count("rss_peak_kib")) <= Double(baseline) * 1.1, "\(summary.output)")
        #expect(daemon.stop() == 0, "log:\n\(daemon.log)")
    }
}
