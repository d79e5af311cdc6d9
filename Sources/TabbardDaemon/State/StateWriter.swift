import DaemonBase
import Loop
import Synchronization
import TabModel

/// Writes the controller's state on one serial thread of its own. What waits for the disk, the
/// newest acknowledged state, it takes from the served model (`ServedModel`), so that
/// whichever thread ends the daemon can save it: the loop thread at a stop, and the hang
/// watch's thread when the loop thread is the one stuck inside a plugin (STATE-4).
///
/// It takes a copy of the model (a reference per collection) under the model's lock, and the
/// snapshot is taken and encoded on the thread that writes. Writes keep their order: each
/// runs on the one writer thread, in the order asked, and each writes the newest state
/// acknowledged when it runs, so an older state never replaces a newer one.
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

    private let store: StateStore
    private let thread: WorkThread
    /// The model, and what of it waits for the disk.
    private let model: ServedModel
    /// The bound of a structural write (`StateWriter.structuralLimit` but in tests).
    private let structuralLimit: Int
    /// The size of the state on disk, the last written or the one found at start.
    private let writtenSize: Mutex<Int>

    /// A writer saving `model` through `store`, holding structural writes to `structuralLimit`
    /// bytes; throws when its thread cannot be started.
    init(store: StateStore, model: ServedModel, structuralLimit: Int = StateWriter.structuralLimit) throws(LoopError) {
        thread = try WorkThread(name: "tabbard-state")
        self.store = store
        self.model = model
        self.structuralLimit = structuralLimit
        writtenSize = Mutex(store.file.size ?? 0)
    }

    /// The file the state is written to, for messages.
    var path: String { store.file.path }

    /// Whether an acknowledged state waits for the disk.
    var isHolding: Bool { model.hasUnsaved }

    /// Writes `controller`, the newest state after a structural change, after every write
    /// queued before it, and returns once it is on disk; what was held is then written too,
    /// since `controller` includes it. Throws the reason when it cannot be written, `tooLarge`
    /// when it would take more than the structural limit and more than the state on disk;
    /// what was held still waits then. The caller, which changes the model, tells the model
    /// that it is saved (`ServedModel.commit`).
    func write(_ controller: TabController) throws(FileError) {
        try thread.sync { save(controller, limit: max(structuralLimit, writtenSize.withLock { $0 })) }.get()
    }

    /// Writes the held state (acknowledged, not on disk yet), if any, on the writer thread, and
    /// hands the outcome to `done` there: true when a state was written, false when none was held.
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

    /// On the writer thread: writes the newest acknowledged state, if some of it is not on disk;
    /// it still waits when the write fails, and what was acknowledged meanwhile waits for the next.
    private func writeHeldOnThread() -> Result<Bool, FileError> {
        guard let (controller, count) = model.unsaved() else { return .success(false) }
        return save(controller).map {
            model.saved(through: count)
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
