import Foundation
import TabbardTestSupport
import Testing

/// Probes off the loop thread (issue 14): a new or changed plugin is probed in a child process
/// while the daemon serves, at start and at SIGHUP; its tabs are in the catalog meanwhile,
/// their content says the plugin is being probed, and a plugin whose probe fails leaves the
/// catalog. A changed manifest is probed again, like a changed module.
@Suite("Probes that keep no caller waiting")
struct ProbeTests {
    /// Selects two tabs in turn from another client for `seconds`, each call given 1 s; the
    /// output ends with `served N` or `failed`.
    static func selectLoop(_ address: String, seconds: Int) -> BackgroundCommand {
        let select = { (tab: String) in
            "/usr/bin/busctl --address='\(address)' --timeout=1 call \(Names.service) \(Names.controller) \(Names.service) Select s \(tab) >/dev/null"
        }
        let script =
            "n=0; end=$(( $(date +%s) + \(seconds) )); while [ $(date +%s) -lt $end ]; do "
            + "\(select("alarm")) && \(select("world-clock")) || { echo failed; exit 1; }; n=$((n + 2)); done; echo served $n"
        return BackgroundCommand(["/bin/sh", "-c", script])
    }

    /// The D-Bus error name and message of `GetContent` for `tab`, or nil when it succeeded.
    static func contentError(_ address: String, _ tab: String) throws -> String? {
        let result = try runCommand([
            "/usr/bin/busctl", "--address=\(address)", "--timeout=2", "call", Names.service, Names.controller,
            Names.service, "GetContent", "s", tab,
        ])
        return result.status == 0 ? nil : result.errors
    }

    /// Starts a daemon on `plugins` whose one module hangs in its probe, and asks for the stuck
    /// tab and its content while the probe runs: returns the daemon and `GetContent`'s error.
    /// The daemon kills the probe 5 s after spawning it, so an answer that comes later on a
    /// loaded machine (the suite runs in parallel) says nothing about the probe; such a start
    /// is tried again with a fresh state directory, where the module is probed anew, up to
    /// three times. An answer within the 5 s is checked whatever it says.
    static func startAskingDuringProbe(plugins: String, notify: NotifySocket) throws -> (DaemonProcess, String?) {
        let probeTimeout: TimeInterval = 5
        for _ in 1...3 {
            let spawned = Date()
            let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": notify.path], pluginDirectory: plugins)
            let listed = try stringsProperty(daemon.bus.address, "AvailableTabs").contains("stuck-tab")
            let error = try contentError(daemon.bus.address, "stuck-tab")
            if Date().timeIntervalSince(spawned) < probeTimeout {
                // Served while the probe runs: its tab is there, and says so.
                #expect(listed, "the stuck plugin's tab is not in AvailableTabs while it is probed")
                return (daemon, error)
            }
            daemon.stop()
            while notify.receive(timeout: 0) != nil {}
        }
        throw TestFailure(
            "three starts in a row took \(Int(probeTimeout)) s or more to answer: the probe could not be caught running"
        )
    }

