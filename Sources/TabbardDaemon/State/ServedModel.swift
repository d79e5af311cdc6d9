import Synchronization
import TabModel

/// The model behind one lock. The loop thread reads it and changes it in place here, and is the
/// only thread that changes it; the state writer's thread (a batch, a stop) and the hang watch's
/// (a hung plugin's exit) take from it the newest acknowledged state to save (STATE-4).
///
/// A change that may still be refused keeps the model from before it here until it is
/// committed or put back (`commit`, `rollBack`): meanwhile that is the acknowledged state, the
/// one a write takes, so no write ever saves a change that is then refused (ERR-2).
///
/// Threading: every method may be called from any thread. The lock is held for a model
/// operation or a copy alone, never across a plugin call, a write or a D-Bus message: the
/// hang watch's thread takes it while the loop thread is stuck in a plugin, and the loop
/// thread waits for the writer's thread during a structural commit.
final class ServedModel: Sendable {
    /// What the lock guards.
    private struct Guarded {
        /// The model: changed in place, so that no copy shares its storage when it changes.
        var controller: TabController
        /// The model from before a change that may still be refused: the acknowledged state
        /// while that change waits for the disk.
        var beforeRefusable: TabController?
        /// How many changes to be saved were acknowledged, counted since the start.
        var acknowledged: UInt64 = 0
        /// How many of those the state on disk holds.
        var saved: UInt64 = 0
    }

    private let guarded: Mutex<Guarded>

    /// `controller` served; nothing waits for the disk.
    init(_ controller: consuming TabController) {
        guarded = Mutex(Guarded(controller: controller))
    }

    /// Puts the model built at start (its catalog from the plugins, its state restored) in place
    /// of the one this was made with, before anything is acknowledged: the state writer, and so
    /// this, exist before the plugins load, since a hung plugin's exit saves through them.
    func serve(_ controller: consuming TabController) {
        guarded.withLock { $0.controller = controller }
    }

    // MARK: The loop thread

    /// What `question` answers of the model, read in place with nothing copied.
    func read<Answer, Failure>(
        _ question: (borrowing TabController) throws(Failure) -> Answer
    ) throws(Failure) -> Answer {
        // Returned straight, `sending`: carried out of the lock in a `Result`, a read cost 2 %
        // more instructions per request.
        try guarded.withLock { (guarded: inout sending Guarded) throws(Failure) -> sending Answer in
            try question(guarded.controller)
        }
    }

    /// Runs `operation` on the model in place. A change that `mayBeRefused` keeps the model
    /// from before it as the acknowledged state until `commit` or `rollBack`; any other that
    /// `saves` (its outcome is to be written) is acknowledged with it. An operation that throws
    /// leaves the model as it was (ERR-2).
    func change<Outcome, Failure>(
        mayBeRefused: Bool, _ operation: (inout TabController) throws(Failure) -> Outcome, saves: (Outcome) -> Bool
    ) throws(Failure) -> Outcome {
        try guarded.withLock { (guarded: inout sending Guarded) throws(Failure) -> sending Outcome in
            // Shares the model's storage: the change copies what it touches, the cost of a
            // change that can be undone.
            let before = mayBeRefused ? guarded.controller : nil
            let outcome = try operation(&guarded.controller)
            if mayBeRefused {
                guarded.beforeRefusable = before
            } else if saves(outcome) {
                guarded.acknowledged &+= 1
            }
            return outcome
        }
    }

    /// A copy of the model as it is now, for a structural write that the loop thread waits for.
    func copy() -> TabController {
        guarded.withLock { $0.controller }
    }

    /// The change that could be refused is kept: it is the acknowledged state now, and waits
    /// for the disk when it `saves`, unless `written` (it is on disk already, with everything
    /// acknowledged before it). Lets go of the copy from before it.
    func commit(saves: Bool, written: Bool = false) {
        guarded.withLock { guarded in
            guarded.beforeRefusable = nil
            if saves { guarded.acknowledged &+= 1 }
            if written { guarded.saved = guarded.acknowledged }
        }
    }

    /// The change that could be refused is undone: the model is put back as it was before it.
    func rollBack() {
        guarded.withLock { guarded in
            if let before = guarded.beforeRefusable.take() { guarded.controller = before }
        }
    }

    // MARK: Any thread: what waits for the disk

    /// Whether an acknowledged change is not on disk yet.
    var hasUnsaved: Bool {
        guarded.withLock { $0.saved != $0.acknowledged }
    }

    /// The newest acknowledged state, when some of it is not on disk yet, and the count of
    /// changes it holds, for `saved(through:)`. A copy: the lock is let go before it is written.
    func unsaved() -> (controller: TabController, count: UInt64)? {
        guarded.withLock { guarded in
            guard guarded.saved != guarded.acknowledged else { return nil }
            return (guarded.beforeRefusable ?? guarded.controller, guarded.acknowledged)
        }
    }

    /// The state holding the first `count` acknowledged changes is on disk.
    func saved(through count: UInt64) {
        guarded.withLock { guarded in
            guarded.saved = max(guarded.saved, count)
        }
    }
}
