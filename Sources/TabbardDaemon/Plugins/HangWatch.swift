import Glibc
import Loop

/// Notices a plugin call that does not return. The loop thread notes each call before it
/// makes it (`begin`) and after (`end`); a thread of its own sleeps until a call starts,
/// then until that call's limit, and when the same call is still running then, hands it
/// to `onHang`, which does not return (the daemon records the failure and exits so that
/// systemd restarts it). While no call is running the thread waits without a timeout,
/// so an idle daemon is never woken by it.
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
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        return previous
    }

    /// Notes that the call returned. Not signalled: the thread finds out at the deadline
    /// it already waits for, which spares a wakeup per call.
    func end(restoring previous: Call?) {
        pthread_mutex_lock(mutex)
        current = previous
        pthread_mutex_unlock(mutex)
    }

    private func watch() {
        pthread_mutex_lock(mutex)
        while true {
            guard let call = current else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let deadline = call.started + limit
            if MonotonicInstant.now() >= deadline {
                pthread_mutex_unlock(mutex)
                onHang(call)
                return
            }
            // The condition waits on CLOCK_MONOTONIC, the clock of `MonotonicInstant`.
            var until = deadline.timespec
            pthread_cond_timedwait(condition, mutex, &until)
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
