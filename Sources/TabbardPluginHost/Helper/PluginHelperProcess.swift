import DaemonBase
import Glibc
import Loop

/// The helper process of one isolated plugin, kept running on the daemon's loop thread: spawned
/// (`tabbard --plugin-host MANIFEST`, clean environment, its end of the link as descriptor 3),
/// watched through its link, and when it ends, whatever the reason (a crash, an abort, an exit
/// with any status, a call not answered in time, a message the daemon refuses, a flood of
/// events), killed if it is still there, collected without blocking, and started again after a
/// backoff: 100 ms after a helper that had been ready for `stableAfter`, otherwise twice the
/// last, up to 30 s.
///
/// Every ending counts as a failure of the plugin's module file, as a crash of an in-process
/// plugin does, for `failureWindow`: at `PluginAdmission.failureLimit` failures within it the
/// plugin is disabled and not started again until its file is replaced or touched, or its line
/// removed. `plugins.state` records the failures within the window; failures recorded by an
/// earlier run, whose times are not kept, count as if they happened when this one began.
/// The owner hears of each change (`onUp` with the new link once the helper said ready,
/// `onDown` with the reason, `onDisabled`), and keeps the plugin's tabs in the model meanwhile.
final class PluginHelperProcess {
    /// Where the helper stands.
    enum Status: Equatable {
        /// Spawned, not yet ready.
        case starting
        /// Ready: its link takes calls.
        case up
        /// Ended; started again after the backoff.
        case down(reason: String)
        /// Ended too often; not started again.
        case disabled(reason: String)
        /// Stopped by the daemon.
        case stopped
    }

    /// The plugin's manifest, whose path the helper is given.
    let manifest: PluginManifest
    /// Where it stands now.
    private(set) var status: Status = .stopped
    /// The link of the running helper once it said ready; nil otherwise.
    var link: PluginLink? { status == .up ? current?.link : nil }
    /// The process id of the running helper, if one runs.
    var pid: pid_t? { current?.child.pid }
    /// Whether a helper that ended is still to be collected (the loop collects it shortly).
    var isCollecting: Bool { !ended.isEmpty }
    /// The failures that count now: those within `failureWindow` (as recorded in
    /// `plugins.state`, when it is kept).
    var failures: Int { recentFailures.count }
    /// The wait before the next start after a failure.
    private(set) var backoff: Duration

    /// Runs on the loop thread once a helper said ready, with its link.
    var onUp: ((PluginLink) -> Void)?
    /// Runs on the loop thread when a helper ended, with the reason.
    var onDown: ((String) -> Void)?
    /// Runs on the loop thread when the plugin is disabled, with the last reason.
    var onDisabled: ((String) -> Void)?

    private let executable: String
    private let arguments: [String]
    private let environment: [String]
    private let loop: EventLoop
    private let log: Log
    private let records: PluginRecords?
    private let fingerprint: PluginFingerprint?
    private let deadline: Duration
    private let firstBackoff: Duration
    /// The longest wait between two starts.
    static let longestBackoff = Duration.seconds(30)
    /// How long failures count toward disabling the plugin, unless
    /// `TABBARD_PLUGIN_FAILURE_WINDOW_MS` says otherwise (`failureWindow(environment:)`).
    /// A plugin that fails by itself (when it loads, on every tick, on every call) fails again
    /// within seconds, and within the longest backoff apart at worst, so three of those fall
    /// well inside ten minutes; a plugin that fails on a rare tap, once an hour, costs its
    /// users a restart each time and is better kept than disabled.
    static let defaultFailureWindow = Duration.seconds(600)
    /// How long a helper stays ready before it counts as stable: its next failure then waits
    /// the first backoff again. The longest backoff: a helper that outlives the longest wait
    /// has done better than the failures that made the wait grow.
    static let stableAfter = longestBackoff
    private let failureWindow: Duration
    private let stableTime: Duration
    /// When each failure within the window was counted, oldest first.
    private var recentFailures: [MonotonicInstant]
    /// When the running helper said ready; nil while none is ready.
    private var readySince: MonotonicInstant?
    private var current: (child: ChildProcess, link: PluginLink)?
    /// Helpers ended and not yet collected, looked at every `reapInterval`.
    private var ended: [(child: ChildProcess, reason: String)] = []
    private var reaper: LoopTimer?
    /// The next start after a failure, or the deadline of a start until the helper is ready.
    private var restart: LoopTimer?
    private static let reapInterval = Duration.milliseconds(5)

    /// A helper for `manifest`, run as `executable --plugin-host MANIFEST arguments` with
    /// `environment`; every call is given `deadline`. Failures are recorded for `fingerprint`
    /// (the module file) in `records` when both are given, and count for `failureWindow`; a
    /// helper ready for `stableAfter` is waited `firstBackoff` after its next failure.
    init(manifest: PluginManifest, executable: String, arguments: [String], environment: [String], loop: EventLoop, log: Log,
         records: PluginRecords?, fingerprint: PluginFingerprint?, deadline: Duration, firstBackoff: Duration = .milliseconds(100),
         failureWindow: Duration = defaultFailureWindow, stableAfter: Duration = stableAfter) {
        self.manifest = manifest
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.loop = loop
        self.log = log
        self.records = records
        self.fingerprint = fingerprint
        self.deadline = deadline
        self.firstBackoff = firstBackoff
        self.backoff = firstBackoff
        self.failureWindow = failureWindow
        self.stableTime = stableAfter
        let recorded = fingerprint.flatMap { records?.record(for: $0)?.failures } ?? 0
        recentFailures = Array(repeating: .now(), count: recorded)
    }

