import DBus
@testable import DaemonBase
import Loop
import Dispatch
import Glibc
import Testing
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
        let catalog = ["playlists", "artists", "songs"].map { TabDefinition(id: $0, plugin: "media", title: $0.capitalized) }
        var controller = try TabController(catalog: catalog)
        _ = try controller.setBadge("songs", to: .text(badge))
        return controller
    }

    private func writer(_ directory: String) throws -> StateWriter {
        try StateWriter(store: StateStore(file: StateFile(directory: directory), log: Log(threshold: .error)))
    }

    /// Persistence into `directory`, telling no service manager, logging nothing.
    private func makePersistence(_ directory: String, flushInterval: Duration, loop: EventLoop) throws -> Persistence {
        try Persistence(writer: writer(directory), flushInterval: flushInterval, loop: loop,
                        notifier: ServiceNotifier(environment: [:]), log: Log(threshold: .error))
    }

    private func saved(_ directory: String) -> ControllerSnapshot? {
        StateStore(file: StateFile(directory: directory), log: Log(threshold: .error)).load()
    }

    @Test("a state handed over is written by whichever thread saves it, and nothing waits afterwards (STATE-4)")
    func heldStateIsWrittenFromAnotherThread() throws {
        let directory = temporaryDirectory()
        let writer = try writer(directory)
        #expect(writer.writeHeldNow() == nil && !writer.isHolding, "nothing held: nothing to write")
        let acknowledged = try controller(badge: "42")
        writer.hold(acknowledged)
        #expect(writer.isHolding)
        // As the hang watch does: another thread than the one that handed the state over.
        nonisolated(unsafe) var failure: FileError? = FileError(operation: "none", path: "", errno: 0)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { failure = writer.writeHeldNow() }
        done.wait()
        #expect(failure == nil)
        #expect(!writer.isHolding)
        #expect(saved(directory) == acknowledged.snapshot())
    }

    @Test("a badge set while a state is held changes the model in place, and the new state is held (STATE-4)")
    func changeWhileHeldDoesNotCopyTabStates() throws {
        let directory = temporaryDirectory()
        let writer = try writer(directory)
        var model = try controller(badge: "1")
        writer.hold(model)
        let storage = tabStatesStorage(of: model)
        let events = try writer.change(&model) { model throws(TabError) in try model.setBadge("songs", to: .text("2")) }
        #expect(events.durability == .volatile)
        #expect(tabStatesStorage(of: model) == storage, "the held copy made the badge copy every tab's state")
        #expect(writer.isHolding, "the changed state waits for the disk in place of the held one")
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "2")).snapshot())
    }

    @Test("a change to be saved is held after it with nothing held before, and one not to be saved is not (STATE-4)")
    func changeToBeSavedIsHandedOver() throws {
        let directory = temporaryDirectory()
        let writer = try writer(directory)
        var model = try controller(badge: "1")
        let unsaved = try writer.change(&model, by: { model throws(TabError) in try model.setBadge("songs", to: .text("1")) },
                                        handingOver: { $0.durability != .none })
        #expect(unsaved.durability == .none)
        #expect(!writer.isHolding, "a change that saves nothing hands nothing over")
        let events = try writer.change(&model, by: { model throws(TabError) in try model.setBadge("songs", to: .text("2")) },
                                       handingOver: { $0.durability != .none })
        #expect(events.durability == .volatile)
        #expect(writer.isHolding, "the changed state waits for the disk without a hand-over of its own")
        _ = try writer.change(&model, by: { model throws(TabError) in try model.setBadge("songs", to: .text("3")) },
                              handingOver: { _ in false })
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "3")).snapshot(), "a state held before is replaced by the newer one")
    }

    @Test("a change that fails while a state is held leaves it held, and nothing held stays so (STATE-4, ERR-2)")
    func failedChangeKeepsHeldState() throws {
        let directory = temporaryDirectory()
        let writer = try writer(directory)
        var model = try controller(badge: "1")
        #expect(throws: TabError.self) { try writer.change(&model) { model throws(TabError) in try model.setBadge("nope", to: nil) } }
        #expect(!writer.isHolding, "nothing was held before: nothing is after")
        writer.hold(model)
        #expect(throws: TabError.self) { try writer.change(&model) { model throws(TabError) in try model.setBadge("nope", to: nil) } }
        #expect(writer.isHolding)
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(directory) == (try controller(badge: "1")).snapshot())
    }

    /// The address of the model's per-tab state storage: it moves when a change copies it.
    private func tabStatesStorage(of model: TabController) -> UInt {
        withUnsafeBytes(of: model.runtime) { $0.load(as: UInt.self) }
    }

    @Test("a failed write keeps the acknowledged state held, and a later write saves it (STATE-4)")
    func failedWriteKeepsState() throws {
        let broken = BrokenDirectory()
        let writer = try writer(broken.state)
        let acknowledged = try controller(badge: "7")
        writer.hold(acknowledged)
        let failure = writer.writeHeldNow()
        #expect(failure?.errno == ENOTDIR, "\(String(describing: failure))")
        #expect(writer.isHolding)
        broken.repair()
        #expect(writer.writeHeldNow() == nil)
        #expect(saved(broken.state) == acknowledged.snapshot())
    }

    @Test("a structural commit that cannot be written throws the reason; what was held still waits (STATE-4, ERR-2)")
    func failedCommitThrows() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let persistence = try makePersistence(broken.state, flushInterval: .seconds(60), loop: loop)
        persistence.record(.volatile, try controller(badge: "1"))
        #expect(throws: FileError.self) { try persistence.commit(try controller(badge: "2")) }
        #expect(persistence.failure?.contains("Not a directory") == true)
        #expect(persistence.writer.isHolding, "the acknowledged badge still waits for the disk")
        broken.repair()
        try persistence.commit(try controller(badge: "2"))
        #expect(persistence.failure == nil && !persistence.writer.isHolding)
        #expect(saved(broken.state) == (try controller(badge: "2")).snapshot())
    }

    @Test("a batched write that fails is retried with backoff until it succeeds, and the failure clears (STATE-4)")
    func batchedWriteIsRetried() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let persistence = try makePersistence(broken.state, flushInterval: .milliseconds(10), loop: loop)
        let acknowledged = try controller(badge: "9")
        persistence.record(.volatile, acknowledged)
        try run(loop, for: .milliseconds(150))
        #expect(persistence.failure?.contains("Not a directory") == true, "the first write is due after 10 ms and fails")
        #expect(persistence.writer.isHolding)
        broken.repair()
        // Retries come 250 ms after the first failure, then 500 ms after the second.
        try run(loop, for: .milliseconds(1_200))
        #expect(persistence.failure == nil, "a retry succeeded")
        #expect(!persistence.writer.isHolding)
        #expect(saved(broken.state) == acknowledged.snapshot())
    }

    @Test("a flush at a stop reports a state it cannot write (STATE-4)")
    func flushReportsFailure() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let persistence = try makePersistence(broken.state, flushInterval: .seconds(60), loop: loop)
        #expect(persistence.flush() == nil, "nothing waits: nothing to fail")
        persistence.record(.volatile, try controller(badge: "3"))
        #expect(persistence.flush()?.errno == ENOTDIR)
        broken.repair()
        #expect(persistence.flush() == nil)
        #expect(saved(broken.state) == (try controller(badge: "3")).snapshot())
    }

    @Test("a flush with nothing waiting writes nothing and does not call an earlier failure over (STATE-4)")
    func flushWithNothingHeld() throws {
        let broken = BrokenDirectory()
        let loop = try EventLoop()
        let persistence = try makePersistence(broken.state, flushInterval: .seconds(60), loop: loop)
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
