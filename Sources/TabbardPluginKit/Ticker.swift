import Glibc

/// A repeating timer on a thread of the plugin, for live content.
///
/// Start it in `didAppear()` and stop it in `didDisappear()`: a tab that is not shown then
/// costs no wake-ups at all. The handler runs on the ticker's own thread, never on the host's
/// loop thread, so it may only touch `Sendable` state (the `TabHost` is).
///
/// The thread is started at the first `start()` and kept: while stopped it waits without a
/// time limit, and starting again costs a signal, not a new thread. It waits on
/// `CLOCK_MONOTONIC` with pthreads alone, so a plugin (and the daemon that loads it) needs no
/// libdispatch.
public final class Ticker: Sendable {
    private let schedule: Schedule

    /// A stopped ticker that will call `handler` every `interval` once started; `label` names
    /// its thread (the kernel keeps 15 bytes).
    public init(every interval: Duration, label: String = "tabbard.ticker", _ handler: @escaping @Sendable () -> Void) {
        schedule = Schedule(interval: interval, label: label, handler: handler)
    }

    /// Whether the ticker is running.
    public var isRunning: Bool { schedule.locked { $0.running } }

    /// Starts ticking (first tick after one interval); does nothing if already running.
    public func start() {
        let needsThread = schedule.locked { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            state.deadline = MonotonicClock.now() + schedule.interval
            let needsThread = !state.hasThread
            state.hasThread = true
            return needsThread
        }
        if needsThread {
            schedule.startThread()
        } else {
            schedule.signal()
        }
    }

    /// Stops ticking; no tick starts after it returns (one already running may finish).
    public func stop() {
        schedule.locked { $0.running = false }
        schedule.signal()
    }

    deinit {
        schedule.locked { $0.ended = true }
        schedule.signal()
    }
}

/// What a ticker and its thread share: the interval, the handler, and whether and when to
/// tick, behind one mutex; a condition wakes the thread when that changes.
private final class Schedule: @unchecked Sendable {
    struct State {
        var running = false
        /// When the next tick is due, on `CLOCK_MONOTONIC`.
        var deadline: Duration = .zero
        var hasThread = false
        /// The ticker is gone: the thread ends.
        var ended = false
    }

    let interval: Duration
    let handler: @Sendable () -> Void
    let label: String
    // `state` is guarded by `mutex`.
    private var state = State()
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(interval: Duration, label: String, handler: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.label = label
        self.handler = handler
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func locked<T>(_ body: (inout State) -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }

    func signal() {
        pthread_mutex_lock(mutex)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Starts the thread that ticks; it keeps the schedule until the ticker is gone.
    func startThread() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                let schedule = Unmanaged<Schedule>.fromOpaque(context!).takeRetainedValue()
                schedule.nameThread()
                schedule.tick()
                return nil
            }, context)
        guard created == 0 else {
            // Without a thread the ticker stays silent; the next start tries again.
            Unmanaged<Schedule>.fromOpaque(context).release()
            locked { $0.hasThread = false }
            return
        }
        pthread_detach(thread)
    }

    /// Names the calling thread after the ticker's label, for `top -H` and debuggers (the
    /// kernel keeps 15 bytes; `prctl` is variadic, which Swift cannot call).
    private func nameThread() {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        let name = Array(label.utf8.prefix(15))
        _ = name.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
    }

    /// The thread: waits for a start, then ticks at every deadline until stopped; after each
    /// tick the next deadline is one interval on, or one interval from now if ticks were missed.
    private func tick() {
        pthread_mutex_lock(mutex)
        while !state.ended {
            if !state.running {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let now = MonotonicClock.now()
            if now < state.deadline {
                var deadline = state.deadline.timespec
                pthread_cond_timedwait(condition, mutex, &deadline)
                continue
            }
            state.deadline += interval
            if state.deadline <= now { state.deadline = now + interval }
            // Decided under the lock: a stop() that returns after this lets this tick finish.
            pthread_mutex_unlock(mutex)
            handler()
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}

extension Duration {
    fileprivate var timespec: Glibc.timespec {
        let (seconds, attoseconds) = components
        return Glibc.timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    }
}
