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
/// Its news goes into the plugin news queue it is given (`PluginNewsQueue`): the helper came
/// back (`helperReturned`, once it said ready), and each start settled (`helperSettled`: ready,
/// ended, or disabled). The model keeps the plugin's tabs meanwhile.
///
/// The rules of the lifecycle (when to start, count, back off, disable) are `HelperLifecycle`'s;
/// this carries out what it returns: the process, its link, the timers, the log and the records.
final class PluginHelperProcess {
    /// Where the helper stands.
    typealias Status = HelperLifecycle.Phase

    /// The plugin's manifest, whose path the helper is given.
    let manifest: PluginManifest
    /// Where it stands now.
    var status: Status { lifecycle.phase }
    /// The link of the running helper once it said ready; nil otherwise.
    var link: PluginLink? { status == .up ? current?.link : nil }
    /// The process id of the running helper, if one runs.
    var pid: pid_t? { current?.child.pid }
    /// Whether a helper that ended is still to be collected (the loop collects it shortly).
    var isCollecting: Bool { !ended.isEmpty }
    /// The failures that count now: those within `failureWindow` (as recorded in
    /// `plugins.state`, when it is kept).
    var failures: Int { lifecycle.failures }
    /// The wait of the restart after the latest failure; the first backoff before any.
    var backoff: Duration { lifecycle.backoff }

    private let executable: String
    private let arguments: [String]
    private let environment: [String]
    private let loop: EventLoop
    private let log: Log
    private let records: PluginRecords?
    private let fingerprint: PluginFingerprint?
    private let deadline: Duration
    /// Where the helper's news and its plugin's events go.
    private let news: PluginNewsQueue
    /// The longest wait between two starts.
    static let longestBackoff = HelperLifecycle.longestBackoff
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
    private var lifecycle: HelperLifecycle
    private var current: (child: ChildProcess, link: PluginLink)?
    /// Helpers ended and not yet collected, looked at every `reapInterval`.
    private var ended: [(child: ChildProcess, reason: String)] = []
    private var reaper: LoopTimer?
    /// The next start after a failure, or the deadline of a start until the helper is ready.
    private var restart: LoopTimer?
    private static let reapInterval = Duration.milliseconds(5)

    /// A helper for `manifest`, run as `executable --plugin-host MANIFEST arguments` with
    /// `environment`; every call is given `deadline`, and its news goes to `news`. Failures are
    /// recorded for `fingerprint` (the module file) in `records` when both are given, and count
    /// for `failureWindow`; a helper ready for `stableAfter` is waited `firstBackoff` after its
    /// next failure.
    init(
        manifest: PluginManifest, executable: String, arguments: [String], environment: [String], loop: EventLoop,
        log: Log, news: PluginNewsQueue,
        records: PluginRecords?, fingerprint: PluginFingerprint?, deadline: Duration,
        firstBackoff: Duration = .milliseconds(100),
        failureWindow: Duration = defaultFailureWindow, stableAfter: Duration = stableAfter
    ) {
        self.manifest = manifest
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.loop = loop
        self.log = log
        self.records = records
        self.fingerprint = fingerprint
        self.deadline = deadline
        self.news = news
        let recorded = fingerprint.flatMap { records?.record(for: $0)?.failures } ?? 0
        lifecycle = HelperLifecycle(
            recordedFailures: recorded, at: .now(), firstBackoff: firstBackoff,
            failureWindow: failureWindow, stableAfter: stableAfter)
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
        perform(lifecycle.start())
    }

    /// Stops the helper: its link closes and its process is killed and collected.
    func stop() {
        let running = current
        current = nil
        running?.link.end()
        perform(lifecycle.stop(running: running != nil), child: running?.child)
    }

    // MARK: Carrying out the lifecycle

    /// A failure of the plugin that ends nothing by itself (ICON-3: an icon it may not set):
    /// counted within the window like any other and recorded; the one that reaches the limit
    /// ends the helper, which disables the plugin as any failure at the limit does. Returns
    /// the failures counted.
    @discardableResult
    func fault(_ reason: String) -> Int {
        let running = current
        let actions = lifecycle.faulted(reason, at: .now(), running: running != nil)
        guard case .down = status, let (child, link) = running else {
            perform(actions)
            return failures
        }
        current = nil
        link.end()
        perform(actions, child: child)
        return failures + 1
    }

