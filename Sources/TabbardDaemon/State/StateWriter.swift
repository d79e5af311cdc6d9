import DaemonBase
import Loop
import Synchronization
import TabModel

/// Writes the controller's state on one serial thread of its own, and holds the newest
/// acknowledged state that is not on disk yet, so that whichever thread ends the daemon can
/// save it: the loop thread at a stop, and the hang watch's thread when the loop thread is the
/// one stuck inside a plugin (STATE-4).
///
/// What it holds is the controller itself: a value, so handing it over costs a reference, and
/// the snapshot is taken and encoded on the thread that writes. Writes keep their order: each
/// runs on the one writer thread, in the order handed over, and each writes the newest state
/// held when it runs, so an older state never replaces a newer one.
///
/// Threading: every method may be called from any thread.
final class StateWriter: Sendable {
    /// The most a structural change may make the state take, unless it makes the state smaller
    /// (SBAR-1, STATE-4): 24 MiB, three quarters of `StateFile.sizeLimit`. The quarter left is
    /// room for what is batched after the change is acknowledged: the selections, badges and
    /// badge colors of 64 bars of 256 items take at most 6.3 MiB (StateBoundTests measures
    /// it), so batched writes of the bars never meet the file's bound. 64 bars of 256 items with long titles and image paths can
    /// exceed it; the change that would is refused with `StateNotSaved` and nothing changes.
    static let structuralLimit = StateFile.sizeLimit / 4 * 3

    /// What waits for the disk: the newest acknowledged state not yet written, and a count of
    /// the states handed over, so that a write knows whether a newer one came meanwhile.
    private struct Held {
        private(set) var controller: TabController?
        /// Whether `controller` is there: asked of the optional itself, the question copies the
        /// whole model first (a retain of every collection in it, and a release after).
        private(set) var isHolding = false
        private(set) var handedOver: UInt64 = 0

        /// Holds `controller`, the newest acknowledged state, in place of any older one.
        mutating func hold(_ controller: consuming TabController) {
            self.controller = controller
            isHolding = true
            handedOver &+= 1
        }

        /// Lets go of what is held (written, or about to be replaced).
        mutating func letGo() {
            controller = nil
            isHolding = false
        }
    }

    private let store: StateStore
    private let thread: WorkThread
    private let held = Mutex(Held())
    /// The bound of a structural write (`StateWriter.structuralLimit` but in tests).
    private let structuralLimit: Int
    /// The size of the state on disk, the last written or the one found at start.
    private let writtenSize: Mutex<Int>

    /// A writer saving through `store`, holding structural writes to the structural limit;
    /// throws when its thread cannot be started.
    convenience init(store: StateStore) throws(LoopError) {
        try self.init(store: store, structuralLimit: Self.structuralLimit)
    }

    /// A writer saving through `store`, holding structural writes to `structuralLimit` bytes;
    /// throws when its thread cannot be started.
    init(store: StateStore, structuralLimit: Int) throws(LoopError) {
        thread = try WorkThread(name: "tabbard-state")
        self.store = store
        self.structuralLimit = structuralLimit
        writtenSize = Mutex(store.file.size ?? 0)
    }

    /// The file the state is written to, for messages.
    var path: String { store.file.path }

    /// Hands over `controller` as the newest acknowledged state; it replaces any older one
    /// that was still waiting. Called before the reply that acknowledges the change.
    func hold(_ controller: borrowing TabController) {
        // Borrowed, so that the caller's model is copied once, here, and not first into the
        // argument: each copy of the value retains every collection it holds.
        held.withLock { held in
            held.hold(copy controller)
        }
    }

    /// Runs `change` on `controller`, the service's model, with the held state let go while it
    /// runs, and hands over the model after it in its place when a state was held, or when
    /// `handingOver` says the outcome is to be saved: the caller then need not hand it over
    /// again (`hold`), which would copy the whole model a second time for each request.
    ///
    /// The held state is a copy of the model that shares its storage, so a change in place
    /// would copy every collection it touches (every tab's state at 10,000 tabs, for one
    /// badge); let go, the model's storage is the model's alone again. `controller` is the
    /// held state or newer (what a request changed since is acknowledged, or not saved), so
    /// holding it after the change loses nothing; and the writer's lock is kept meanwhile, so
    /// that a thread that saves what is held (a hung plugin's exit) never finds it missing.
    func change<Outcome, Failure>(
        _ controller: inout TabController, by change: (inout TabController) throws(Failure) -> Outcome,
        handingOver: (Outcome) -> Bool = { _ in false }
    ) throws(Failure) -> Outcome {
        var outcome: Result<Outcome, Failure>?
        held.withLock { held in
            let wasHolding = held.isHolding
            held.letGo()
            let result = Result { () throws(Failure) in try change(&controller) }
            var handsOver = wasHolding
            if case .success(let value) = result, !handsOver { handsOver = handingOver(value) }
            if handsOver { held.hold(controller) }
            outcome = result
        }
        // Taken, not read with `get()`, which would copy the outcome (a request's events)
        // before the optional holding it is dropped.
        switch outcome.take()! {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// Whether an acknowledged state waits for the disk.
    var isHolding: Bool { held.withLock { $0.isHolding } }

    /// Writes `controller`, the newest state after a structural change, after every write
    /// queued before it, and returns once it is on disk; what was held is then written too,
    /// since `controller` includes it. Throws the reason when it cannot be written, `tooLarge`
    /// when it would take more than the structural limit and more than the state on disk;
    /// what was held still waits then.
    func write(_ controller: TabController) throws(FileError) {
        let outcome = thread.sync {
            let saved = save(controller, limit: max(structuralLimit, writtenSize.withLock { $0 }))
            // The loop thread, the one that hands states over, is the caller: none came since.
            if case .success = saved { held.withLock { $0.letGo() } }
            return saved
        }
        try outcome.get()
    }

    /// Writes the held state, if any, on the writer thread, and hands the outcome to `done`
    /// there: true when a state was written, false when none was held.
    func writeHeld(then done: @escaping @Sendable (Result<Bool, FileError>) -> Void) {
        thread.async { [self] in done(writeHeldOnThread()) }
    }

    /// Writes the held state, if any, after every write queued before it, and returns once it
    /// is on disk: nil, or the reason it could not be written (a stop, a hung plugin's exit).
    func writeHeldNow() -> FileError? {
        thread.sync {
            if case .failure(let error) = writeHeldOnThread() { return error }
            return nil
        }
    }

    /// On the writer thread: writes the newest held state; it stays held when the write fails
    /// or a newer one was handed over meanwhile.
    private func writeHeldOnThread() -> Result<Bool, FileError> {
        let (controller, handedOver) = held.withLock { ($0.controller, $0.handedOver) }
        guard let controller else { return .success(false) }
        return save(controller).map {
            held.withLock { held in
                if held.handedOver == handedOver { held.letGo() }
            }
            return true
        }
    }

    /// On the writer thread: the snapshot of `controller`, encoded and written durably unless it
    /// takes more than `limit` bytes.
    private func save(_ controller: TabController, limit: Int = StateFile.sizeLimit) -> Result<Void, FileError> {
        do throws(FileError) {
            let size = try store.save(controller.snapshot(), limit: limit)
            writtenSize.withLock { $0 = size }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
