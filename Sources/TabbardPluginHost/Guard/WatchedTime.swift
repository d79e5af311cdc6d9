import Loop

/// How long a plugin call has run, as far as the hang watch can vouch for it: a stopped process
/// is not a hung plugin.
///
/// The watch looks every `tick` while a call runs. The time between two looks counts in full
/// when the watch woke about when it meant to, and as two ticks at most when it woke much later:
/// then the watch's own thread was held, and with it the whole process (SIGSTOP,
/// `systemctl freeze`, a debugger stopping every thread, a suspended machine), so the plugin
/// did not run meanwhile either. A plugin that hangs leaves the watch waking on time, and its
/// call reaches the limit after the limit of real time (plus a tick); a stop of any length
/// costs a call two ticks. A watch thread starved of CPU counts slower, never faster: a hang
/// is then reported late, never invented.
struct WatchedTime {
    /// How often the watch looks.
    let tick: Duration
    /// The time that counts.
    private(set) var counted: Duration = .zero
    private var lastLook: MonotonicInstant

    /// A call that started at `start`, looked at every `tick`.
    init(since start: MonotonicInstant, tick: Duration) {
        self.tick = tick
        self.lastLook = start
    }

    /// The watch looks at `now`.
    mutating func look(at now: MonotonicInstant) {
        counted += min(max(.zero, now - lastLook), tick * 2)
        lastLook = now
    }

    /// The tick for a hang limit of `limit`: a tenth of it, 1 ms at least.
    static func tick(for limit: Duration) -> Duration {
        max(limit / 10, .milliseconds(1))
    }
}
