import Glibc

/// A point in time on `CLOCK_MONOTONIC`: the clock the loop's timers run on, which never jumps
/// with the wall clock and never counts time suspended. For deadlines kept outside a timer (a
/// `poll` with a time limit, a `pthread_cond_timedwait` on a condition set to this clock).
public struct MonotonicInstant: Comparable, Hashable, Sendable {
    /// Time since the clock's (arbitrary) start.
    public var sinceStart: Duration

    /// The instant `sinceStart` after the clock's start.
    public init(sinceStart: Duration) {
        self.sinceStart = sinceStart
    }

    /// Now.
    public static func now() -> MonotonicInstant {
        var time = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(sinceStart: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec))
    }

    /// The instant as the kernel's `timespec` on this clock.
    public var timespec: Glibc.timespec { sinceStart.timespec }

    /// The instant `duration` later.
    public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        MonotonicInstant(sinceStart: instant.sinceStart + duration)
    }

    /// The time from `earlier` to `later` (negative when `later` comes first).
    public static func - (later: MonotonicInstant, earlier: MonotonicInstant) -> Duration {
        later.sinceStart - earlier.sinceStart
    }

    /// Orders instants by time.
    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.sinceStart < rhs.sinceStart }
}
