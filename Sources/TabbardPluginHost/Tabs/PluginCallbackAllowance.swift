import DaemonBase
import Loop
import Synchronization

/// How many host callbacks (badge, badge color, title, enabled, content changed, push page,
/// log) a plugin loaded into the daemon may make: the allowance of a helper's link
/// (`PluginEventAllowance`), counted where the callbacks enter, for all of the plugin's tabs and
/// threads together. A callback past it is dropped there, before its text is read and before
/// anything reaches the loop.
///
/// Why at the entrance: a plugin's thread reaches the loop through `EventLoop.post`, whose
/// queue has no bound, so a thread calling back as fast as it can grows the daemon's memory
/// without limit and keeps the loop busy applying its news while callers wait. A helper is
/// held back by its link instead (the daemon reads only so much of it a turn, and a flood ends
/// the helper); in the daemon nothing can be ended, so what is past the allowance is dropped.
///
/// A **flood** starts with the first callback dropped and ends once a second has passed with
/// none dropped; `onFlood` runs once at its start, on the flooding thread, so that a flood costs
/// one log line and one failure however many callbacks it makes. Safe on any thread.
final class PluginCallbackAllowance: Sendable {
    /// What every flood is told by.
    static let reason = "it made more than \(PluginEventAllowance.perSecond) host callbacks in a second"
    /// How long a plugin must drop nothing before a flood is over.
    static let calm = Duration.seconds(1)

    private struct State {
        var allowance: PluginEventAllowance
        /// When the last callback was dropped, while the plugin floods.
        var lastDropped: MonotonicInstant?
    }

    private let state: Mutex<State>
    private let onFlood: @Sendable () -> Void

    /// The one line a flood of `plugin` is logged with, with the failure it counts as when it
    /// is counted (`failures`, of `PluginAdmission.failureLimit`).
    static func floodLine(plugin: String, failures: Int?) -> String {
        let count =
            failures.map {
                "; failure \($0) of \(PluginAdmission.failureLimit) before the plugin is disabled at its next load"
            } ?? ""
        return
            "plugin \(plugin): \(reason); its callbacks past that are dropped until it keeps within it for a second\(count)"
    }

    /// What a flood does where it is not counted (no admission: tests): its line is logged.
    static func logging(plugin: String, to log: Log) -> @Sendable () -> Void {
        { log.warning(floodLine(plugin: plugin, failures: nil)) }
    }

    /// A full allowance at `now`; `onFlood` runs at the start of each flood.
    init(now: MonotonicInstant = .now(), onFlood: @escaping @Sendable () -> Void) {
        state = Mutex(State(allowance: PluginEventAllowance(now: now)))
        self.onFlood = onFlood
    }

    /// Makes room for the callbacks of one call the daemon makes into the plugin: what an
    /// action or a page makes the plugin say is the caller's pace, not a flood.
    func grantCall() {
        state.withLock { $0.allowance.grantCall() }
    }

    /// Whether a callback made at `now` is taken; false when it is past the allowance and
    /// must be dropped.
    func admits(at now: MonotonicInstant = .now()) -> Bool {
        let (taken, floodStarts) = state.withLock { state in
            if state.allowance.take(at: now) {
                if let last = state.lastDropped, now - last >= Self.calm { state.lastDropped = nil }
                return (true, false)
            }
            defer { state.lastDropped = now }
            return (false, state.lastDropped == nil)
        }
        if floodStarts { onFlood() }
        return taken
    }
}
