import Loop

/// How many events (host callbacks) a plugin's helper may send: a bucket of `perSecond`
/// events, filled again at `perSecond` a second. A burst of up to a second's worth passes;
/// a helper that keeps sending faster than that empties the bucket and floods.
///
/// Why a rate and not only a bound on bytes: what the daemon holds for a link is bounded
/// already (one frame and one read, `PluginLinkInbox`), and a helper blocks when the daemon
/// reads no more; but every event the daemon reads is applied to the model and announced on
/// the bus, so a helper that sends as fast as the daemon reads keeps the loop busy with its
/// news and the bus with its signals. A plugin with good reasons (a ticking clock, a progress
/// badge at 60 Hz on several tabs) sends tens to a few hundred events a second.
struct PluginEventAllowance {
    /// The events a helper may send in a second, and in one burst.
    static let perSecond = 1_000

    /// The time one event's room takes to come back.
    private static let refill = Duration.seconds(1) / perSecond
    /// The events that may be sent now.
    private var available = perSecond
    /// The instant the room counted in `available` was last brought up to date.
    private var counted: MonotonicInstant

    /// A full bucket at `now`.
    init(now: MonotonicInstant = .now()) {
        counted = now
    }

    /// Takes the room of one event at `now`; false when there is none (the helper floods).
    mutating func take(at now: MonotonicInstant = .now()) -> Bool {
        let returned = Int((now - counted).nanoseconds / Self.refill.nanoseconds)
        if returned > 0 {
            available = min(Self.perSecond, available + returned)
            // Only whole events come back: the remainder of the interval counts toward the next.
            counted = available == Self.perSecond ? now : counted + Self.refill * returned
        }
        guard available > 0 else { return false }
        available -= 1
        return true
    }
}
