import Loop

/// How many calls of unprivileged callers, all of them together, are served a second
/// (docs/reliability.md, Fair dispatch). Past it their calls wait in the connection's own
/// queues, where a privileged call passes them, rather than in the bus's queue to the
/// connection, where nothing can: a flood of the cheapest reads otherwise keeps the bus so busy
/// that an administrator's call waits seconds there before the daemon sees it.
struct CallRate {
    /// Calls a second, at most.
    static let perSecond: Int64 = 4_096
    /// Calls served at once after a quiet time.
    static let burst: Int64 = 256
    /// What one call costs, in nanoseconds of credit.
    private static let cost: Int64 = 1_000_000_000 / perSecond

    /// Nanoseconds of credit: one call's cost each, up to a burst's.
    private var credit = burst * cost
    /// When the credit was last brought up to date.
    private var countedAt = MonotonicInstant.now()

    /// Whether a call may be served at `now`.
    mutating func allows(at now: MonotonicInstant) -> Bool {
        credit = min(Self.burst * Self.cost, credit + (now - countedAt).nanoseconds)
        countedAt = now
        return credit >= Self.cost
    }

    /// Counts a call served.
    mutating func take() {
        credit -= Self.cost
    }

    /// How long until a call may be served again.
    var wait: Duration {
        .nanoseconds(max(0, Self.cost - credit))
    }
}
