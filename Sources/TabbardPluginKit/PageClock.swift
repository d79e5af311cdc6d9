import Glibc

/// A row's live value (PAGE-3): `value` at the wall-clock instant `at`, moving at `rate`. A
/// frontend shows `value + rate × (now − at)` itself, so a running stopwatch needs no new page
/// until it is stopped, lapped or reset.
public struct PageClock: Sendable, Equatable {
    /// How the value reads.
    public enum Format: Int32, Sendable, Equatable {
        /// A duration: a stopwatch, a timer.
        case duration = 1
        /// A time of day: microseconds since midnight where the row's `detail` says.
        case timeOfDay = 2
    }

    /// The value in microseconds at `at`.
    public var value: Int64
    /// When `value` held: `CLOCK_REALTIME` in microseconds.
    public var at: Int64
    /// 1 running, −1 counting down, 0 stopped.
    public var rate: Int32
    /// How the value reads.
    public var format: Format

    /// A clock worth `value` microseconds at `at` (now when omitted), moving at `rate`.
    public init(value: Int64, at: Int64 = PageClock.now(), rate: Int32, format: Format = .duration) {
        self.value = value
        self.at = at
        self.rate = rate
        self.format = format
    }

    /// Now, as `CLOCK_REALTIME` in microseconds.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }
}
