import Dispatch
import Loop
import TabModel

/// Decides when state reaches the disk (STATE-4): structural changes at once, durable before
/// the request's reply; selection, badges and navigation batched within the flush interval,
/// off the request path; everything on a clean stop.
///
/// The loop thread only takes the snapshot (a plain value); encoding and the write with its
/// fsyncs happen on one serial writer thread, so a batched write of 10,000 tabs never holds up
/// a request. Writes keep their order: a structural save waits for the batched writes queued
/// before it, then writes the newest state itself.
final class Persistence {
    private let store: StateStore
    /// How long volatile changes may wait; a change (on reload) applies from the next one.
    var flushInterval: Duration
    private let log: Log
    private let writer = DispatchQueue(label: "tabbard.state-writer")
    private var timer: LoopTimer?
    private var dirty = false
    /// Produces the current state; set by the service once it exists.
    var snapshot: () -> ControllerSnapshot = { preconditionFailure("Persistence used before its service was attached") }

    /// Persistence through `store`, batching volatile changes for `flushInterval` on `loop`.
    init(store: StateStore, flushInterval: Duration, loop: EventLoop, log: Log) throws(LoopError) {
        self.store = store
        self.flushInterval = flushInterval
        self.log = log
        // Armed only while a volatile change waits.
        timer = try loop.schedule(after: .seconds(3600)) { [unowned self] in save(waiting: false) }
        timer?.disarm()
    }

    /// Notes a change of `durability`: saves now, schedules a save, or does nothing.
    func record(_ durability: Durability) {
        switch durability {
        case .none:
            return
        case .structural:
            save(waiting: true)
        case .volatile:
            guard !dirty else { return }
            dirty = true
            timer?.arm(after: flushInterval)
        }
    }

    /// Everything on disk before returning (SIGTERM, a reload): the pending batch, if any, and
    /// every write already queued.
    func flush() {
        if dirty {
            save(waiting: true)
        } else {
            writer.sync {}
        }
    }

    /// Writes the whole state, now (`waiting`: returns once it is on disk) or on the writer
    /// thread; either way it covers a pending batched write, which is cancelled.
    func save(waiting: Bool) {
        timer?.disarm()
        dirty = false
        let state = snapshot()
        let store = store
        let log = log
        let write: @Sendable () -> Void = {
            do {
                try store.save(state)
            } catch {
                log.error("cannot save state: \(error)")
            }
        }
        if waiting {
            writer.sync(execute: write)
        } else {
            writer.async(execute: write)
        }
    }
}
