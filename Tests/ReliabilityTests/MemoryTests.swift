import Foundation
import TabbardTestSupport
import Testing

/// Resident memory over a long stream of badge changes and taps, and after huge calls.
@Suite("Memory stays flat under a long stream of calls")
struct MemoryTests {
    @Test(
        "the heap that 16 MB calls took (kept while they come, docs/reliability.md) goes back to the system within seconds of the last"
    )
    func hugeCallsGiveTheirMemoryBack() throws {
        let daemon = try DaemonProcess()
        let before = residentKiB(daemon.pid)
        #expect(before > 0, "VmRSS of \(daemon.pid) could not be read")
        let summary = try runScript("hugeargs.py", [daemon.bus.address, String(16 << 20), "2"], timeout: 300)
        #expect(summary.values["owner_at_end"] as? Bool == true, "\(summary.values)")
        let after = residentKiB(daemon.pid)
        var settled = after
        let deadline = Date().addingTimeInterval(15)
        while settled > before + 4 << 10 && Date() < deadline {
            usleep(100_000)
            settled = residentKiB(daemon.pid)
        }
        #expect(
            settled > 0 && settled <= before + 4 << 10,
            "VmRSS \(before) KiB before, \(after) after the calls, \(settled) 15 s later")
        print("VmRSS \(before) KiB before, \(after) after 16 MB calls, \(settled) once they stopped")
        #expect(daemon.stop() == 0, "log:\n\(daemon.log)")
    }

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