    @Test(
        "at start a module that hangs in its probe keeps no caller waiting: Select is served throughout, its tab says it is being probed, then leaves when the probe is killed"
    )
    func hangingProbeAtStart() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "stuck", define: "HANG_IN_ENTRY"))
        // A notify socket of the test's own: the daemon is used as soon as it owns its name,
        // before READY=1, which waits for the probe.
        let notify = try NotifySocket()
        let (daemon, error) = try Self.startAskingDuringProbe(plugins: plugins, notify: notify)
        let bus = daemon.bus.address
        #expect(error?.contains("being probed") == true, "\(error ?? "GetContent succeeded")")
        let selects = Self.selectLoop(bus, seconds: 3)
        let outcome = try selects.wait(timeout: 30)
        #expect(outcome.output.hasPrefix("served "), "\(outcome.output)\(outcome.errors)\n\(daemon.log)")

        // The probe's 5 s pass: the child is killed, the plugin skipped, its tab gone; then READY=1.
        #expect(notify.receive(until: "READY=1", timeout: 20) != nil, "\(daemon.log)")
        #expect(
            daemon.log.contains(
                "plugin \(plugins)/stuck.plugin skipped: probe failed: did not finish within 5000 ms (killed)"),
            "\(daemon.log)")
        #expect(!(try stringsProperty(bus, "AvailableTabs")).contains("stuck-tab"))
        #expect(try busctlCall(bus, "GetContent", "s", "world-clock").contains("text/"))
        #expect(
            daemon.pluginRecords.contains { $0.hasPrefix("bad 1 ") && $0.contains("/libstuck.so\tdid not finish") },
            "\(daemon.pluginRecords)")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "at SIGHUP a module that hangs in its probe keeps no caller waiting, and a good one put in at the same time loads and serves content"
    )
    func hangingProbeAtReload() throws {
        let plugins = try FaultPlugin.directory(fault: nil)
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let bus = daemon.bus.address
        let stuck = try FaultPlugin.directory(fault: (name: "stuck", define: "HANG_IN_ENTRY"))
        for file in ["libstuck.so", "stuck.plugin"] {
            try FileManager.default.copyItem(atPath: stuck + "/" + file, toPath: plugins + "/" + file)
        }
        for file in ["libnotes.so", "notes.plugin"] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.stagedPlugins.appendingPathComponent(file).path, toPath: plugins + "/" + file)
        }
        kill(daemon.pid, SIGHUP)
        let selects = Self.selectLoop(bus, seconds: 3)
        let outcome = try selects.wait(timeout: 30)
        #expect(outcome.output.hasPrefix("served "), "\(outcome.output)\(outcome.errors)\n\(daemon.log)")
        // notes passed its probe meanwhile and renders.
        #expect(try busctlCall(bus, "GetContent", "s", "notes").contains("text/"), "\(daemon.log)")

        let deadline = Date().addingTimeInterval(20)
        while !daemon.log.contains("stuck.plugin skipped: probe failed") && Date() < deadline { usleep(50_000) }
        #expect(
            daemon.log.contains(
                "plugin \(plugins)/stuck.plugin skipped: probe failed: did not finish within 5000 ms (killed)"),
            "\(daemon.log)")
        #expect(!(try stringsProperty(bus, "AvailableTabs")).contains("stuck-tab"))
        #expect(daemon.stop() == 0)
    }

    @Test("a changed manifest is probed again at the next start, though its module is unchanged")
    func changedManifestProbed() throws {
        let plugins = try FaultPlugin.directory(fault: nil)
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let passed = "/libclock.so passed its probe in a child process"
        try daemon.restart()
        #expect(daemon.log.components(separatedBy: passed).count - 1 == 1, "\(daemon.log)")
        #expect(
            daemon.pluginRecords.contains { $0.hasPrefix("ok 0 ") && $0.contains("/clock.plugin\t") },
            "\(daemon.pluginRecords)")

        daemon.stop()
        let manifest = plugins + "/clock.plugin"
        try (try String(contentsOfFile: manifest, encoding: .utf8) + "\n# changed\n").write(
            toFile: manifest, atomically: true, encoding: .utf8)
        try daemon.start()
        #expect(daemon.log.components(separatedBy: passed).count - 1 == 2, "\(daemon.log)")
        #expect(try busctlCall(daemon.bus.address, "GetContent", "s", "world-clock").contains("text/"))
        #expect(daemon.stop() == 0)
    }

    @Test(
        "the probe child logs at the daemon's --log-level: a plugin's info line while it is probed is left out at warning, its warning line kept"
    )
    func probeChildLogsAtTheDaemonsLevel() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "chatty", define: "LOG_IN_CREATE"))
        let daemon = try DaemonProcess(arguments: ["--log-level", "warning"], pluginDirectory: plugins)
        // The outcome is remembered once the probe ended; at warning the daemon logs no line for it.
        let deadline = Date().addingTimeInterval(20)
        while !daemon.pluginRecords.contains(where: { $0.contains("/libchatty.so\t") }) && Date() < deadline {
            usleep(50_000)
        }
        #expect(
            daemon.pluginRecords.contains { $0.hasPrefix("ok 0 ") && $0.contains("/libchatty.so\t") },
            "\(daemon.pluginRecords)\n\(daemon.log)")
        // The probe created the tab and its lines reached the log: the warning from a process
        // other than the daemon's, and no info line from any process.
        let warnings = daemon.log.matches(of: try Regex("plugin chatty: warning from process ([0-9]+)")).compactMap {
            Int32($0.output[1].substring ?? "")
        }
        #expect(warnings.contains { $0 != daemon.pid }, "\(daemon.log)")
        #expect(!daemon.log.contains("plugin chatty: info from process"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    /// The pids of the children of `pid`, from `/proc/*/stat`.
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let child = pid_t(entry), ProcessStat(pid: child)?.parent == pid else { return nil }
            return child
        }
    }

    /// What each open descriptor of `pid` refers to (`socket:[inode]`, a path, …).
    static func descriptorTargets(of pid: pid_t) -> [String] {
        let directory = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap { fd in
            try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + fd)
        }
    }

    @Test(
        "the probe child holds no descriptor of the daemon's bus connection or state directory, gets the daemon's environment, and ends with the daemon"
    )
    func probeChildHoldsNothingOfTheDaemon() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "stuck", define: "HANG_IN_ENTRY"))
        let notify = try NotifySocket()
        let daemon = try DaemonProcess(
            environment: ["NOTIFY_SOCKET": notify.path, "TABBARD_TEST_SECRET": "passed on"],
            pluginDirectory: plugins)
        // The stuck probe runs for 5 s: long enough to look at it (the clock plugin's ends at once).
        var probes: [pid_t] = []
        let deadline = Date().addingTimeInterval(4)
        while probes.isEmpty && Date() < deadline {
            probes = Self.children(of: daemon.pid).filter { child in
                (try? String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8))?.contains("stuck.plugin")
                    == true
            }
            usleep(20_000)
        }
        let probe = try #require(probes.first, "no probe child found")
        let daemonSockets = Set(Self.descriptorTargets(of: daemon.pid).filter { $0.hasPrefix("socket:") })
        let held = Self.descriptorTargets(of: probe)
        #expect(!held.isEmpty, "the probe's descriptors could not be read")
        // Not one socket of the daemon's (its bus connection, the loop's, any it inherited), and
        // no socket but standard output, its own end of the probe's socket pair.
        #expect(held.filter { daemonSockets.contains($0) }.isEmpty, "shared sockets: \(held)")
        #expect(held.filter { $0.hasPrefix("socket:") }.count <= 1, "\(held)")
        let state = try #require(
            realpath(daemon.stateDirectory, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        #expect(!held.contains { $0 == state || $0.hasPrefix(state + "/") }, "\(held)")

        // The environment is the daemon's, whole (issue 37.7): an entry point that behaves
        // differently where STATE_DIRECTORY or anything else is set does so in its probe too.
        func environment(of pid: pid_t) throws -> Set<String> {
            Set(
                try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8).split(separator: "\0").map(
                    String.init))
        }
        let probed = try environment(of: probe)
        #expect(probed == (try environment(of: daemon.pid)), "\(probed.sorted())")
        #expect(probed.contains("TABBARD_TEST_SECRET=passed on"), "\(probed.sorted())")
        #expect(daemon.stop() == 0)
        // A probe never outlives the daemon that runs it, hung or not.
        let gone = Date().addingTimeInterval(3)
        while kill(probe, 0) == 0 && Date() < gone { usleep(20_000) }
        #expect(kill(probe, 0) != 0, "the probe child \(probe) outlived the daemon")
    }
}
