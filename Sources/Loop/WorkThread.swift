import CLinuxEvents
import Glibc

/// A thread of its own running an `EventLoop`, to which any thread hands work: what a serial
/// dispatch queue gives, without libdispatch (a daemon that loads no libdispatch maps about a
/// megabyte less). Work runs one item at a time, in the order it was handed over, whichever
/// threads handed it. Idle, the thread waits in `epoll_wait` without a time limit: no wake-ups.
///
/// Threading: every method is safe from any thread, but `sync` must not be called from the
/// work thread itself (it would wait for itself; debug builds trap).
public final class WorkThread: Sendable {
    private let loop: EventLoop
    private let thread: pthread_t

    /// Starts the thread, named `name` (the kernel keeps 15 bytes of it) for `top -H` and
    /// debuggers.
    public init(name: String) throws(LoopError) {
        let loop = try EventLoop()
        // The thread owns the loop until `run()` returns, so work posted before a stop runs.
        let context = Unmanaged.passRetained(Start(loop: loop, name: name)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
                _ = tabbard_set_thread_name(start.name) // PR_SET_NAME keeps the first 15 bytes.
                start.loop.run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw LoopError("pthread_create", code: created)
        }
        self.loop = loop
        self.thread = thread
    }

    /// What the new thread needs: its loop and its name.
    private final class Start: Sendable {
        let loop: EventLoop
        let name: String
        init(loop: EventLoop, name: String) {
            self.loop = loop
            self.name = name
        }
    }

    /// Stops the thread once the work handed over so far has run; waits for that unless the
    /// last reference goes on the thread itself.
    deinit {
        loop.stop()
        if isWorkThread {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    /// True on the work thread.
    public var isWorkThread: Bool { pthread_equal(thread, pthread_self()) != 0 }

    /// Runs `work` on the thread after everything handed over before it; returns at once.
    public func async(_ work: @escaping @Sendable () -> Void) {
        loop.post(work)
    }

    /// Runs `work` on the thread after everything handed over before it, and returns its
    /// result once it has run.
    public func sync<Value>(_ work: () -> Value) -> Value {
        assert(!isWorkThread, "WorkThread.sync called on its own thread")
        return withoutActuallyEscaping(work) { work in
            // The loop keeps what it ran until its turn ends, after `sync` may have returned:
            // it gets the hand-over, which lets go of `work` before waking this thread.
            let handOver = HandOver(work)
            loop.post { handOver.run() }
            return handOver.wait()
        }
    }

    /// One call of `sync`: the work, handed to the work thread, and its result, handed back.
    private final class HandOver<Value>: @unchecked Sendable {
        // `work` is set before the hand-over is posted and cleared on the work thread before
        // `done` is posted; `value` is written there before it and read after the wait.
        private var work: (() -> Value)?
        private var value: Value?
        private let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

        init(_ work: @escaping () -> Value) {
            self.work = work
            sem_init(done, 0, 0)
        }

        deinit {
            sem_destroy(done)
            done.deallocate()
        }

        /// On the work thread.
        func run() {
            value = work!()
            work = nil
            sem_post(done)
        }

        func wait() -> Value {
            while sem_wait(done) != 0 {} // Only EINTR: a signal handler ran.
            return value!
        }
    }
}
