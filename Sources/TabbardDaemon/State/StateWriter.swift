import Dispatch
import Synchronization
import TabModel

/// Writes the controller's state on one serial thread of its own, and holds the newest
/// acknowledged state that is not on disk yet, so that whichever thread ends the daemon can
/// save it: the loop thread at a stop, and the hang watch's thread when the loop thread is the
/// one stuck inside a plugin (STATE-4).
///
/// What it holds is the controller itself: a value, so handing it over costs a reference, and
/// the snapshot is taken and encoded on the thread that writes. Writes keep their order: each
/// runs on the one writer queue, and each writes the newest state held when it runs, so an
/// older state never replaces a newer one.
///
/// Threading: every method may be called from any thread.
final class StateWriter: Sendable {
    /// What waits for the disk: the newest acknowledged state not yet written, and a count of
    /// the states handed over, so that a write knows whether a newer one came meanwhile.
    private struct Held {
        var controller: TabController?
        var handedOver: UInt64 = 0
    }

    private let store: StateStore
    private let queue = DispatchQueue(label: "tabbard.state-writer")
    private let held = Mutex(Held())

    /// A writer saving through `store`.
    init(store: StateStore) {
        self.store = store
    }

    /// The file the state is written to, for messages.
    var path: String { store.file.path }

    /// Hands over `controller` as the newest acknowledged state; it replaces any older one
    /// that was still waiting. Called before the reply that acknowledges the change.
    func hold(_ controller: TabController) {
        held.withLock { held in
            held.controller = controller
            held.handedOver &+= 1
        }
    }

    /// Runs `change` on `controller`, the service's model, with the held state let go while it
    /// runs, and hands over the model after it in its place when a state was held.
    ///
    /// The held state is a copy of the model that shares its storage, so a change in place
    /// would copy every collection it touches (every tab's state at 10,000 tabs, for one
    /// badge); let go, the model's storage is the model's alone again. `controller` is the
    /// held state or newer (what a request changed since is acknowledged, or not saved), so
    /// holding it after the change loses nothing; and the writer's lock is kept meanwhile, so
    /// that a thread that saves what is held (a hung plugin's exit) never finds it missing.
    func change<Outcome, Failure>(
        _ controller: inout TabController, by change: (inout TabController) throws(Failure) -> Outcome
    ) throws(Failure) -> Outcome {
        var outcome: Result<Outcome, Failure>?
        held.withLock { held in
            let wasHolding = held.controller != nil
            held.controller = nil
            outcome = Result { () throws(Failure) in try change(&controller) }
            if wasHolding {
                held.controller = controller
                held.handedOver &+= 1
            }
        }
        return try outcome!.get()
    }

    /// Whether an acknowledged state waits for the disk.
    var isHolding: Bool { held.withLock { $0.controller != nil } }

    /// Writes `controller`, the newest state, after every write queued before it, and returns
    /// once it is on disk; what was held is then written too, since `controller` includes it.
    /// Throws the reason when it cannot be written; what was held still waits then.
    func write(_ controller: TabController) throws(FileError) {
        let outcome = queue.sync {
            let saved = save(controller)
            // The loop thread, the one that hands states over, is the caller: none came since.
            if case .success = saved { held.withLock { $0.controller = nil } }
            return saved
        }
        try outcome.get()
    }

    /// Writes the held state, if any, on the writer thread, and hands the outcome to `done`
    /// there: true when a state was written, false when none was held.
    func writeHeld(then done: @escaping @Sendable (Result<Bool, FileError>) -> Void) {
        queue.async { [self] in done(writeHeldOnQueue()) }
    }

    /// Writes the held state, if any, after every write queued before it, and returns once it
    /// is on disk: nil, or the reason it could not be written (a stop, a hung plugin's exit).
    func writeHeldNow() -> FileError? {
        queue.sync {
            if case .failure(let error) = writeHeldOnQueue() { return error }
            return nil
        }
    }

    /// On the writer queue: writes the newest held state; it stays held when the write fails
    /// or a newer one was handed over meanwhile.
    private func writeHeldOnQueue() -> Result<Bool, FileError> {
        let (controller, handedOver) = held.withLock { ($0.controller, $0.handedOver) }
        guard let controller else { return .success(false) }
        return save(controller).map {
            held.withLock { held in
                if held.handedOver == handedOver { held.controller = nil }
            }
            return true
        }
    }

    /// On the writer queue: the snapshot of `controller`, encoded and written durably.
    private func save(_ controller: TabController) -> Result<Void, FileError> {
        do throws(FileError) {
            try store.save(controller.snapshot())
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