    /// Does what the lifecycle asked, in order; `child` is the process a `collect` is about.
    private func perform(_ actions: [HelperLifecycle.Action], child: ChildProcess? = nil) {
        for action in actions {
            switch action {
            case .cancelTimer:
                restart?.cancel()
                restart = nil
            case .spawn:
                spawn()
            case .armStartDeadline:
                armStartDeadline()
            case .announceReady:
                guard let (child, _) = current else { break }
                log.info("plugin \(manifest.name): helper \(child.pid) ready")
                news.post(.helperReturned(plugin: manifest.name))
                news.post(.helperSettled(plugin: manifest.name))
            case .collect(let reason):
                if let child { collect(child, reason: reason) }
            case .recordFailures(let count, let reason):
                if let fingerprint { records?.recordFailures(fingerprint, count: count, reason: reason) }
            case .restart(let delay, let failures, let reason):
                log.warning(
                    "plugin \(manifest.name): \(reason); failure \(failures) of \(PluginAdmission.failureLimit), started again in \(delay.milliseconds) ms"
                )
                news.post(.helperSettled(plugin: manifest.name))
                restart = try? loop.schedule(after: delay) { [unowned self] in start() }
            case .disable(let failures, let reason):
                log.error(
                    "plugin \(manifest.name): \(reason); failure \(failures) of \(PluginAdmission.failureLimit): disabled"
                )
                news.post(.helperSettled(plugin: manifest.name))
            }
        }
    }

    /// Spawns a helper with its end of a new link, and watches the link.
    private func spawn() {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return perform(
                lifecycle.failedToSpawn("cannot make a socket pair: \(String(cString: strerror(errno)))", at: .now()))
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                executable, arguments: ["--plugin-host", manifest.file] + arguments, standardOutput: 2,
                environment: environment, passing: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            return perform(
                lifecycle.failedToSpawn("cannot start its helper: \(String(cString: strerror(error.code)))", at: .now())
            )
        }
        close(ends[1])
        let link: PluginLink
        do {
            link = try PluginLink(
                descriptor: ends[0], loop: loop, deadline: deadline, plugin: manifest.name, news: news, owner: self)
        } catch {
            close(ends[0])
            return perform(lifecycle.ended("cannot watch its link: \(error)"), child: child)
        }
        current = (child, link)
        perform(lifecycle.spawned())
    }

    /// A helper that hangs while its plugin loads never says ready: it gets one deadline too.
    private func armStartDeadline() {
        guard let (child, link) = current else { return }
        restart = try? loop.schedule(after: deadline) { [unowned self, weak link] in
            guard let link, current?.link === link, status == .starting else { return }
            current = nil
            link.end()
            perform(lifecycle.ended("its helper was not ready within \(deadline.milliseconds) ms"), child: child)
        }
    }

    /// Kills `child` (it may be hung) and collects it without blocking; the failure `reason`,
    /// when given, is counted once it is collected, with how the process ended.
    private func collect(_ child: ChildProcess, reason: String?) {
        child.kill(SIGKILL)
        ended.append((child, reason ?? ""))
        guard reaper == nil else { return }
        reaper = try? loop.schedule(after: Self.reapInterval, repeating: Self.reapInterval) { [unowned self] in reap() }
    }

    private func reap() {
        var still: [(child: ChildProcess, reason: String)] = []
        var collected: [String] = []
        for entry in ended {
            guard let termination = entry.child.reap() else { still.append(entry); continue }
            guard !entry.reason.isEmpty else { continue }
            collected.append("\(entry.reason) (\(Self.describe(termination)))")
        }
        ended = still
        if ended.isEmpty {
            reaper?.cancel()
            reaper = nil
        }
        for reason in collected { perform(lifecycle.collected(reason, at: .now())) }
    }

    /// How a helper's process ended, for the log line and `plugins.state`.
    static func describe(_ termination: ChildProcess.Termination) -> String {
        switch termination {
        case .exited(let code): "exited with status \(code)"
        case .signalled(let signal): "signal \(signal), \(String(cString: strsignal(signal)))"
        }
    }
}

// MARK: - What the link says

extension PluginHelperProcess: PluginLinkOwner {
    /// The helper of the running link said ready.
    func linkReady(_ link: PluginLink) {
        guard current?.link === link else { return }
        perform(lifecycle.ready(at: .now()))
    }

    /// The running link ended other than by the daemon's `end()`: the helper is ended too.
    func linkEnded(_ link: PluginLink, _ ending: PluginLink.Ending) {
        guard let (child, running) = current, running === link, ending != .ended else { return }
        current = nil
        perform(
            lifecycle.ended(ending == .closed ? "its helper ended" : "its helper was ended: \(ending)"), child: child)
    }
}
