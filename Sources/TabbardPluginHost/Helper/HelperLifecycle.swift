import Loop

/// The lifecycle of one isolated plugin's helper, as a value: it takes what happened (a start
/// asked for, the process spawned or not, ready, ended, collected, a stop) and returns what its
/// owner must do about it (`Action`), as `TapQueue` does for taps. It spawns, times and logs
/// nothing itself, so every rule of the lifecycle is tested without a process.
///
/// The rules: a helper starts from stopped or after an ending, never twice, never once
/// disabled. Every ending counts as a failure once the process is collected, and failures count
/// for `failureWindow`; at `failureLimit` of them the plugin is disabled, otherwise it starts
/// again after the backoff, which doubles after each failure up to `longestBackoff` and starts
/// afresh after a helper that stayed ready for `stableAfter`. A stop ends the helper without
/// counting a failure.
struct HelperLifecycle {
    /// Where the helper stands.
    enum Phase: Equatable {
        /// Not running, and no start is due.
        case stopped
        /// Spawned, not yet ready.
        case starting
        /// Ready: its link takes calls.
        case up
        /// Ended for `reason`; counted once collected, then started again after the backoff.
        case down(reason: String)
        /// Ended too often; not started again.
        case disabled(reason: String)
    }

    /// What the owner does, in the order given.
    enum Action: Equatable {
        /// Cancel the timer of the next start or of the start's deadline.
        case cancelTimer
        /// Spawn a helper process, then say `spawned()` or `failedToSpawn(_:at:)`.
        case spawn
        /// Give the spawned helper one deadline to say ready.
        case armStartDeadline
        /// Announce that the helper is ready (its news: it came back, its start settled).
        case announceReady
        /// Kill the running helper and collect it; `reason`, when given, is counted once it is
        /// collected (`collected(_:at:)`).
        case collect(reason: String?)
        /// Record `failures` with the last `reason` for the plugin's module file.
        case recordFailures(Int, reason: String)
        /// Start again after `delay`, having failed `failures` times for `reason`.
        case restart(after: Duration, failures: Int, reason: String)
        /// The plugin is disabled after `failures` failures, the last for `reason`.
        case disable(failures: Int, reason: String)
    }

    /// The longest wait between two starts.
    static let longestBackoff = Duration.seconds(30)

    /// Where the helper stands now.
    private(set) var phase: Phase = .stopped
    /// The wait of the restart after the latest failure; the first backoff before any.
    private(set) var backoff: Duration
    /// Whether the next restart waits twice `backoff`: a restart came before it, and no helper
    /// stayed ready for `stableAfter` since.
    private var doublesNext = false
    /// When each failure within the window was counted, oldest first.
    private var recentFailures: [MonotonicInstant]
    /// When the running helper said ready; nil while none is ready.
    private var readySince: MonotonicInstant?
    private let firstBackoff: Duration
    private let failureWindow: Duration
    private let stableAfter: Duration
    private let failureLimit: Int

    /// A stopped helper whose plugin already failed `recordedFailures` times, counted as if at
    /// `now` (an earlier run does not keep their times).
    init(
        recordedFailures: Int, at now: MonotonicInstant, firstBackoff: Duration, failureWindow: Duration,
        stableAfter: Duration, failureLimit: Int = PluginAdmission.failureLimit
    ) {
        recentFailures = Array(repeating: now, count: recordedFailures)
        backoff = firstBackoff
        self.firstBackoff = firstBackoff
        self.failureWindow = failureWindow
        self.stableAfter = stableAfter
        self.failureLimit = failureLimit
    }

    /// The failures that count now: those within the window.
    var failures: Int { recentFailures.count }

    // MARK: - Inputs

    /// A start asked for, or due after a backoff: a helper is spawned unless one runs or the
    /// plugin is disabled.
    mutating func start() -> [Action] {
        switch phase {
        case .starting, .up, .disabled: []
        case .down, .stopped: [.cancelTimer, .spawn]
        }
    }

    /// The helper was spawned and its link is watched: it has one deadline to say ready.
    mutating func spawned() -> [Action] {
        phase = .starting
        return [.armStartDeadline]
    }

    /// No helper could be spawned, for `reason`: a failure at once, with no process to collect.
    mutating func failedToSpawn(_ reason: String, at now: MonotonicInstant) -> [Action] {
        counted(reason, at: now)
    }

    /// The helper said ready: its start's deadline is met.
    mutating func ready(at now: MonotonicInstant) -> [Action] {
        phase = .up
        readySince = now
        return [.cancelTimer, .announceReady]
    }

    /// The running helper ended for `reason` (it closed its link, broke it, or was not ready in
    /// time), or its link could not be watched: it is collected, then counted.
    mutating func ended(_ reason: String) -> [Action] {
        phase = .down(reason: reason)
        return [.collect(reason: reason)]
    }

    /// A helper that ended for `reason` was collected: one failure.
    mutating func collected(_ reason: String, at now: MonotonicInstant) -> [Action] {
        counted(reason, at: now)
    }

    /// The daemon stops the helper: no failure; a disabled plugin stays disabled.
    mutating func stop(running: Bool) -> [Action] {
        readySince = nil
        if case .disabled = phase {} else { phase = .stopped }
        return running ? [.cancelTimer, .collect(reason: nil)] : [.cancelTimer]
    }

    /// A failure of the plugin that ends nothing by itself (ICON-3): counted within the window
    /// and recorded; the one that would reach the limit ends the `running` helper instead,
    /// which is then collected and counted as any ending is.
    mutating func faulted(_ reason: String, at now: MonotonicInstant, running: Bool) -> [Action] {
        recentFailures.removeAll { now - $0 >= failureWindow }
        if running && failures + 1 >= failureLimit { return ended(reason) }
        recentFailures.append(now)
        return [.recordFailures(failures, reason: reason)]
    }

    // MARK: - Failures

    /// One failure: counted, and either a restart after the backoff or the plugin disabled.
    private mutating func counted(_ reason: String, at now: MonotonicInstant) -> [Action] {
        recentFailures.removeAll { now - $0 >= failureWindow }
        recentFailures.append(now)
        // A helper that stayed ready long enough starts its backoff afresh.
        if let readySince, now - readySince >= stableAfter {
            backoff = firstBackoff
            doublesNext = false
        }
        readySince = nil
        let record = Action.recordFailures(failures, reason: reason)
        guard failures < failureLimit else {
            phase = .disabled(reason: reason)
            return [record, .disable(failures: failures, reason: reason)]
        }
        phase = .down(reason: reason)
        if doublesNext { backoff = min(backoff * 2, Self.longestBackoff) }
        doublesNext = true
        return [record, .restart(after: backoff, failures: failures, reason: reason)]
    }
}
