import Foundation
import Loop
import TabbardPluginABI
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The allowance of host callbacks of a plugin loaded into the daemon (docs/plugins.md, Threads
/// and Isolation): callbacks past it are dropped where they enter, a flood is reported once
/// however many it drops, and counted once as a failure of the module.
@Suite("Plugin callback allowance")
struct PluginCallbackAllowanceTests {
    /// The lines of `captured` that tell of a flood.
    static func floodLines(_ captured: CapturedLog) -> [String] {
        captured.lines.filter { $0.contains(PluginCallbackAllowance.reason) }
    }

    @Test(
        "a second's worth of callbacks at once, then drops; a flood is reported once, and ends after a second with nothing dropped"
    )
    func floods() {
        let captured = CapturedLog()
        let start = MonotonicInstant.now()
        let allowance = PluginCallbackAllowance(
            now: start, onFlood: PluginCallbackAllowance.logging(plugin: "noisy", to: captured.log))
        /// How many callbacks are taken at `instant`, of `tries`.
        func admitted(_ tries: Int, at instant: MonotonicInstant) -> Int {
            (0..<tries).filter { _ in allowance.admits(at: instant) }.count
        }
        #expect(admitted(PluginEventAllowance.perSecond, at: start) == PluginEventAllowance.perSecond)
        #expect(Self.floodLines(captured).isEmpty)
        // Five thousand dropped: one flood, one line.
        #expect(admitted(5_000, at: start) == 0)
        #expect(
            Self.floodLines(captured) == [
                "tabbard[warning]: plugin noisy: it made more than 1000 host callbacks in a second; its callbacks past that are dropped until it keeps within it for a second"
            ])
        // Half a second on, half the allowance is back; dropped again within the second, the
        // same flood goes on.
        #expect(admitted(600, at: start + .milliseconds(500)) == 500)
        #expect(admitted(500, at: start + .milliseconds(900)) == 400)
        #expect(Self.floodLines(captured).count == 1)
        // A second after the last drop the flood is over: the next drop starts a new one.
        #expect(admitted(1, at: start + .milliseconds(1_900)) == 1)
        #expect(admitted(2_000, at: start + .milliseconds(1_900)) == PluginEventAllowance.perSecond - 1)
        #expect(Self.floodLines(captured).count == 2)
    }

    @Test(
        "a plugin's callbacks from any thread and any of its tabs share one allowance; those past it never reach the sink or the log; a helper's table has none"
    )
    func callbacksShareTheAllowance() throws {
        let captured = CapturedLog()
        let allowance = PluginCallbackAllowance(
            onFlood: PluginCallbackAllowance.logging(plugin: "noisy", to: captured.log))
        // The ABI lets any thread use the host table and the tab handles.
        nonisolated(unsafe) let table = HostCallbacks.table(plugin: "noisy", log: captured.log, allowance: allowance)
        let recorder = EventRecorder()
        nonisolated(unsafe) let tabs = ["a", "b"].map { id in
            HostHandles.shared.issue(
                TabContext(plugin: "noisy", tabID: id, sink: recorder.sink, log: captured.log, allowance: allowance))
        }
        defer { for tab in tabs { HostHandles.shared.retire(tab) } }
        // Four threads, each with 1,500 titles on one of two tabs and 500 log lines: 8,000
        // callbacks.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let host = table.pointee
            for round in 0..<500 {
                for tab in [tabs[thread % 2], tabs[thread % 2], tabs[thread % 2]] {
                    host.set_title!(tab, "title \(round)")
                }
                host.log!(table, Int32(TABBARD_LOG_NOTICE.rawValue), "line \(round)")
            }
        }
        let taken = recorder.all.count + captured.lines.filter { $0.contains("plugin noisy: line ") }.count
        // The calls take a few milliseconds, which give back a few callbacks' room.
        #expect(
            (PluginEventAllowance.perSecond...PluginEventAllowance.perSecond + 100).contains(taken),
            "\(taken) callbacks taken")
        #expect(Self.floodLines(captured).count == 1, "\(Self.floodLines(captured))")

        // In a helper the link holds the plugin to its allowance, in the daemon: every callback passes.
        let helperTable = HostCallbacks.table(plugin: "helped", log: quietLog).pointee
        let helped = EventRecorder()
        let tab = HostHandles.shared.issue(TabContext(plugin: "helped", tabID: "c", sink: helped.sink, log: quietLog))
        defer { HostHandles.shared.retire(tab) }
        for round in 0..<3_000 { helperTable.set_badge!(tab, "\(round)") }
        #expect(helped.all.count == 3_000)
    }

    @Test(
        "a flood counts once as a failure of the module file in plugins.state, on the loop, with one line saying the plugin is disabled at its next load"
    )
    func floodCountsAsFailure() throws {
        let captured = CapturedLog()
        let records = PluginRecords(file: nil, log: quietLog)
        let loop = try EventLoop()
        let admission = PluginAdmission(
            records: records, log: captured.log, loop: loop, hangLimit: .seconds(5),
            probeArguments: [], saveState: { nil })
        let allowance = PluginCallbackAllowance(
            onFlood: admission.floodCounter(plugin: "noisy", fingerprint: PluginAdmissionTests.clock))
        for _ in 0..<(3 * PluginEventAllowance.perSecond) { _ = allowance.admits() }
        // Counted on the loop thread, where every other outcome is recorded.
        #expect(records.record(for: PluginAdmissionTests.clock) == nil)
        loop.post { loop.stop() }
        loop.run()
        #expect(
            records.record(for: PluginAdmissionTests.clock)
                == PluginRecord(probed: true, failures: 1, reason: PluginCallbackAllowance.reason))
        #expect(
            Self.floodLines(captured) == [
                "tabbard[warning]: plugin noisy: it made more than 1000 host callbacks in a second; its callbacks past that are dropped until it keeps within it for a second; failure 1 of 3 before the plugin is disabled at its next load"
            ])
    }
}
