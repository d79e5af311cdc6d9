import DBus
import Foundation
import TabbardTestSupport

/// An `EventLoop` running on its own thread, with a way for the test to run code on the loop
/// thread and wait (with a timeout) for the result.
final class LoopThread: @unchecked Sendable {
    let loop: EventLoop
    private let thread: Thread
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        let loop = try EventLoop()
        self.loop = loop
        let finished = finished
        thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.start()
    }

    /// Runs `body` on the loop thread and returns its result; throws after `timeout`.
    func sync<T>(timeout: TimeInterval = 10, _ body: @escaping () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, any Error>?
        nonisolated(unsafe) let work = body
        loop.post {
            result = Result { try work() }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success, let result else {
            throw TestFailure("the loop did not run the work within \(timeout) s")
        }
        return try result.get()
    }

    private let stopped = NSLock()
    private var isStopped = false

    /// Stops the loop and waits for its thread; a second call returns at once.
    func stop() {
        stopped.lock()
        defer { stopped.unlock() }
        guard !isStopped else { return }
        isStopped = true
        loop.stop()
        _ = finished.wait(timeout: .now() + 10)
    }

    deinit { stop() }
}

/// Collects values from the loop thread and lets the test wait for them with a timeout.
final class Inbox<T>: @unchecked Sendable {
    private let lock = NSCondition()
    private var items: [T] = []

    func put(_ item: T) {
        lock.lock()
        items.append(item)
        lock.broadcast()
        lock.unlock()
    }

    /// Waits until at least `count` items arrived or `timeout` passed; returns what is there.
    func wait(for count: Int, timeout: TimeInterval = 10) -> [T] {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while items.count < count && lock.wait(until: deadline) {}
        return items
    }

    var current: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
