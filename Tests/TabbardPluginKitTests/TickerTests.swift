import Foundation
import Synchronization
import TabbardPluginKit
import Testing

/// The SDK's ticker: what live content relies on, on a thread of its own without libdispatch.
@Suite("A plugin's ticker", .timeLimit(.minutes(1)))
struct TickerTests {
    /// Counts ticks from the ticker's thread.
    private final class Counter: Sendable {
        private let count = Atomic<Int>(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Waits up to 5 s for `condition`.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test("a started ticker ticks until stopped; no tick starts after stop returns; started again, it ticks again")
    func startStopStart() {
        let counter = Counter()
        let ticker = Ticker(every: .milliseconds(5), label: "test.ticker") { counter.add() }
        #expect(!ticker.isRunning)
        usleep(30_000)
        #expect(counter.value == 0, "a ticker never started never ticks")
        ticker.start()
        #expect(ticker.isRunning)
        #expect(eventually { counter.value >= 3 })
        ticker.stop()
        #expect(!ticker.isRunning)
        let atStop = counter.value
        usleep(60_000)
        // A tick already under way when stop() came may finish; none starts after it.
        #expect(counter.value <= atStop + 1)
        let beforeRestart = counter.value
        ticker.start()
        ticker.start() // Already running: nothing changes.
        #expect(eventually { counter.value >= beforeRestart + 3 })
        ticker.stop()
    }

    @Test("the first tick comes one interval after start, not at once")
    func firstTickAfterOneInterval() {
        let counter = Counter()
        let ticker = Ticker(every: .seconds(30)) { counter.add() }
        ticker.start()
        usleep(50_000)
        #expect(counter.value == 0)
        ticker.stop()
    }

    @Test("the monotonic clock never goes back")
    func monotonicClock() {
        let first = MonotonicClock.now()
        usleep(2_000)
        #expect(MonotonicClock.now() > first)
    }
}
