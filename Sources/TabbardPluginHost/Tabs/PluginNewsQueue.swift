import Loop
import Synchronization

/// The one queue of `PluginNews`, the sink every producer of the plugin system is given when
/// it is made: an in-process plugin's host callbacks (from any thread), a helper's link (its
/// plugin's events), the helper process (it came back, its start settled) and the probes (one
/// ended). Each posts its news here and goes on; nobody relays another's news.
///
/// `PluginTabs` drains it on the loop thread, in the order posted: a request's drain takes
/// what the plugins said during it, and the news that comes outside a request is handed on
/// within the next turn of the loop, which a post asks for.
///
/// Threading: `post` from any thread, `next` on the loop thread.
package final class PluginNewsQueue: Sendable {
    private let queued = Mutex<[PluginNews]>([])
    /// How many are queued, read without the lock: a loop turn with no news costs one load.
    private let count = Atomic<Int>(0)
    private let loop: EventLoop

    /// An empty queue whose posts ask `loop` for a turn.
    package init(loop: EventLoop) {
        self.loop = loop
    }

    /// Queues `news`, from any thread; the loop turns soon to take it.
    package func post(_ news: PluginNews) {
        let first = queued.withLock { queued in
            queued.append(news)
            count.store(queued.count, ordering: .releasing)
            return queued.count == 1
        }
        if first { loop.requestTurn() }
    }

    /// Whether no news waits.
    package var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }

    /// The oldest news not taken yet; nil when there is none.
    package func next() -> PluginNews? {
        guard !isEmpty else { return nil }
        return queued.withLock { queued in
            guard !queued.isEmpty else { return nil }
            defer { count.store(queued.count, ordering: .releasing) }
            return queued.removeFirst()
        }
    }
}
