import Glibc

extension Duration {
    /// The duration in whole nanoseconds, truncated toward zero; saturates at the ends of
    /// `Int64` (about 292 years).
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, carry) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return carry ? (seconds < 0 ? .min : .max) : total
    }

    /// The duration in whole milliseconds, truncated toward zero (for timeouts and log lines).
    public var milliseconds: Int64 { nanoseconds / 1_000_000 }

    /// The duration as a `timespec` for the kernel; a negative duration is zero.
    public var timespec: Glibc.timespec {
        let total = max(0, nanoseconds)
        return Glibc.timespec(tv_sec: Int(total / 1_000_000_000), tv_nsec: Int(total % 1_000_000_000))
    }
}
