import Glibc
import Loop

/// Notices a plugin call that does not return. The loop thread notes each call before it
/// makes it (`begin`) and after (`end`); a thread of its own hands a call that is still
/// running at its limit to `onHang`, which does not return (the daemon records the failure
/// and exits so that systemd restarts it).
///
/// The thread is woken only by the first call after a quiet spell: from then on it sleeps
/// until one limit after the latest call started, and looks at the call running when it
/// wakes (a later call's limit is always later than an earlier call's). A busy daemon, which
/// makes four plugin calls per `Select`, so wakes it about once per limit instead of once per
/// call; a limit after the last call it waits without a timeout, so an idle daemon is never
/// woken by it.
final class HangWatch: @unchecked Sendable {
    /// One call in progress.
    struct Call: Sendable {
        /// The plugin's name.
        var plugin: String
        /// The ABI function called.
        var function: String
        /// The tab the call is for.
        var tab: String
        /// The module file's fingerprint, for the record; nil when unknown.
        var fingerprint: PluginFingerprint?
        /// When the call started.
        var started = MonotonicInstant(sinceStart: .zero)
    }

    /// How long a call may run before it counts as hung.
    let limit: Duration
    private let onHang: @Sendable (Call) -> Void
    // The state below is guarded by `mutex`; the condition wakes the thread when a call starts.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var current: Call?
    /// When the latest call started, if one did since the thread last waited without a timeout.
    private var latestStart: MonotonicInstant?
    /// The thread waits without a timeout: only a signal wakes it.
    private var waitsForever = false
    private var wakeUpCount = 0

    /// Starts the watching thread. `onHang` runs on it and is expected to end the process.
    init(limit: Duration, onHang: @escaping @Sendable (Call) -> Void) {
        self.limit = limit
        self.onHang = onHang
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        // The watch lives as long as the process: the thread keeps it.
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, nil, { context in
            Unmanaged<HangWatch>.fromOpaque(context!).takeUnretainedValue().watch()
            return nil
        }, context)
        pthread_detach(thread)
    }

    /// Notes that `call` starts now; returns the call it interrupts (a plugin call made
    /// from within another), for `end`.
    func begin(_ call: Call) -> Call? {
        var call = call
        call.started = .now()
        pthread_mutex_lock(mutex)
        let previous = current
        current = call
        latestStart = call.started
        if waitsForever { pthread_cond_signal(condition) }
        pthread_mutex_unlock(mutex)
        return previous
    }

    /// How often the watching thread has woken so far, by a signal or at a limit.
    var wakeUps: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return wakeUpCount
    }

    /// Notes that the call returned. Not signalled: the thread finds out at the deadline
    /// it already waits for.
    func end(restoring previous: Call?) {
        pthread_mutex_lock(mutex)
        current = previous
        pthread_mutex_unlock(mutex)
    }

    private func watch() {
        pthread_mutex_lock(mutex)
        while true {
            let deadline: MonotonicInstant
            if let call = current {
                deadline = call.started + limit
                if MonotonicInstant.now() >= deadline {
                    pthread_mutex_unlock(mutex)
                    onHang(call)
                    return
                }
            } else if let latestStart, MonotonicInstant.now() < latestStart + limit {
                // Calls came lately and more may follow: sleep through them until this limit.
                deadline = latestStart + limit
            } else {
                latestStart = nil
                waitsForever = true
                pthread_cond_wait(condition, mutex)
                waitsForever = false
                wakeUpCount += 1
                continue
            }
            // The condition waits on CLOCK_MONOTONIC, the clock of `MonotonicInstant`.
            var until = deadline.timespec
            pthread_cond_timedwait(condition, mutex, &until)
            wakeUpCount += 1
        }
    }

    /// The hang limit in force: `TABBARD_PLUGIN_HANG_LIMIT_MS` when set, otherwise half of
    /// systemd's watchdog interval (`WATCHDOG_USEC`) when set, otherwise 5 s.
    static func limit(environment: [String: String]) -> Duration {
        if let text = environment["TABBARD_PLUGIN_HANG_LIMIT_MS"], let value = Int64(text), value > 0 {
            return .milliseconds(value)
        }
        if let text = environment["WATCHDOG_USEC"], let value = Int64(text), value > 0 {
            return .microseconds(value / 2)
        }
        return .seconds(5)
    }
}
