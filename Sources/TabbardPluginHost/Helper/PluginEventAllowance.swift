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
///
/// Events a call of the daemon's causes (a badge and content changed after an action) are the
/// caller's pace, not the plugin's: each call grants room for `perCall` events beside the
/// bucket, used first, so that a client activating a tab's actions a few thousand times a
/// second never makes the plugin that answers them a flood. What calls grant and events do not
/// use is kept up to a second's worth, so quiet calls buy no large burst for later.
struct PluginEventAllowance {
    /// The events a helper may send in a second, and in one burst.
    static let perSecond = 1_000
    /// The events each call of the daemon's makes room for.
    static let perCall = 8
    /// Room the daemon's calls granted and events have not used yet.
    private var granted = 0

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

    /// Makes room for the events of one call the daemon sends.
    mutating func grantCall() {
        granted = min(Self.perSecond, granted + Self.perCall)
    }

    /// Takes the room of one event at `now`; false when there is none (the helper floods).
    mutating func take(at now: MonotonicInstant = .now()) -> Bool {
        if granted > 0 {
            granted -= 1
            return true
        }
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
