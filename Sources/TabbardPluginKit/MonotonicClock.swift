import Glibc

/// `CLOCK_MONOTONIC` for plugins: time that never jumps with the wall clock, for deadlines and
/// elapsed times (a countdown, a stopwatch). Use it rather than `ContinuousClock`, which lives
/// in the Swift concurrency runtime: a plugin that uses it makes the daemon load that runtime
/// and libdispatch, about a megabyte, for a clock.
public enum MonotonicClock {
    /// Time since the clock's (arbitrary) start; only differences mean anything.
    public static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
