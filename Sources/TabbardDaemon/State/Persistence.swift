import DBus
import TabModel

/// Decides when state reaches the disk (STATE-4): structural changes at once, before the
/// request's reply; selection, badges and navigation batched within the flush interval, off
/// the request path; everything on a clean stop.
final class Persistence {
    private let store: StateStore
    /// How long volatile changes may wait; a change (on reload) applies from the next one.
    var flushInterval: Duration
    private let log: Log
    private var timer: LoopTimer?
    private var dirty = false
    /// Produces the current state; set by the service once it exists.
    var snapshot: () -> ControllerSnapshot = { preconditionFailure("Persistence used before its service was attached") }

    /// Persistence through `store`, batching volatile changes for `flushInterval` on `loop`.
    init(store: StateStore, flushInterval: Duration, loop: EventLoop, log: Log) throws(DBusError) {
        self.store = store
        self.flushInterval = flushInterval
        self.log = log
        // Created disarmed in effect: armed only when a volatile change waits.
        timer = try loop.schedule(after: .seconds(3600)) { [unowned self] in save() }
        timer?.disarm()
    }

    /// Notes a change of `durability`: saves now, schedules a save, or does nothing.
    func record(_ durability: Durability) {
        switch durability {
        case .none:
            return
        case .structural:
            save()
        case .volatile:
            guard !dirty else { return }
            dirty = true
            timer?.arm(after: flushInterval)
        }
    }

    /// Saves whatever is not on disk yet (on SIGTERM, and before a reload).
    func flush() {
        if dirty { save() }
    }

    /// Writes the whole state now and cancels a pending batched write, which this one covers.
    func save() {
        timer?.disarm()
        dirty = false
        do {
            try store.save(snapshot())
        } catch {
            log.error("cannot save state: \(error)")
        }
    }
}
