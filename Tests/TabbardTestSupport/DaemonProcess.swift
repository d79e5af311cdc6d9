import Foundation

/// Where the package's built pieces are, found from this file's place in the source tree.
public enum PackagePaths {
    /// The package root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The debug build's products (`swift build` puts `tabbard` and `tabctl` there).
    public static let binaries = root.appendingPathComponent(".build/debug")
    /// Where `make plugins` stages the bundled plugins with their manifests.
    public static let stagedPlugins = root.appendingPathComponent(".build/plugins")
    /// Where `make test-plugins` stages the plugins only tests load (the Swift fault plugin).
    public static let testPlugins = root.appendingPathComponent(".build/test-plugins")

    /// The directory of a test target's scripts, `Tests/TARGET/Scripts`.
    public static func scripts(of target: String) -> URL {
        root.appendingPathComponent("Tests").appendingPathComponent(target).appendingPathComponent("Scripts")
    }

    /// The path of a built executable, or a failure telling how to build it.
    public static func executable(_ name: String) throws -> String {
        let path = binaries.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure("\(path) is missing: run `swift build` (or `make test`) first")
        }
        return path
    }
}

/// A fresh empty directory under the system's temporary directory.
public func makeTemporaryDirectory(_ prefix: String = "tabbard-test") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// A `tabbard` process serving on a private bus, for integration tests: started with the
/// staged bundled plugins and its own state directory, ready once it owns its bus name and
/// has sent `READY=1` (when the test leaves it the notify socket).
/// Stopped (SIGKILL if it must) when released.
public final class DaemonProcess: @unchecked Sendable {
    /// The bus it serves on.
    public let bus: PrivateBus
    /// Its state directory (kept across `restart`).
    public let stateDirectory: String
    /// Everything it wrote to stdout and stderr, across restarts.
    public let logFile: String
    /// The arguments after the bus and directories.
    public let extraArguments: [String]
    /// Extra environment variables.
    public let environment: [String: String]
    /// The plugin directory it loads from.
    public let pluginDirectory: String
    /// What the daemon is started through (`nsenter … --` to run it in another mount
    /// namespace); empty to start it directly. It must exec the daemon, so that `pid` is the
    /// daemon's.
    public let launcher: [String]
    /// The running process, 0 when stopped.
    public private(set) var pid: pid_t = 0

    /// Starts `tabbard --address BUS --plugin-dir PLUGINS --state-dir DIR ARGS…` and waits
    /// until `org.tabbard.TabBar1` is owned; PLUGINS is the staged bundled plugins unless
    /// `pluginDirectory` says otherwise; through `launcher` when given.
    public init(
        bus: PrivateBus? = nil, arguments: [String] = [], stateDirectory: String? = nil,
        environment: [String: String] = [:], pluginDirectory: String? = nil, launcher: [String] = []
    ) throws {
        self.bus = try bus ?? PrivateBus()
        self.stateDirectory = try stateDirectory ?? makeTemporaryDirectory("tabbard-state")
        self.logFile = try makeTemporaryDirectory("tabbard-log") + "/tabbard.log"
        self.extraArguments = arguments
        self.environment = environment
        self.pluginDirectory = pluginDirectory ?? PackagePaths.stagedPlugins.path
        self.launcher = launcher
        try start()
    }

    deinit {
        if pid != 0 {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
        }
    }

    /// Stands in for the service manager when the test gives no `NOTIFY_SOCKET` of its own
    /// and no launcher (whose mount namespace may not see it): `start` waits for `READY=1`,
    /// which the daemon sends once the plugins found at start are probed and loaded.
    private lazy var readiness: NotifySocket? =
        environment["NOTIFY_SOCKET"] == nil && launcher.isEmpty ? try? NotifySocket() : nil

    /// Starts the process and waits for its bus name, then for `READY=1` where `readiness`
    /// listens (30 s at most in all: the whole suite runs in parallel on small machines, where
    /// a start that takes 1 s alone can take several).
    public func start() throws {
        precondition(pid == 0, "the daemon is already running")
        let arguments =
            launcher + [
                try PackagePaths.executable("tabbard"), "--address", bus.address,
                "--plugin-dir", pluginDirectory, "--state-dir", stateDirectory,
            ] + extraArguments
        // What an earlier run sent (READY=1 after a reload) must not count for this one.
        while readiness?.receive(timeout: 0) != nil {}
        pid = try spawnLogging(
            arguments, to: logFile,
            environment: environment.merging(readiness.map { ["NOTIFY_SOCKET": $0.path] } ?? [:]) { $1 })
        let deadline = Date().addingTimeInterval(30)
        var ready = readiness == nil
        while !ready || !nameIsOwned() {
            if !ready, let datagram = readiness?.receive(timeout: 0), datagram.contains("READY=1") { ready = true }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                throw TestFailure("tabbard exited during start (status \(status)); log:\n\(log)")
            }
            guard Date() < deadline else {
                throw TestFailure(
                    "tabbard did not own its name \(ready ? "" : "and send READY=1 ")within 30 s; log:\n\(log)")
            }
            usleep(10_000)
        }
    }

    /// Sends `signal` and waits for the process to end; returns its exit status (or 128 +
    /// the signal that killed it).
    @discardableResult
    public func stop(signal: Int32 = SIGTERM) -> Int32 {
        guard pid != 0 else { return -1 }
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
        return exitStatus(waitStatus: status)
    }

    /// Like `stop(signal:)` for a daemon that may be stuck: after `timeout` seconds it is
    /// killed with SIGKILL, and the status says so (137).
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, within timeout: TimeInterval) -> Int32 {
        guard pid != 0 else { return -1 }
        kill(pid, signal)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        pid = 0
        return exitStatus(waitStatus: status)
    }

    /// Waits (at most `timeout` seconds) until the daemon exits on its own, leaving it for
    /// `stop` to reap (which then returns its status); returns whether it exited.
    public func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var info = siginfo_t() // Zeroed: si_signo stays 0 while the process runs.
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info.si_signo == SIGCHLD {
                return true
            }
            usleep(20_000)
        }
        return false
    }

    /// Stops with `signal` and starts again on the same bus and state directory.
    public func restart(signal: Int32 = SIGTERM) throws {
        stop(signal: signal)
        try start()
    }

    /// The lines of `plugins.state` in its state directory: the remembered outcomes of
    /// probes, hangs and crashes (`ok|bad FAILURES SIZE MTIME PATH\tREASON`).
    public var pluginRecords: [String] {
        let text = (try? String(contentsOfFile: stateDirectory + "/plugins.state", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// What the daemon has logged so far.
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// Whether the daemon owns its name; false also when the bus did not answer within 5 s,
    /// which a loaded machine can take: the caller asks again until its own deadline.
    private func nameIsOwned() -> Bool {
        let result = try? runCommand(
            [
                "/usr/bin/dbus-send", "--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.DBus",
                "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.tabbard.TabBar1",
            ],
            timeout: 5)
        return result?.output.contains("boolean true") ?? false
    }
}

/// The exit status in a status `waitpid` reported, or 128 + the signal that ended the process,
/// as a shell reports it.
public func exitStatus(waitStatus status: Int32) -> Int32 {
    let killedBy = status & 0x7f
    return killedBy == 0 ? (status >> 8) & 0xff : 128 + killedBy
}

/// Starts a program with its standard output and error appended to `logFile`, and with
/// `environment` added to the test's own. Returns its pid; the caller reaps it.
public func spawnLogging(_ arguments: [String], to logFile: String, environment: [String: String] = [:]) throws -> pid_t
{
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, logFile, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard status == 0 else { throw TestFailure("cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
    return pid
}
