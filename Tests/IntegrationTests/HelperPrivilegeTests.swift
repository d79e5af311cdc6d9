import Foundation
import TabbardTestSupport
import Testing

/// Least privilege for plugins out of process (issue 14; docs/plugins.md, Isolation): a helper
/// holds no descriptor of the daemon's bus connection or state directory, has no_new_privs and
/// no capabilities, and on the system instance cannot write the state directory (Landlock); a
/// system instance's helper that cannot have Landlock does not run its plugin.
@Suite("Helper privileges")
struct HelperPrivilegeTests {
    /// The running kernel's Landlock ABI, or nil when it has none (asked the way the helper
    /// asks: `landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)`).
    static let landlockABI: Int? = {
        let ask = "import ctypes; print(ctypes.CDLL(None, use_errno=True).syscall(444, None, 0, 1))"
        guard let result = try? runCommand([systemPython, "-c", ask]),
            let abi = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), abi > 0
        else { return nil }
        return abi
    }()

    /// A plugin directory whose plugin `intruder` tries to change `stateDirectory` when it
    /// renders (`FaultPlugin`, `INTRUDE_STATE_DIR`).
    static func intruderPlugin(stateDirectory: String) throws -> String {
        try FaultPlugin.directory(fault: (name: "intruder", define: "INTRUDE_STATE_DIR=\"\(stateDirectory)\""))
    }

    /// A configuration file that runs plugin `name` in process mode.
    static func isolating(_ name: String) throws -> String {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "[plugin.\(name)]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        return config
    }

    /// The outcomes in `GetContent`'s output of the intruder's page: each attempt's errno, 0
    /// for success.
    static func attempts(_ output: String) throws -> [String: Int32] {
        var outcomes: [String: Int32] = [:]
        for match in output.matches(of: try Regex("([a-z]+)=([0-9]+)")) {
            if let name = match.output[1].substring, let code = match.output[2].substring.flatMap({ Int32($0) }) {
                outcomes[String(name)] = code
            }
        }
        return outcomes
    }

    /// The process id of plugin `name`'s helper once the daemon logged it ready (20 s at most).
    static func helperPID(_ daemon: DaemonProcess, plugin name: String) throws -> Int32 {
        let pattern = try Regex("plugin \(name): helper ([0-9]+) ready")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let match = daemon.log.firstMatch(of: pattern), let pid = Int32(match.output[1].substring ?? "") {
                return pid
            }
            usleep(20_000)
        }
        throw TestFailure("plugin \(name)'s helper was not ready within 20 s; log:\n\(daemon.log)")
    }

    /// The `Name:` lines of `/proc/PID/status` as a dictionary.
    static func status(of pid: Int32) throws -> [String: String] {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return Dictionary(
            text.split(separator: "\n").compactMap { line in
                line.firstIndex(of: ":").map {
                    (String(line[..<$0]), line[line.index(after: $0)...].trimmingCharacters(in: .whitespaces))
                }
            }, uniquingKeysWith: { first, _ in first })
    }

    /// What each descriptor of process `pid` refers to (`readlink /proc/PID/fd/N`).
    static func descriptors(of pid: Int32) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        }
    }

    /// The files the daemon itself rewrites while it runs (the saved state and the plugin
    /// records, each through a `.new` file renamed into place): on a loaded machine a write of
    /// either can fall between two snapshots, which says nothing about the helper.
    static let daemonWrittenFiles: Set<String> = ["state.json", "state.json.new", "plugins.state", "plugins.state.new"]

    /// Every other file of `directory` with its bytes (the lock among them, and whatever a
    /// helper managed to create), to see that nothing there changed.
    static func snapshot(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory)
        where !daemonWrittenFiles.contains(name) {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
        }
        return files
    }

    /// Checks what every helper gives up, on either instance: no_new_privs, no capabilities
    /// (the tests run as root, so the helper had them all), and no descriptor shared with the
    /// daemon's bus connection or under its state directory, which the daemon itself holds.
    static func expectPrivilegesGivenUp(helper: Int32, daemon: DaemonProcess) throws {
        let status = try Self.status(of: helper)
        for set in ["CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"] {
            #expect(status[set] == "0000000000000000", "\(set): \(status[set] ?? "missing")")
        }
        #expect(status["NoNewPrivs"] == "1")

        let daemonFiles = try descriptors(of: daemon.pid)
        let helperFiles = try descriptors(of: helper)
        let daemonSockets = Set(daemonFiles.filter { $0.hasPrefix("socket:") })
        // What the comparison needs, or it proves nothing: the daemon's bus connection and lock.
        #expect(
            !daemonSockets.isEmpty && daemonFiles.contains { $0.hasPrefix(daemon.stateDirectory + "/") },
            "\(daemonFiles)")
        #expect(
            daemonSockets.isDisjoint(with: helperFiles), "shared sockets: daemon \(daemonFiles), helper \(helperFiles)")
        #expect(!helperFiles.contains { $0.hasPrefix(daemon.stateDirectory) }, "\(helperFiles)")
    }

    @Test(
        "on the system instance a plugin's helper cannot change the state directory (EACCES), which stays intact; it has no capabilities, no_new_privs, no descriptor of the daemon's bus connection or state directory, and cannot signal the daemon",
        .enabled(
            if: landlockABI != nil,
            "this kernel has no Landlock: a helper of the system instance does not run on it (the test of that runs)"))
    func systemHelperCannotWriteState() throws {
        let state = try makeTemporaryDirectory("tabbard-state")
        let plugins = try Self.intruderPlugin(stateDirectory: state)
        let daemon = try DaemonProcess(
            arguments: ["--instance", "system", "--config", try Self.isolating("intruder")],
            stateDirectory: state, pluginDirectory: plugins)
        let helper = try Self.helperPID(daemon, plugin: "intruder")
        let before = try Self.snapshot(state)
        #expect(before["lock"] != nil, "\(before.keys)")
        // No code of the plugin ran outside its helper before: the daemon never probes an
        // isolated plugin, whose probe child would have rendered its tab unconfined, creating
        // `intruder` in the state directory and leaving its outcome in plugins.state.
        #expect(before["intruder"] == nil && before["intruder.d"] == nil, "\(before.keys)")
        #expect(!daemon.pluginRecords.contains { $0.contains("/libintruder.so\t") }, "\(daemon.pluginRecords)")

        let body = try busctlCall(daemon.bus.address, "GetContent", "s", "intruder-tab")
        let outcomes = try Self.attempts(body)
        for attempt in ["create", "mkdir", "write", "truncate", "rename", "unlink"] {
            #expect(outcomes[attempt] == EACCES || outcomes[attempt] == EPERM, "\(attempt): \(body)")
        }
        // What stays writable: the plugin is confined, not broken.
        #expect(outcomes["scratch"] == 0 && outcomes["devnull"] == 0, "\(body)")
        // Landlock scopes signals from ABI 6: the daemon is out of the plugin's reach.
        if let abi = Self.landlockABI, abi >= 6 { #expect(outcomes["signal"] == EPERM, "\(body)") }
        #expect(try Self.snapshot(state) == before)
        #expect(
            daemon.log.contains(
                "plugin host \(plugins)/intruder.plugin: no new privileges; capabilities dropped; Landlock ABI"),
            "\(daemon.log)")

        try Self.expectPrivilegesGivenUp(helper: helper, daemon: daemon)
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "on the session instance a plugin's helper has no_new_privs, no capabilities and no descriptor of the daemon's bus connection or state directory"
    )
    func sessionHelperGivesUpPrivileges() throws {
        let daemon = try DaemonProcess(
            arguments: ["--config", try Self.isolating("clock")], pluginDirectory: try FaultPlugin.directory(fault: nil)
        )
        let helper = try Self.helperPID(daemon, plugin: "clock")
        try Self.expectPrivilegesGivenUp(helper: helper, daemon: daemon)
        #expect(try busctlCall(daemon.bus.address, "GetContent", "s", "world-clock").contains("text/"))
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "a helper of a daemon started at the system unit's niceness (ahead of other processes) goes back to niceness 0 before it loads its plugin"
    )
    func helperGivesUpTheDaemonsPriority() throws {
        let unit = try SystemUnit.niceness()
        #expect(unit < 0, "the system unit runs the daemon ahead of other processes (Nice=)")
        let own = try SystemUnit.niceness(of: getpid())
        let daemon = try DaemonProcess(
            arguments: ["--config", try Self.isolating("clock")],
            pluginDirectory: try FaultPlugin.directory(fault: nil),
            launcher: try SystemUnit.launcher())
        let helper = try Self.helperPID(daemon, plugin: "clock")
        let ahead = max(own + unit, -20)
        #expect(ahead < 0, "the tests run at niceness \(own): the daemon is not ahead of anything")
        #expect(try SystemUnit.niceness(of: daemon.pid) == ahead)
        #expect(try SystemUnit.niceness(of: helper) == 0, "log:\n\(daemon.log)")
        #expect(daemon.log.contains("niceness \(ahead) given up for 0"), "\(daemon.log)")
        #expect(try busctlCall(daemon.bus.address, "GetContent", "s", "world-clock").contains("text/"))
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "on the system instance a helper whose Landlock calls are refused (as a unit filter without them refuses them) does not load its plugin: it says why, and the plugin is disabled after the failure limit",
        arguments: ["EPERM", "ENOSYS"])
    func systemHelperWithoutLandlockFailsClosed(_ refusal: String) throws {
        let state = try makeTemporaryDirectory("tabbard-state")
        let plugins = try Self.intruderPlugin(stateDirectory: state)
        let launcher = [systemPython, scriptsDirectory.appendingPathComponent("without_landlock.py").path, refusal]
        let daemon = try DaemonProcess(
            arguments: ["--instance", "system", "--config", try Self.isolating("intruder")],
            stateDirectory: state, pluginDirectory: plugins, launcher: launcher)
        let pid = daemon.pid
        let deadline = Date().addingTimeInterval(20)
        while !daemon.log.contains("failure 3 of 3: disabled") && Date() < deadline { usleep(50_000) }
        let reason = String(cString: strerror(refusal == "EPERM" ? EPERM : ENOSYS))
        #expect(
            daemon.log.contains(
                "plugin host \(plugins)/intruder.plugin: cannot confine the plugin: Landlock is unavailable (\(reason)"),
            "\(daemon.log)")
        #expect(
            daemon.log.contains("plugin intruder: its helper ended (exited with status 1); failure 3 of 3: disabled"),
            "\(daemon.log)")
        #expect(!daemon.log.contains("plugin intruder: helper"), "a helper said ready: \(daemon.log)")
        let error = try ProbeTests.contentError(daemon.bus.address, "intruder-tab")
        #expect(error?.contains("disabled after repeated failures") == true, "\(error ?? "GetContent succeeded")")
        #expect(!FileManager.default.fileExists(atPath: state + "/intruder"))
        #expect(daemon.pid == pid)
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
