import Foundation
import TabbardTestSupport
import Testing

/// How a plugin gets into the daemon's process (issue 37, finding 7; issue 42, item 5): the
/// probe runs the entry point in the daemon's environment, a crash while a module loads is the
/// plugin's failure, and `--list-plugins` says where each plugin will run and why.
@Suite("Plugin loading")
struct PluginLoadingTests {
    @Test(
        "37.7: the probe runs the entry point in the daemon's environment: a module that aborts only where STATE_DIRECTORY is set fails its probe, is remembered, and the daemon serves"
    )
    func probeSeesTheDaemonsEnvironment() throws {
        let plugins = try FaultPlugin.directory(
            fault: (name: "picky", define: "ABORT_IN_ENTRY_IF_SET=\"STATE_DIRECTORY\""))
        let state = try makeTemporaryDirectory("tabbard-state")
        let daemon: DaemonProcess
        do {
            daemon = try DaemonProcess(
                stateDirectory: state, environment: ["STATE_DIRECTORY": state], pluginDirectory: plugins)
        } catch {
            Issue.record("the daemon did not survive its start: \(error)")
            return
        }
        #expect(
            daemon.log.contains("plugin \(plugins)/picky.plugin skipped: probe failed: crashed (signal \(SIGABRT)"),
            "\(daemon.log)")
        #expect(
            daemon.pluginRecords.contains { $0.hasPrefix("bad 1 ") && $0.contains("/libpicky.so\t") },
            "\(daemon.pluginRecords)")
        #expect(try busctlCall(daemon.bus.address, "GetContent", "s", "world-clock").contains("text/"))
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "37.7: a crash while a module loads into the daemon, outside any plugin call, is blamed on its plugin and counted; after three the plugin is disabled and the daemon serves"
    )
    func crashWhileLoadingIsCounted() throws {
        // The probe's entry leaves the mark and passes; every load into the daemon then aborts.
        let mark = try makeTemporaryDirectory("tabbard-mark") + "/entered"
        let plugins = try FaultPlugin.directory(
            fault: (name: "fickle", define: "ABORT_IN_ENTRY_AFTER_MARK=\"\(mark)\""))
        let state = try makeTemporaryDirectory("tabbard-state")
        var crashes: [String] = []
        for _ in 1...3 {
            do {
                let daemon = try DaemonProcess(stateDirectory: state, pluginDirectory: plugins)
                Issue.record("the daemon survived loading a module that aborts: \(daemon.log)")
                daemon.stop()
            } catch {
                crashes.append("\(error)")
            }
        }
        for (index, log) in crashes.enumerated() {
            #expect(
                log.contains(
                    "plugin fickle: its load (constructors and entry point) crashed (SIGABRT); exiting so that the service restarts; failure \(index + 1) of 3 before the plugin is disabled"
                ),
                "start \(index + 1): \(log)")
        }
        let daemon = try DaemonProcess(stateDirectory: state, pluginDirectory: plugins)
        #expect(
            daemon.log.contains(
                "fickle.plugin skipped: disabled after 3 failures (last: its load (constructors and entry point) crashed (SIGABRT))"
            ), "\(daemon.log)")
        #expect(
            daemon.pluginRecords.contains {
                $0.hasPrefix("ok 3 ")
                    && $0.contains("/libfickle.so\tits load (constructors and entry point) crashed (SIGABRT)")
            },
            "\(daemon.pluginRecords)")
        #expect(try busctlCall(daemon.bus.address, "GetContent", "s", "world-clock").contains("text/"))
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "37.7: a module whose entry point hangs only in the daemon is blamed for the hang of its load: recorded and counted, and the daemon exits for systemd to restart it"
    )
    func hangWhileLoadingIsCounted() throws {
        let mark = try makeTemporaryDirectory("tabbard-mark") + "/entered"
        let plugins = try FaultPlugin.directory(fault: (name: "stuck", define: "HANG_IN_ENTRY_AFTER_MARK=\"\(mark)\""))
        let state = try makeTemporaryDirectory("tabbard-state")
        do {
            let daemon = try DaemonProcess(
                stateDirectory: state, environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "1000"], pluginDirectory: plugins)
            Issue.record("the daemon started though a module hangs as it loads: \(daemon.log)")
            daemon.stop()
        } catch {
            #expect("\(error)".contains("tabbard exited during start (status \(70 << 8))"), "\(error)")
            #expect(
                "\(error)".contains(
                    "plugin stuck: its load (constructors and entry point) did not return within 1000 ms; exiting so that the service restarts; failure 1 of 3"
                ),
                "\(error)")
        }
        let records = (try? String(contentsOfFile: state + "/plugins.state", encoding: .utf8)) ?? ""
        #expect(
            records.contains("/libstuck.so\tits load (constructors and entry point) did not return within 1000 ms"),
            "\(records)")
    }

    /// The lines `tabbard --list-plugins` prints for plugin `name`: its heading and what follows.
    static func listing(of name: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(name + " ") }) else { return [] }
        return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
    }

    /// `tabbard --list-plugins` on `plugins` as `instance`, with `configuration` as its file.
    static func list(_ plugins: String, instance: String, configuration: String = "") throws -> String {
        let file = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runCommand([
            try PackagePaths.executable("tabbard"), "--list-plugins", "--plugin-dir", plugins,
            "--instance", instance, "--config", file, "--no-state",
        ])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        return result.output
    }

    @Test(
        "42.5: --list-plugins says for each plugin whether it will run in a helper or in the daemon, and why: its manifest, the configuration, the instance's default"
    )
    func listingSaysWhereEachPluginRuns() throws {
        // The bundled clock's manifest says in-process; the fault plugin's says nothing; a
        // third-party manifest that says in-process is added.
        let plugins = try FaultPlugin.directory(fault: (name: "plain", define: "FAULT_NONE"))
        let manifest = try String(contentsOfFile: plugins + "/plain.plugin", encoding: .utf8)
        try FileManager.default.copyItem(atPath: plugins + "/libplain.so", toPath: plugins + "/libeager.so")
        try manifest.replacingOccurrences(of: "plain", with: "eager").replacingOccurrences(
            of: "abi = \"1.0\"\n", with: "abi = \"1.0\"\nisolation = \"in-process\"\n"
        )
        .write(toFile: plugins + "/eager.plugin", atomically: true, encoding: .utf8)

        let session = try Self.list(plugins, instance: "session")
        #expect(
            Self.listing(of: "clock", in: session).contains("  runs: in the daemon, as its manifest says"), "\(session)"
        )
        #expect(
            Self.listing(of: "plain", in: session).contains("  runs: in the daemon, the session instance's default"),
            "\(session)")
        #expect(
            Self.listing(of: "eager", in: session).contains("  runs: in the daemon, as its manifest says"), "\(session)"
        )

        let system = try Self.list(
            plugins, instance: "system", configuration: "[plugin.clock]\nisolation = \"process\"\n")
        #expect(
            Self.listing(of: "clock", in: system).contains(
                "  runs: in a helper process, as the configuration says ([plugin.clock])"), "\(system)")
        #expect(
            Self.listing(of: "plain", in: system).contains(
                "  runs: in a helper process, the system instance's default"), "\(system)")
        #expect(
            Self.listing(of: "eager", in: system).contains(
                "  runs: in a helper process, the system instance's default (its manifest's in-process counts only for the bundled plugins here)"
            ), "\(system)")

        let configured = try Self.list(
            plugins, instance: "system", configuration: "[plugin.eager]\nisolation = \"in-process\"\n")
        #expect(
            Self.listing(of: "eager", in: configured).contains(
                "  runs: in the daemon, as the configuration says ([plugin.eager])"), "\(configured)")
        #expect(
            Self.listing(of: "clock", in: configured).contains(
                "  runs: in the daemon, as its manifest says (a bundled plugin)"), "\(configured)")
    }
}
