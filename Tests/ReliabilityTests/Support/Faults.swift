import Foundation
import TabbardTestSupport
import Testing

/// Runs `faults.py SCENARIO` against a fresh daemon and checks what holds after every fault:
/// the script finished in time, another client's `Select` was answered throughout without a
/// long stall, the invariants hold, and VmRSS stayed bounded.
func runFault(_ scenario: String, count: Int) throws -> ScriptSummary {
    let daemon = try DaemonProcess()
    let summary = try runScript(
        "faults.py", [daemon.bus.address, String(daemon.pid), scenario, String(count)],
        timeout: Variant.pick(short: 120, long: 600))
    #expect(summary.values["timed_out"] == nil, "\(scenario) did not finish: \(summary.output)")
    #expect(summary.count("selects") > 0, "no Select was answered during \(scenario)")
    #expect(summary.values["select_errors"] == nil, "\(summary.output)")
    // Generous: a Select waits for nothing but the loop, normally well under 10 ms.
    #expect(summary.number("select_max_ms") < 2_000, "\(scenario): \(summary.output)")
    #expect(summary.number("final_select_ms") < 2_000)
    #expect(summary.strings("violations").isEmpty, "\(summary.strings("violations"))")
    let before = summary.count("rss_before_kib")
    let peak = summary.count("rss_peak_kib")
    #expect(peak < before * 2 + 32_768, "\(scenario): VmRSS \(before) KiB before, \(peak) KiB at its peak")
    #expect(kill(daemon.pid, 0) == 0 && daemon.stop() == 0, "log:\n\(daemon.log)")
    return summary
}
