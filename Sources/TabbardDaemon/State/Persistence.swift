import DaemonBase
import Loop
import TabModel

/// Decides when state reaches the disk (STATE-4), which is a promise, not a best effort:
///
/// - a request's structural change is written before anything of it is announced; when it
///   cannot be, `commit` throws and the caller undoes the change and refuses it (ERR-2);
/// - selection, badges and navigation are handed to the writer at once (`record`, before the
///   reply) and written within the flush interval, off the request path. A write that fails is
///   retried with backoff, and the failure shows in the log and in `STATUS=` until a write
///   succeeds;
/// - every stop writes what is held (`flush`), and reports when it could not.
///
/// The loop thread only says when to write; the writer copies the acknowledged model from the
/// served model's lock, and the snapshot, its encoding and the write with its fsyncs happen on
/// the writer's thread, so a batched write of 10,000 tabs
/// never holds up a request.
///
/// Threading: used on the loop thread; the writer's outcome is posted back to it, which is
/// why the type is `@unchecked Sendable`.
final class Persistence: @unchecked Sendable {
    /// The first wait before a failed write is tried again; it doubles with each failure.
    static let firstRetry: Duration = .milliseconds(250)
    /// The longest wait between two tries.
    static let longestRetry: Duration = .seconds(30)

    /// Writes, and holds what is acknowledged but not yet written.
    let writer: StateWriter
    /// How long volatile changes may wait; a change (on reload) applies from the next one.
    var flushInterval: Duration
    private let loop: EventLoop
    private let notifier: ServiceNotifier
    private let log: Log
    private var timer: LoopTimer?
    /// Whether the timer is armed for a write.
    private var writeDue = false
    /// While writes fail: the last reason, how many failed in a row, and the wait before the
    /// next try.
    private var trouble: (error: FileError, failures: Int, retry: Duration)?

    /// Persistence through `writer`, batching volatile changes for `flushInterval` on `loop`,
    /// telling the service manager through `notifier` while writes fail.
    init(writer: StateWriter, flushInterval: Duration, loop: EventLoop, notifier: ServiceNotifier, log: Log)
        throws(LoopError)
    {
        self.writer = writer
        self.flushInterval = flushInterval
        self.loop = loop
        self.notifier = notifier
        self.log = log
        // Armed only while a write is due.
        timer = try loop.schedule(after: .seconds(3600)) { [unowned self] in writeHeld() }
        timer?.disarm()
    }

    /// Why state is not being saved, while writes fail; nil while they succeed.
    var failure: String? { trouble.map { "state not saved: \($0.error)" } }

    /// Writes a request's structural change, `controller` after it, before returning
    /// (STATE-4); throws the reason when it cannot, and the caller undoes the change. A state
    /// over the structural bound is refused without counting as a failure of the disk.
    func commit(_ controller: TabController) throws(FileError) {
        do {
            try writer.write(controller)
        } catch {
            // A state over the structural bound refuses this change alone (SBAR-1): nothing was
            // tried on the disk, and nothing held waits because of it.
            if case .tooLarge = error.cause { throw error }
            failed(error)
            throw error
        }
        succeeded()
    }

    /// Notes a change of `durability` that the served model holds as acknowledged: schedules
    /// or makes the write it asks for. A structural change that reaches here had no caller to
    /// refuse (a session that ended, a reload): it is written at once, and a failure is retried
    /// like a batch.
    func record(_ durability: Durability) {
        switch durability {
        case .none:
            return
        case .volatile:
            scheduleWrite(after: trouble?.retry ?? flushInterval)
        case .structural:
            if let error = writer.writeHeldNow() { failed(error) } else { succeeded() }
        }
    }

    /// Everything held on disk before returning (a stop, a reload); the reason when it could
    /// not be written, which the caller reports.
    func flush() -> FileError? {
        timer?.disarm()
        writeDue = false
        // Nothing waits: nothing written, and no failure before this one is over.
        guard writer.isHolding else { return nil }
        guard let error = writer.writeHeldNow() else {
            succeeded()
            return nil
        }
        failed(error)
        return error
    }

    // MARK: - Writing and retrying

    private func scheduleWrite(after delay: Duration) {
        guard !writeDue else { return }
        writeDue = true
        timer?.arm(after: delay)
    }

    /// The timer: the held state goes to the writer thread; the outcome comes back here.
    private func writeHeld() {
        writeDue = false
        writer.writeHeld { [loop, self] outcome in
            loop.post { [self] in
                switch outcome {
                case .success(let wrote): if wrote { succeeded() }
                case .failure(let error): failed(error)
                }
            }
        }
    }

    /// A write failed: logged when the reason is new, shown in `STATUS=`, and what is held is
    /// tried again after a wait that doubles with each failure.
    private func failed(_ error: FileError) {
        let failures = (trouble?.failures ?? 0) + 1
        let retry = trouble.map { min($0.retry * 2, Self.longestRetry) } ?? Self.firstRetry
        if trouble?.error != error {
            log.error("cannot save state: \(error)")
        }
        trouble = (error, failures, retry)
        notifier.status("state not saved: \(error); retrying")
        if writer.isHolding {
            timer?.arm(after: retry)
            writeDue = true
        }
    }

    /// A write succeeded: a failure before it is over.
    private func succeeded() {
        guard let trouble else { return }
        self.trouble = nil
        log.notice("state saved again after \(trouble.failures) failed writes")
        notifier.status("state saved again after \(trouble.failures) failed writes")
    }
}