    /// The failure window in force: `TABBARD_PLUGIN_FAILURE_WINDOW_MS` when set (for tests),
    /// otherwise `defaultFailureWindow`.
    static func failureWindow(environment: [String: String]) -> Duration {
        if let text = environment["TABBARD_PLUGIN_FAILURE_WINDOW_MS"], let value = Int64(text), value > 0 {
            return .milliseconds(value)
        }
        return defaultFailureWindow
    }

    deinit {
        if let current { current.child.kill(SIGKILL) }
    }

    /// Starts the helper (again, after `stop`); does nothing while one runs or once disabled.
    func start() {
        switch status {
        case .starting, .up, .disabled: return
        case .down, .stopped: break
        }
        restart?.cancel()
        restart = nil
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return failed("cannot make a socket pair: \(String(cString: strerror(errno)))", child: nil)
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(executable, arguments: ["--plugin-host", manifest.file] + arguments, standardOutput: 2,
                                           environment: environment, passing: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            return failed("cannot start its helper: \(String(cString: strerror(error.code)))", child: nil)
        }
        close(ends[1])
        let link: PluginLink
        do {
            link = try PluginLink(descriptor: ends[0], loop: loop, deadline: deadline)
        } catch {
            close(ends[0])
            return failed("cannot watch its link: \(error)", child: child)
        }
        current = (child, link)
        status = .starting
        link.onReady = { [unowned self, unowned link] in
            guard current?.link === link else { return }
            // The start's deadline is met: a timer left armed would outlive this link.
            restart?.cancel()
            restart = nil
            status = .up
            readySince = .now()
            log.info("plugin \(manifest.name): helper \(child.pid) ready")
            onUp?(link)
        }
        link.onEnd = { [unowned self, unowned link] ending in
            guard current?.link === link, ending != .ended else { return }
            current = nil
            failed(ending == .closed ? "its helper ended" : "its helper was ended: \(ending)", child: child)
        }
        // A helper that hangs while its plugin loads never says ready: it gets one deadline too.
        restart = try? loop.schedule(after: deadline) { [unowned self, weak link] in
            guard let link, current?.link === link, status == .starting else { return }
            current = nil
            link.end()
            failed("its helper was not ready within \(deadline.milliseconds) ms", child: child)
        }
    }

    /// Stops the helper: its link closes and its process is killed and collected.
    func stop() {
        restart?.cancel()
        restart = nil
        readySince = nil
        if let (child, link) = current {
            current = nil
            link.end()
            collect(child, reason: nil)
        }
        if case .disabled = status { return }
        status = .stopped
    }

    // MARK: Failures

    /// One failure: counted, and either a restart after the backoff or the plugin disabled.
    private func failed(_ reason: String, child: ChildProcess?) {
        if let child {
            collect(child, reason: reason)
        } else {
            counted(reason)
        }
    }

    /// Kills `child` (it may be hung) and collects it without blocking; the failure `reason`,
    /// when given, is counted once it is collected, with how the process ended.
    private func collect(_ child: ChildProcess, reason: String?) {
        child.kill(SIGKILL)
        ended.append((child, reason ?? ""))
        if reason != nil { status = .down(reason: reason!) }
        guard reaper == nil else { return }
        reaper = try? loop.schedule(after: Self.reapInterval, repeating: Self.reapInterval) { [unowned self] in reap() }
    }

    private func reap() {
        var still: [(child: ChildProcess, reason: String)] = []
        for entry in ended {
            guard let termination = entry.child.reap() else { still.append(entry); continue }
            guard !entry.reason.isEmpty else { continue }
            counted("\(entry.reason) (\(Self.describe(termination)))")
        }
        ended = still
        if ended.isEmpty {
            reaper?.cancel()
            reaper = nil
        }
    }

    private func counted(_ reason: String) {
        let now = MonotonicInstant.now()
        recentFailures.removeAll { now - $0 >= failureWindow }
        recentFailures.append(now)
        if let fingerprint { records?.recordFailures(fingerprint, count: failures, reason: reason) }
        // A helper that stayed ready long enough starts its backoff afresh.
        if let readySince, now - readySince >= stableTime { backoff = firstBackoff }
        readySince = nil
        guard failures < PluginAdmission.failureLimit else {
            status = .disabled(reason: reason)
            log.error("plugin \(manifest.name): \(reason); failure \(failures) of \(PluginAdmission.failureLimit): disabled")
            onDisabled?(reason)
            return
        }
        status = .down(reason: reason)
        log.warning("plugin \(manifest.name): \(reason); failure \(failures) of \(PluginAdmission.failureLimit), started again in \(backoff.milliseconds) ms")
        onDown?(reason)
        restart = try? loop.schedule(after: backoff) { [unowned self] in start() }
        backoff = min(backoff * 2, Self.longestBackoff)
    }

    /// How a helper's process ended, for the log line and `plugins.state`.
    static func describe(_ termination: ChildProcess.Termination) -> String {
        switch termination {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "signal \(signal), \(String(cString: strsignal(signal)))"
        }
    }
}
