import Foundation
import TabbardTestSupport
import Testing

/// In-process plugins that crash or call `exit()` (docs/reliability.md, Plugins that crash):
/// each crash ends the daemon with a failure status, is counted against the plugin in
/// `plugins.state` as a hang is, and after three the plugin is disabled, on the loop thread
/// inside a call as on a thread of the plugin's own. Touching the module enables it again.
@Suite("Plugins that crash or exit")
struct PluginCrashTests {
    /// One way for a plugin to end the daemon, set off by `Activate(crasher-tab, poke)`.
    struct Crash: CustomTestStringConvertible, Sendable {
        /// The fault plugin's switch.
        let define: String
        /// How the daemon ends: its exit status, or 128 + the signal that ended it.
        let status: Int32
        /// What `plugins.state` and the log say happened.
        let reason: String

        var testDescription: String { define }
    }

    static let crashes = [
        Crash(define: "SEGV_ON_THREAD", status: 128 + SIGSEGV, reason: "a thread of the plugin crashed (SIGSEGV)"),
        Crash(define: "ABORT_ON_THREAD", status: 128 + SIGABRT, reason: "a thread of the plugin crashed (SIGABRT)"),
        Crash(define: "EXIT_ON_THREAD", status: 70, reason: "a thread of the plugin called exit()"),
        Crash(
            define: "SEGV_IN_ACTIVATE", status: 128 + SIGSEGV, reason: "activate for tab crasher-tab crashed (SIGSEGV)"),
        Crash(
            define: "ABORT_IN_ACTIVATE", status: 128 + SIGABRT, reason: "activate for tab crasher-tab crashed (SIGABRT)"
        ),
        Crash(define: "EXIT_IN_ACTIVATE", status: 70, reason: "activate for tab crasher-tab called exit()"),
    ]

    /// The record of the crashing plugin's module, if any.
    static func record(_ daemon: DaemonProcess) -> String? {
        daemon.pluginRecords.first { $0.contains("/libcrasher.so\t") }
    }

    @Test(
        "a crash is a failure exit, counted in plugins.state; after three the plugin is disabled and the daemon serves",
        arguments: crashes)
    func crashIsCountedAndDisables(_ crash: Crash) throws {
        let plugins = try FaultPlugin.directory(fault: (name: "crasher", define: crash.define))
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let bus = daemon.bus.address
        _ = try callController(bus, "SetTabs", "as", "2", "crasher-tab", "stopwatch")
        let rounds = Variant.pick(short: 1, long: 5)
        var survived = 0
        for round in 1...rounds {
            for failure in 1...3 {
                // A crash inside the call leaves it unanswered; one on the plugin's thread comes after the reply.
                _ = try callController(bus, "Activate", "ss", "crasher-tab", "poke")
                #expect(
                    daemon.waitForExit(timeout: 20),
                    "round \(round), crash \(failure): the daemon did not end\n\(daemon.log)")
                #expect(daemon.stop() == crash.status, "round \(round), crash \(failure)\n\(daemon.log)")
                let record = Self.record(daemon) ?? "none"
                #expect(
                    record.hasPrefix("ok \(failure) ") && record.hasSuffix("\t" + crash.reason),
                    "round \(round), crash \(failure): \(record)\n\(daemon.log)")
                #expect(
                    daemon.log.contains(
                        "plugin crasher: \(crash.reason); exiting so that the service restarts; failure \(failure) of 3"
                    ),
                    "\(daemon.log)")
                try daemon.start()
                survived += 1
                // Restored as systemd's restart would find it: the plugin's tab is there until it is disabled.
                let tabs = try describe(bus)["Tabs"] as? [String]
                #expect(tabs == (failure < 3 ? ["crasher-tab", "stopwatch"] : ["stopwatch"]), "\(daemon.log)")
            }
            #expect(
                daemon.log.contains(
                    "crasher.plugin skipped: disabled after 3 failures (last: \(crash.reason)); replace or touch"),
                "\(daemon.log)")
            #expect(try callController(bus, "Select", "s", "stopwatch").status == 0)
            #expect(daemon.stop() == 0, "\(daemon.log)")
            // The way back: a touched module is a new file, probed afresh and loaded.
            let module = plugins + "/libcrasher.so"
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(Double(round))], ofItemAtPath: module)
            try daemon.start()
            #expect(Self.record(daemon)?.hasPrefix("ok 0 ") == true, "\(daemon.pluginRecords)")
            _ = try callController(bus, "SetTabs", "as", "2", "crasher-tab", "stopwatch")
        }
        #expect(daemon.stop() == 0)
        print(
            "plugin-crash: SUMMARY {\"fault\": \"\(crash.define)\", \"crashes_survived\": \(survived), \"disabled_after\": 3, \"rounds\": \(rounds)}"
        )
    }
}
