import DBus
import Dispatch
import TabModel

/// Decides when state reaches the disk (STATE-4): structural changes at once, durable before
/// the request's reply; selection, badges and navigation batched within the flush interval,
/// off the request path; everything on a clean stop.
///
/// The loop thread only takes the snapshot (a plain value); encoding and the write with its
/// fsyncs happen on one serial writer thread, so a batched write of 10,000 tabs never holds up
/// a request. Writes keep their order: a structural save waits for the batched writes queued
/// before it, then writes the newest state itself.
///
/// Each change hands over how to read the state (`state`), which is read only when a write
/// happens: at once for a structural change, when the batch is due for a volatile one.
final class Persistence {
    private let store: StateStore
    /// How long volatile changes may wait; a change (on reload) applies from the next one.
    var flushInterval: Duration
    private let log: Log
    private let writer = DispatchQueue(label: "tabbard.state-writer")
    private var timer: LoopTimer?
    /// Reads the state the waiting batch will write; nil while no volatile change waits.
    private var batch: (() -> ControllerSnapshot)?

    /// Persistence through `store`, batching volatile changes for `flushInterval` on `loop`.
    init(store: StateStore, flushInterval: Duration, loop: EventLoop, log: Log) throws(DBusError) {
        self.store = store
        self.flushInterval = flushInterval
        self.log = log
        // Armed only while a volatile change waits.
        timer = try loop.schedule(after: .seconds(3600)) { [unowned self] in
            if let batch { save(batch(), waiting: false) }
        }
        timer?.disarm()
    }

    /// Notes a change of `durability`: saves now, schedules a save, or does nothing.
    func record(_ durability: Durability, state: @escaping () -> ControllerSnapshot) {
        switch durability {
        case .none:
            return
        case .structural:
            save(state(), waiting: true)
        case .volatile:
            guard batch == nil else { return }
            batch = state
            timer?.arm(after: flushInterval)
        }
    }

    /// Everything on disk before returning (SIGTERM, a reload): the pending batch, if any, and
    /// every write already queued.
    func flush(state: () -> ControllerSnapshot) {
        if batch != nil {
            save(state(), waiting: true)
        } else {
            writer.sync {}
        }
    }

    /// Writes `state`, now (`waiting`: returns once it is on disk) or on the writer thread;
    /// either way it covers a pending batched write, which is cancelled.
    private func save(_ state: ControllerSnapshot, waiting: Bool) {
        timer?.disarm()
        batch = nil
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
