import Foundation
import TabbardTestSupport
import Testing

/// A plugin loaded into the daemon (the default) whose own thread calls host callbacks as fast
/// as it can (docs/plugins.md, Threads and Isolation): the daemon keeps its PID and bus name,
/// serves other clients throughout and keeps its memory bounded, since callbacks past the
/// plugin's allowance are dropped where they enter, not queued for the loop; each flood counts
/// once as a failure of the module, logged once, and three disable it at its next load.
@Suite("In-process plugin floods")
struct PluginFloodTests {
    /// How much the daemon's VmRSS may grow while the plugin floods three times, in KiB: what a
    /// second's allowance of callbacks and the Select loop's calls cost, a few MiB. Before the
    /// allowance, every callback waited in the loop's queue and a flood of 1.5 s grew it by
    /// hundreds of MiB.
    static let memoryBound = 16 * 1024

    static let flooded = "it made more than 1000 host callbacks in a second"

    @Test(
        "a plugin in the daemon whose thread floods host callbacks: PID and bus name unchanged, Select served throughout, memory bounded, acknowledged state intact, each flood logged once and counted in plugins.state, disabled at its next load after three"
    )
    func floodingThread() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "flooder", define: "FLOOD_ON_THREAD"))
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let bus = daemon.bus.address
        let (pid, owner) = (daemon.pid, try IsolationTests.owner(bus))
        #expect(IsolationTests.waitForContent(bus, "flooder-tab"), "\(daemon.log)")
        #expect(daemon.log.contains("plugin flooder 0.1 loaded"), "\(daemon.log)")
        try busctlCall(bus, "SetTabs", "as", "3", "flooder-tab", "alarm", "world-clock")
        // Acknowledged before the floods: a badge, and (by the Select loop) the selected tab.
        try busctlCall(bus, "SetBadge", "ss", "alarm", "7")

        let memory = ResidentMemory(pid: pid)
        let selects = ProbeTests.selectLoop(bus, seconds: 12)
        for round in 1...3 {
            // The plugin's thread floods for 1.5 s (FLOOD_MS); Activate itself returns at once.
            try busctlCall(bus, "Activate", "ss", "flooder-tab", "poke")
            // After 1.5 s of quiet the thread sets the badge `calm` and logs `flood over`: a
            // plugin within its allowance again is heard again, and its next flood is a new one.
            let deadline = Date().addingTimeInterval(20)
            while PluginFaultTests.occurrences(of: "plugin flooder: flood over", in: daemon.log) < round
                && Date() < deadline
            { usleep(50_000) }
            #expect(
                PluginFaultTests.occurrences(of: "plugin flooder: flood over", in: daemon.log) == round,
                "round \(round): \(daemon.log.suffix(2000))")
            #expect(
                try stringProperty(bus, "BadgeValue", path: Names.tab("flooder-tab"), interface: Names.tabInterface)
                    == "calm",
                "round \(round)")
        }
        let outcome = try selects.wait(timeout: 60)
        #expect(outcome.output.hasPrefix("served "), "\(outcome.output)\(outcome.errors)\n\(daemon.log.suffix(2000))")
        let resident = memory.stop()

        // Each flood logged once, and counted once, under the module file.
        #expect(
            PluginFaultTests.occurrences(of: "plugin flooder: \(Self.flooded)", in: daemon.log) == 3,
            "\(daemon.log.suffix(2000))")
        #expect(
            daemon.log.contains("failure 3 of 3 before the plugin is disabled at its next load"),
            "\(daemon.log.suffix(2000))")
        #expect(
            daemon.pluginRecords.contains { $0.hasPrefix("ok 3 ") && $0.contains("/libflooder.so\t\(Self.flooded)") },
            "\(daemon.pluginRecords)")
        // What was acknowledged is as it was: the badge set before, the loop's last Select.
        #expect(try stringProperty(bus, "BadgeValue", path: Names.tab("alarm"), interface: Names.tabInterface) == "7")
        #expect(try stringProperty(bus, "SelectedTab") == "world-clock")
        print(
            "in-process flood: daemon VmRSS \(resident.first) KiB before, \(resident.peak) KiB at most, \(resident.samples) samples; \(outcome.output)"
        )
        #expect(
            resident.peak - resident.first < Self.memoryBound,
            "VmRSS \(resident.first) KiB before, \(resident.peak) KiB at most")
        let ownerNow = try IsolationTests.owner(bus)
        #expect(daemon.pid == pid && ownerNow == owner)

        // Disabled at its next load: the next start skips it, naming the last failure.
        try daemon.restart()
        #expect(
            daemon.log.contains("flooder.plugin skipped: disabled after 3 failures (last: \(Self.flooded))"),
            "\(daemon.log.suffix(2000))")
        #expect(!(try stringsProperty(bus, "AvailableTabs")).contains("flooder-tab"))
        #expect(daemon.stop() == 0)
    }
}
