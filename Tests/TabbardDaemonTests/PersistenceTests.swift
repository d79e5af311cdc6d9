import DBus
import Dispatch
import Glibc
import Loop
import Testing

@testable import DaemonBase
@testable import TabModel
@testable import TabbardDaemon

/// When state reaches the disk, and what happens when it cannot (STATE-4): without a bus, with
/// a state directory that a regular file in its path makes unwritable (for root too).
@Suite("Persistence and the state writer (STATE-4)")
struct PersistenceTests {
    /// A state directory below a regular file, so that every write fails with ENOTDIR until
    /// `repair` replaces the file with a directory.
    private struct BrokenDirectory {
        let parent = temporaryDirectory()
        var blocker: String { parent + "/blocker" }
        var state: String { blocker + "/state" }

        init() {
            let fd = open(parent + "/blocker", O_WRONLY | O_CREAT | O_EXCL, 0o600)
            close(fd)
        }

        func repair() {
            unlink(blocker)
            mkdir(blocker, 0o700)
        }
    }

    private func controller(badge: String) throws -> TabController {
        let catalog = ["playlists", "artists", "songs"].map {
            TabDefinition(id: $0, plugin: "media", title: $0.capitalized)
        }
        var controller = try TabController(catalog: catalog)
        _ = try controller.setBadge("songs", to: .text(badge))
        return controller
    }

    private func writer(_ directory: String, _ model: ServedModel) throws -> StateWriter {
        try StateWriter(
            store: StateStore(file: StateFile(directory: directory), log: Log(threshold: .error)), model: model)
    }

    /// Persistence of `model` into `directory`, telling no service manager, logging nothing.
    private func makePersistence(_ directory: String, _ model: ServedModel, flushInterval: Duration, loop: EventLoop)
        throws -> Persistence
    {
        try Persistence(
            writer: writer(directory, model), flushInterval: flushInterval, loop: loop,
            notifier: ServiceNotifier(environment: [:]), log: Log(threshold: .error))
    }

    private func saved(_ directory: String) -> ControllerSnapshot? {
        StateStore(file: StateFile(directory: directory), log: Log(threshold: .error)).load()
    }

    /// Sets the badge of `songs` in place, as `SetBadge` does, acknowledged with the change
    /// when it is to be saved; returns its events.
    @discardableResult
    private func setBadge(_ badge: String, on model: ServedModel) throws -> TabEvents {
        try model.change(
            mayBeRefused: false, { model throws(TabError) in try model.setBadge("songs", to: .text(badge)) },
            saves: { $0.durability != .none })
    }

    /// A model served with `badge` on `songs`, acknowledged and waiting for the disk.
    private func acknowledged(badge: String) throws -> ServedModel {
        let model = ServedModel(try controller(badge: "none"))
        try setBadge(badge, on: model)
        return model
    }

    @Test("a state acknowledged is written by whichever thread saves it, and nothing waits afterwards (STATE-4)")
    func heldStateIsWrittenFromAnotherThread() throws {
        let directory = temporaryDirectory()
        let model = ServedModel(try controller(badge: "0"))
        let writer = try writer(directory, model)
        #expect(writer.writeHeldNow() == nil && !writer.isHolding, "nothing acknowledged: nothing to write")
        try setBadge("42", on: model)
        #expect(writer.isHolding)
        // As the hang watch does: another thread than the one that changed the model.
        nonisolated(unsafe) var failure: FileError? = FileError(operation: "none", path: "", errno: 0)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { failure = writer.writeHeldNow() }
        done.wait()
        #expect(failure == nil)
        #expect(!writer.isHolding)
        #expect(saved(directory) == (try controller(badge: "42")).snapshot())
    }

