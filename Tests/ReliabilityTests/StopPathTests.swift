import Foundation
import TabbardTestSupport
import Testing

/// Every way the daemon stops saves everything it acknowledged before (STATE-4): SIGTERM with
/// calls already read from the socket, a hung plugin's exit, and losing the bus.
@Suite("Every stop path saves every acknowledged change")
struct StopPathTests {
    @Test("SIGTERM with 50 SetBadge and a Select queued: every acknowledged one is there after the restart (STATE-4)")
    func sigtermWithQueuedCalls() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        let tabs = ["world-clock", "alarm", "stopwatch", "notes"]
        try requireAcknowledged(busctl(bus, "SetTabs", "as", "4", tabs[0], tabs[1], tabs[2], tabs[3]), "SetTabs")
        let cycles = Variant.pick(short: 6, long: 200)
        var acknowledgedChanges = 0
        var answeredWithError = 0
        var losses = Losses()
        for cycle in 0..<cycles {
            let mode = cycle.isMultiple(of: 2) ? "stopped" : "burst"
            let target = tabs[1 + cycle % 3]
            // Acknowledged just before the stop: it waits in the batch (flush interval).
            try requireAcknowledged(busctl(bus, "SetBadge", "ss", "world-clock", "\(cycle).0"), "SetBadge")
            let summary = try runScript(
                "durability.py", ["queued", bus, String(daemon.pid), mode, "50", "world-clock", target, String(cycle)],
                timeout: 60)
            #expect(summary.count("unanswered") == 0, "\(summary.output)")
            let status = daemon.stop()
            #expect(status == 0, "cycle \(cycle) (\(mode)): exit \(status); log:\n\(daemon.log)")
            try daemon.start()
            let state = try describe(bus)
            let acknowledged = ((summary.values["acknowledged"] as? [NSNumber]) ?? []).map(\.intValue)
            let last = acknowledged.max() ?? 0
            let badge = tabProperty(state, "world-clock", "BadgeValue") ?? ""
            let parts = badge.split(separator: ".").compactMap { Int($0) }
            // The last acknowledged badge, or one sent after it that was applied but not answered.
            losses.expectKept(
                parts.count == 2 && parts[0] == cycle && parts[1] >= last,
                "cycle \(cycle) (\(mode)): badge \(badge), last acknowledged \(cycle).\(last)")
            if (summary.values["selected"] as? Bool) == true {
                losses.expectKept(
                    state["SelectedTab"] as? String == target,
                    "cycle \(cycle) (\(mode)): the acknowledged Select is lost")
            }
            acknowledgedChanges += 1 + acknowledged.count + ((summary.values["selected"] as? Bool) == true ? 1 : 0)
            answeredWithError += summary.counts("errors").values.reduce(0, +)
        }
        #expect(daemon.stop() == 0)
        print(
            "sigterm: SUMMARY {\"cycles\": \(cycles), \"acknowledged\": \(acknowledgedChanges), \"refused_unanswered\": \(answeredWithError), \"lost\": \(losses.count)}"
        )
    }

    @Test("a plugin hang after acknowledged batched changes: the exit (70) saves them first (STATE-4)")
    func pluginHangSavesAcknowledged() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "hanger", define: "HANG_IN_ACTIVATE"))
        let daemon = try DaemonProcess(
            arguments: ["--config", slowFlushConfiguration()],
            environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "300"], pluginDirectory: plugins)
        let bus = daemon.bus.address
        try requireAcknowledged(
            busctl(bus, "SetTabs", "as", "4", "world-clock", "stopwatch", "alarm", "hanger-tab"), "SetTabs")
        let hangs = Variant.pick(short: 2, long: 20)
        var losses = Losses()
        for hang in 0..<hangs {
            let badge = "hang \(hang)"
            let target = hang.isMultiple(of: 2) ? "stopwatch" : "alarm"
            try requireAcknowledged(busctl(bus, "SetBadge", "ss", "world-clock", badge), "SetBadge")
            try requireAcknowledged(busctl(bus, "Select", "s", target), "Select")
            // Never answered: the daemon exits while the call is in the plugin.
            try busctl(bus, "Activate", "ss", "hanger-tab", "poke", timeout: 20)
            #expect(daemon.waitForExit(timeout: 20), "\(daemon.log)")
            #expect(daemon.stop() == 70)
            // Forget the hang, so that the plugin is not disabled after three.
            unlink(daemon.stateDirectory + "/plugins.state")
            try daemon.start()
            let state = try describe(bus)
            losses.expectKept(
                tabProperty(state, "world-clock", "BadgeValue") == badge, "hang \(hang): log:\n\(daemon.log)")
            losses.expectKept(state["SelectedTab"] as? String == target, "hang \(hang)")
        }
        #expect(daemon.stop() == 0)
        print("hang: SUMMARY {\"hangs\": \(hangs), \"acknowledged\": \(2 * hangs), \"lost\": \(losses.count)}")
    }

    @Test("losing the bus after acknowledged batched changes: saved, then a non-zero exit (STATE-4)")
    func busLossSavesAcknowledged() throws {
        let configuration = try slowFlushConfiguration()
        var stateDirectory: String?
        let losses = Variant.pick(short: 2, long: 20)
        var lost = Losses()
        for loss in 0..<losses {
            let daemon = try DaemonProcess(arguments: ["--config", configuration], stateDirectory: stateDirectory)
            stateDirectory = daemon.stateDirectory
            let bus = daemon.bus.address
            if loss > 0 {
                // What the previous daemon acknowledged before its bus went away.
                let state = try describe(bus)
                lost.expectKept(tabProperty(state, "world-clock", "BadgeValue") == "lost \(loss - 1)", "\(daemon.log)")
                lost.expectKept(
                    state["SelectedTab"] as? String == (loss.isMultiple(of: 2) ? "alarm" : "stopwatch"), "loss \(loss)")
            }
            try requireAcknowledged(busctl(bus, "SetBadge", "ss", "world-clock", "lost \(loss)"), "SetBadge")
            try requireAcknowledged(
                busctl(bus, "Select", "s", loss.isMultiple(of: 2) ? "stopwatch" : "alarm"), "Select")
            daemon.bus.stop()
            #expect(daemon.waitForExit(timeout: 20), "\(daemon.log)")
            let status = daemon.stop()
            #expect(
                status != 0 && status < 128, "losing the bus must be a failure exit, not \(status); log:\n\(daemon.log)"
            )
            #expect(daemon.log.contains("lost the connection to the bus"), "\(daemon.log)")
        }
        let last = try DaemonProcess(arguments: ["--config", configuration], stateDirectory: stateDirectory)
        let state = try describe(last.bus.address)
        lost.expectKept(tabProperty(state, "world-clock", "BadgeValue") == "lost \(losses - 1)", "\(last.log)")
        lost.expectKept(
            state["SelectedTab"] as? String == (losses.isMultiple(of: 2) ? "alarm" : "stopwatch"), "the last loss")
        #expect(last.stop() == 0)
        print("bus-loss: SUMMARY {\"losses\": \(losses), \"acknowledged\": \(2 * losses), \"lost\": \(lost.count)}")
    }
}
