import Glibc
import Loop

/// Notices a plugin call that does not return. The loop thread notes each call before it
/// makes it (`begin`) and after (`end`); a thread of its own sleeps until a call starts, then
/// looks at it every tenth of the limit, and when the same call has run for the limit as far
/// as those looks can vouch (`WatchedTime`: a stopped process is not a hung plugin), hands it
/// to `onHang`, which does not return (the daemon records the failure and exits so that
/// systemd restarts it).
///
/// Only the first call after a quiet spell signals the thread: from then on it looks every
/// tick, and sleeps through the calls that start and return in between (a busy daemon makes
/// four plugin calls per `Select`, and a wakeup per call would cost a context switch each).
/// A tick after the last call started it waits without a timeout, so an idle daemon is never
/// woken by it.
package final class HangWatch: @unchecked Sendable {
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
        /// Which call this is, counted from 1, so that the watch tells two calls apart.
        var serial = 0
    }

    /// How long a call may run before it counts as hung.
    let limit: Duration
    private let onHang: @Sendable (Call) -> Void
    // The state below is guarded by `mutex`; the condition wakes the thread when a call starts.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var current: Call?
    private var calls = 0
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
        pthread_create(
            &thread, nil,
            { context in
                Unmanaged<HangWatch>.fromOpaque(context!).takeUnretainedValue().watch()
                return nil
            }, context)
        pthread_detach(thread)
    }

    /// Notes that `call` starts now; returns the call it interrupts (a plugin call made
    /// from within another), for `end`.
    func begin(_ call: consuming Call) -> Call? {
        // Taken and moved, not copied: a copy of a call retains its strings, and a busy daemon
        // makes four plugin calls per `Select`.
        call.started = .now()
        pthread_mutex_lock(mutex)
        calls += 1
        call.serial = calls
        latestStart = call.started
        let previous = current.take()
        current = consume call
        if waitsForever { pthread_cond_signal(condition) }
        pthread_mutex_unlock(mutex)
        return previous
    }

    /// How often the watching thread has woken so far, by a signal or after a tick.
    var wakeUps: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return wakeUpCount
    }

    /// Notes that the call returned. Not signalled: the thread finds out at the deadline
    /// it already waits for, which spares a wakeup per call.
    func end(restoring previous: consuming Call?) {
        pthread_mutex_lock(mutex)
        current = previous
        pthread_mutex_unlock(mutex)
    }

    private func watch() {
        let tick = WatchedTime.tick(for: limit)
        var watched: (serial: Int, time: WatchedTime)?
        pthread_mutex_lock(mutex)
        while true {
            let now = MonotonicInstant.now()
            guard let call = current else {
                watched = nil
                if let latestStart, now < latestStart + tick {
                    // Calls came lately and more may follow: sleep through them for a tick.
                    var until = (latestStart + tick).timespec
                    pthread_cond_timedwait(condition, mutex, &until)
                } else {
                    latestStart = nil
                    waitsForever = true
                    pthread_cond_wait(condition, mutex)
                    waitsForever = false
                }
                wakeUpCount += 1
                continue
            }
            if watched?.serial != call.serial { watched = (call.serial, WatchedTime(since: call.started, tick: tick)) }
            watched!.time.look(at: now)
            if watched!.time.counted >= limit {
                pthread_mutex_unlock(mutex)
                onHang(call)
                return
            }
            // The condition waits on CLOCK_MONOTONIC, the clock of `MonotonicInstant`.
            var until = (now + tick).timespec
            pthread_cond_timedwait(condition, mutex, &until)
            wakeUpCount += 1
        }
    }

    /// The hang limit in force: `TABBARD_PLUGIN_HANG_LIMIT_MS` when set, otherwise half of
    /// systemd's watchdog interval (`WATCHDOG_USEC`) when set, otherwise 5 s.
    package static func limit(environment: [String: String]) -> Duration {
        if let text = environment["TABBARD_PLUGIN_HANG_LIMIT_MS"], let value = Int64(text), value > 0 {
            return .milliseconds(value)
        }
        if let text = environment["WATCHDOG_USEC"], let value = Int64(text), value > 0 {
            return .microseconds(value / 2)
        }
        return .seconds(5)
    }
}
