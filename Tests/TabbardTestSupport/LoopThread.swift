import Foundation
import Loop

/// An `EventLoop` running on its own thread, with a way for the test to run code on the loop
/// thread and wait (with a timeout) for the result.
public final class LoopThread: @unchecked Sendable {
    /// The loop, running on its own thread.
    public let loop: EventLoop
    private let thread: Thread
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a loop on a new thread.
    public init() throws {
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
    public func sync<T>(timeout: TimeInterval = 10, _ body: @escaping () throws -> T) throws -> T {
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
    public func stop() {
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
public final class Inbox<T>: @unchecked Sendable {
    private let lock = NSCondition()
    private var items: [T] = []

    /// An empty inbox.
    public init() {}

    /// Adds `item` and wakes whoever waits.
    public func put(_ item: T) {
        lock.lock()
        items.append(item)
        lock.broadcast()
        lock.unlock()
    }

    /// Waits until at least `count` items arrived or `timeout` passed; returns what is there.
    public func wait(for count: Int, timeout: TimeInterval = 10) -> [T] {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while items.count < count && lock.wait(until: deadline) {}
        return items
    }

    /// What arrived so far.
    public var current: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
