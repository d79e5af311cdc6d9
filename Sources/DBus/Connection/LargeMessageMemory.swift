import Glibc
import Loop

/// Gives the heap's free pages back to the system once callers stop sending large messages.
///
/// A 16 MB call passes through buffers that large (libdbus reading it, the message's body).
/// Mapped apart from the heap, each would be fresh pages every call, a third of the daemon's
/// work per call in page faults, which is what lets callers sending them keep the bus's queue
/// for the daemon full (docs/reliability.md, "Under 16 MB calls"). So the daemon lets glibc keep
/// them in the heap (`mallopt` in `Daemon`), and this returns the pages once such calls have
/// stopped for `quiet`: one timer while they come, none otherwise (an idle daemon never wakes).
struct LargeMessageMemory {
    /// A message this large (estimated, `MessageSize`) counts as large.
    static let large = 1 << 20
    /// How long after the last large message the pages go back.
    static let quiet: Duration = .seconds(2)

    /// When the last large message came.
    private var lastArrival = MonotonicInstant(sinceStart: .zero)
    /// Fires `quiet` after a large message, until one has not been followed by another.
    private var timer: LoopTimer?

    /// Notes a message of `size` bytes; the first large one after a quiet spell arms the timer.
    mutating func noteArrival(size: Int, on loop: EventLoop?, connection: Connection) {
        guard size >= Self.large else { return }
        lastArrival = .now()
        guard timer == nil, let loop else { return }
        timer = try? loop.schedule(after: Self.quiet) { [weak connection] in connection?.largeMessagesWaited() }
    }

    /// The timer fired: returns the pages if the spell was quiet, else waits out the rest of it.
    mutating func waited(on loop: EventLoop?, connection: Connection) {
        timer = nil
        let since = MonotonicInstant.now() - lastArrival
        guard since < Self.quiet, let loop else {
            _ = returnFreePages(0)
            return
        }
        timer = try? loop.schedule(after: Self.quiet - since) { [weak connection] in connection?.largeMessagesWaited() }
    }
}

extension Connection {
    /// `LargeMessageMemory`'s timer: on the loop thread.
    func largeMessagesWaited() {
        largeMessages.waited(on: loop, connection: self)
    }
}

/// glibc's `malloc_trim`, from `<malloc.h>`, which the Glibc module does not bring in.
@_silgen_name("malloc_trim")
private func returnFreePages(_ keep: Int) -> Int32