    @Test("a badge set while a state waits for the disk changes the model in place, and the new state waits (STATE-4)")
    func changeWhileHeldDoesNotCopyTabStates() throws {
        let directory = temporaryDirectory()
        let model = try acknowledged(badge: "1")
        let writer = try writer(directory, model)
        let storage = model.read { tabStatesStorage(of: $0) }
        let events = try setBadge("2", on: model)
        #expect(events.durability == .volatile)
        #expect(model.read { tabStatesStorage(of: $0) } == storage, "the badge copied every tab's state")
        #expect(writer.isHolding, "the changed state waits for the disk")
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "2")).snapshot())
    }

    @Test(
        "a change to be saved waits for the disk with nothing waiting before, and one not to be saved does not (STATE-4)"
    )
    func changeToBeSavedIsHandedOver() throws {
        let directory = temporaryDirectory()
        let model = ServedModel(try controller(badge: "1"))
        let writer = try writer(directory, model)
        let unsaved = try setBadge("1", on: model)
        #expect(unsaved.durability == .none)
        #expect(!writer.isHolding, "a change that saves nothing hands nothing over")
        let events = try setBadge("2", on: model)
        #expect(events.durability == .volatile)
        #expect(writer.isHolding, "the changed state waits for the disk")
        _ = try model.change(
            mayBeRefused: false, { model throws(TabError) in try model.setBadge("songs", to: .text("3")) },
            saves: { _ in false })
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "3")).snapshot(), "what waits is the newest state")
    }

    @Test("a change that fails while a state waits leaves it waiting, and nothing waiting stays so (STATE-4, ERR-2)")
    func failedChangeKeepsHeldState() throws {
        let directory = temporaryDirectory()
        let model = ServedModel(try controller(badge: "1"))
        let writer = try writer(directory, model)
        let badNews = { (model: inout TabController) throws(TabError) in try model.setBadge("nope", to: nil) }
        #expect(throws: TabError.self) { try model.change(mayBeRefused: false, badNews, saves: { _ in true }) }
        #expect(!writer.isHolding, "nothing was waiting before: nothing is after")
        try setBadge("2", on: model)
        #expect(throws: TabError.self) { try model.change(mayBeRefused: false, badNews, saves: { _ in true }) }
        #expect(writer.isHolding)
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "2")).snapshot())
    }

    @Test(
        "while a change that may be refused waits for the disk, a write saves the state from before it, and a rolled-back change is never saved (ERR-2, STATE-4)"
    )
    func refusableChangeIsNotWrittenBeforeItCommits() throws {
        let directory = temporaryDirectory()
        let model = try acknowledged(badge: "1")
        let writer = try writer(directory, model)
        let shorten = { (model: inout TabController) throws(TabError) in try model.setTabs(["playlists", "artists"]) }
        let events = try model.change(mayBeRefused: true, shorten, saves: { _ in true })
        #expect(events.durability == .structural)
        // A batched write, or a hung plugin's exit, while the change's own write is under way.
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "1")).snapshot(), "the change not yet committed was saved")
        model.rollBack()
        #expect(model.read { $0.tabs.count } == 3, "the change was not undone")
        try setBadge("2", on: model)
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "2")).snapshot(), "the refused change was saved after all")

        _ = try model.change(mayBeRefused: true, shorten, saves: { _ in true })
        try writer.write(model.copy())
        model.commit(saves: true, written: true)
        #expect(!writer.isHolding, "the committed change is on disk with everything before it")
        #expect(saved(directory) == model.read { $0.snapshot() })
        #expect(saved(directory)?.tabs.count == 2)
    }

    /// The address of the model's per-tab state storage: it moves when a change copies it.
    private func tabStatesStorage(of model: borrowing TabController) -> UInt {
        withUnsafeBytes(of: model.runtime) { $0.load(as: UInt.self) }
    }

    @Test("a failed write keeps the acknowledged state held, and a later write saves it (STATE-4)")
    func failedWriteKeepsState() throws {
        let broken = BrokenDirectory()
        let writer = try writer(broken.state, try acknowledged(badge: "7"))
        let failure = writer.writeHeldNow()
        #expect(failure?.errno == ENOTDIR, "\(String(describing: failure))")
        #expect(writer.isHolding)
        broken.repair()
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(broken.state) == (try controller(badge: "7")).snapshot())
    }

    @Test("a structural commit that cannot be written throws the reason; what was held still waits (STATE-4, ERR-2)")
    func failedCommitThrows() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let model = ServedModel(try controller(badge: "0"))
        let persistence = try makePersistence(broken.state, model, flushInterval: .seconds(60), loop: loop)
        try setBadge("1", on: model)
        persistence.record(.volatile)
        #expect(throws: FileError.self) { try persistence.commit(try controller(badge: "2")) }
        #expect(persistence.failure?.contains("Not a directory") == true)
        #expect(persistence.writer.isHolding, "the acknowledged badge still waits for the disk")
        broken.repair()
        try persistence.commit(try controller(badge: "2"))
        model.commit(saves: true, written: true)
        #expect(persistence.failure == nil && !persistence.writer.isHolding)
        #expect(saved(broken.state) == (try controller(badge: "2")).snapshot())
    }

    @Test("a batched write that fails is retried with backoff until it succeeds, and the failure clears (STATE-4)")
    func batchedWriteIsRetried() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let model = ServedModel(try controller(badge: "0"))
        let persistence = try makePersistence(broken.state, model, flushInterval: .milliseconds(10), loop: loop)
        try setBadge("9", on: model)
        persistence.record(.volatile)
        try run(loop, for: .milliseconds(150))
        #expect(
            persistence.failure?.contains("Not a directory") == true, "the first write is due after 10 ms and fails")
        #expect(persistence.writer.isHolding)
        broken.repair()
        // Retries come 250 ms after the first failure, then 500 ms after the second.
        try run(loop, for: .milliseconds(1_200))
        #expect(persistence.failure == nil, "a retry succeeded")
        #expect(!persistence.writer.isHolding)
        #expect(saved(broken.state) == (try controller(badge: "9")).snapshot())
    }

    @Test("a flush at a stop reports a state it cannot write (STATE-4)")
    func flushReportsFailure() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let model = ServedModel(try controller(badge: "0"))
        let persistence = try makePersistence(broken.state, model, flushInterval: .seconds(60), loop: loop)
        #expect(persistence.flush() == nil, "nothing waits: nothing to fail")
        try setBadge("3", on: model)
        persistence.record(.volatile)
        #expect(persistence.flush()?.errno == ENOTDIR)
        broken.repair()
        #expect(persistence.flush() == nil)
        #expect(saved(broken.state) == (try controller(badge: "3")).snapshot())
    }

    @Test("a flush with nothing waiting writes nothing and does not call an earlier failure over (STATE-4)")
    func flushWithNothingHeld() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let model = ServedModel(try controller(badge: "0"))
        let persistence = try makePersistence(broken.state, model, flushInterval: .seconds(60), loop: loop)
        #expect(throws: FileError.self) { try persistence.commit(try controller(badge: "5")) }
        #expect(persistence.flush() == nil)
        #expect(persistence.failure?.contains("Not a directory") == true, "no write succeeded since the failure")
    }

    /// Runs `loop` on this thread for `duration`.
    private func run(_ loop: EventLoop, for duration: Duration) throws {
        let stop = try loop.schedule(after: duration) { loop.stop() }
        loop.run()
        stop.cancel()
    }
}
