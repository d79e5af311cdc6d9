import Foundation
import Loop
import Synchronization
import TabbardTestSupport
import Testing

/// What the state writer relies on: the ordering and waiting a serial dispatch queue gave.
@Suite("A work thread: work in order, sync after what came before, work kept at the end", .timeLimit(.minutes(2)))
struct WorkThreadTests {
    @Test(
        "work from several threads runs one item at a time on the work thread, each thread's in the order handed over")
    func order() throws {
        let worker = try WorkThread(name: "test-order")
        let log = Mutex<[Int: [Int]]>([:])
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for item in 0..<200 {
                worker.async {
                    if running.add(1, ordering: .relaxed).newValue > 1 { overlapped.store(true, ordering: .relaxed) }
                    #expect(worker.isWorkThread)
                    log.withLock { $0[thread, default: []].append(item) }
                    running.subtract(1, ordering: .relaxed)
                }
            }
        }
        // sync runs after everything handed over before it.
        let counts = worker.sync { log.withLock { $0.values.map(\.count) } }
        #expect(counts == [200, 200, 200, 200])
        #expect(log.withLock { $0.values.allSatisfy { $0 == Array(0..<200) } })
        let everOverlapped = overlapped.load(ordering: .relaxed)
        #expect(!everOverlapped)
        #expect(!worker.isWorkThread)
    }

    @Test("sync returns the work's result, after the work handed over before it has run")
    func syncAfterAsync() throws {
        let worker = try WorkThread(name: "test-sync")
        let steps = Mutex<[String]>([])
        worker.async {
            usleep(50_000)
            steps.withLock { $0.append("async") }
        }
        let result = worker.sync { steps.withLock { $0 + ["sync"] } }
        #expect(result == ["async", "sync"])
    }

    @Test("work handed over before the last reference goes still runs; so does a thread let go on itself")
    func workKeptAtTheEnd() throws {
        let done = Inbox<String>()
        do {
            let worker = try WorkThread(name: "test-end")
            worker.async {
                usleep(50_000)
                done.put("handed over before the end")
            }
        }
        #expect(done.current == ["handed over before the end"])
        // The work holds the last reference once the test lets go: released on the work
        // thread itself, the thread detaches instead of waiting for itself.
        do {
            let worker = try WorkThread(name: "test-self")
            worker.async { [worker] in
                usleep(50_000)
                withExtendedLifetime(worker) { done.put("released on its own thread") }
            }
        }
        _ = done.wait(for: 2)
        #expect(done.current.last == "released on its own thread")
    }
}
