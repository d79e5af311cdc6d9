import Glibc
import Loop
import Synchronization

/// How a process's heap holds the buffers of large messages: kept while callers send them,
/// given back once they stop.
///
/// A 16 MB call passes through buffers that large (libdbus reading it, the message's body).
/// Mapped apart from the heap, each is fresh pages every call: a third of the daemon's work per
/// call in page faults, which is what let callers sending them keep the bus's queue for the
/// daemon full (docs/reliability.md, "Under 16 MB calls"). Kept in the heap all the time, the
/// memory of every passing peak (a start, a `Describe` of 10,000 tabs) would stay resident too.
/// So a process that calls `manage()` has two regimes. At rest, allocations of 1 MiB and more
/// are mapped apart, so that each goes back when freed, and the heap's free top goes back past
/// 128 KiB, as glibc's default does. Once a large message is coming (256 KiB of one read, told
/// by the connection's watches before libdbus's read buffer reaches 1 MiB: a buffer that grows
/// past the mapping threshold stays a mapping for good, resized by `mremap`), allocations under
/// 32 MiB (glibc's largest threshold) come from the heap, which keeps up to 64 MiB free at its
/// top, until no large message has come for `quiet`: then every free page goes back
/// (`malloc_trim`) and the rest regime returns. One timer while they come, none otherwise: an
/// idle process never wakes for this.
public struct LargeMessageMemory {
    /// How long after the last large message the pages go back.
    static let quiet: Duration = .seconds(2)

    /// Whether the process asked for the two regimes, and how many connections hold the heap
    /// in the keeping one (all on loop threads, but of the whole process).
    private static let managed = Atomic<Bool>(false)
    private static let keepers = Atomic<Int>(0)

    /// When the last large message came.
    private var lastArrival = MonotonicInstant(sinceStart: .zero)
    /// Fires `quiet` after a large message, until one has not been followed by another.
    private var timer: LoopTimer?

    /// Puts the heap in the rest regime and lets every connection of this process switch it
    /// while large messages come. For a server; a client leaves glibc's own settings alone.
    public static func manage() {
        managed.store(true, ordering: .relaxed)
        rest()
    }

    /// Notes that a large message is coming (the connection's watches say so every 256 KiB of
    /// it); the first after a quiet spell keeps the heap and arms the timer.
    mutating func noteLargeMessage(on loop: EventLoop?, connection: Connection) {
        guard Self.managed.load(ordering: .relaxed) else { return }
        lastArrival = .now()
        guard timer == nil, let loop else { return }
        if Self.keepers.wrappingAdd(1, ordering: .relaxed).oldValue == 0 { Self.keep() }
        timer = Self.wait(Self.quiet, on: loop, for: connection)
    }

    /// The timer fired: back to rest if the spell was quiet, else waits out the rest of it.
    mutating func waited(on loop: EventLoop?, connection: Connection) {
        timer = nil
        let since = MonotonicInstant.now() - lastArrival
        if since < Self.quiet, let loop, let next = Self.wait(Self.quiet - since, on: loop, for: connection) {
            timer = next
            return
        }
        if Self.keepers.wrappingSubtract(1, ordering: .relaxed).oldValue == 1 {
            Self.rest()
            _ = returnFreePages(0)
        }
    }

    /// A timer that tells `connection` when `delay` has passed (`waited`); nil when the loop
    /// cannot schedule one.
    private static func wait(_ delay: Duration, on loop: EventLoop, for connection: Connection) -> LoopTimer? {
        try? loop.schedule(after: delay) { [weak connection] in connection?.largeMessagesWaited() }
    }

    /// Allocations under 32 MiB from the heap, which keeps up to 64 MiB free at its top.
    private static func keep() {
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 64 << 20)
    }

    /// Allocations of 1 MiB and more mapped, and glibc's default trim threshold (set, neither
    /// threshold moves by itself any more).
    private static func rest() {
        _ = mallopt(mmapThreshold, 1 << 20)
        _ = mallopt(trimThreshold, 128 << 10)
    }
}

extension Connection {
    /// `LargeMessageMemory`'s timer: on the loop thread.
    func largeMessagesWaited() {
        largeMessages.waited(on: loop, connection: self)
    }
}

/// glibc's `malloc_trim`, `mallopt`, its `M_MMAP_THRESHOLD` (-3) and `M_TRIM_THRESHOLD` (-1), from
/// `<malloc.h>`, which the Glibc module does not bring in.
@_silgen_name("malloc_trim")
private func returnFreePages(_ keep: Int) -> Int32
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let mmapThreshold: Int32 = -3
private let trimThreshold: Int32 = -1
