import CLinuxEvents
import Glibc
import Synchronization

/// One thread's event loop: epoll over file descriptors (the owner's descriptors, one timerfd
/// per timer, a signalfd) and an eventfd through which any thread posts work. It knows nothing
/// of what the descriptors carry: a bus library puts its own watches on it through
/// `watch(fd:events:_:)` and the turn hooks, as sd-bus does on sd-event.
///
/// Threading: `post(_:)`, `stop()`, `wake()`, `requestTurn()` and `isLoopThread` are safe from
/// any thread. Everything else (watching descriptors, timers, hooks, and whatever the owner
/// attaches to the loop) belongs to the loop thread: the thread that calls `run()`, or, while
/// the loop is not running, the thread that set it up or last ran it. Debug builds check that
/// rule (`assertInLoop()`).
public final class EventLoop: @unchecked Sendable {
    /// A registered descriptor: its epoll mask and what to do when epoll reports it.
    final class Source {
        let fd: Int32
        /// The epoll mask currently registered (0 when not registered).
        var registered: UInt32 = 0
        /// Given the events epoll reported.
        var handler: (LoopEvents) -> Void = { _ in }

        init(fd: Int32) { self.fd = fd }
    }

    private let epollFD: Int32
    private let wakeFD: Int32
    private var sources: [Int32: Source] = [:]
    private let posted = Mutex<[@Sendable () -> Void]>([])
    private let stopRequested = Atomic<Bool>(false)
    /// The thread running `run()`, nil while it does not run.
    private let loopThread = Mutex<pthread_t?>(nil)
    /// The thread that owns the loop while it does not run: its creator, then its last runner.
    private let ownerThread: Mutex<pthread_t>
    /// Run after each batch of events: connections dispatch their queued messages here.
    private var turnHooks: [() -> Void] = []
    /// Run last in each turn, before the loop sleeps: coalesced signals are flushed here.
    private var beforeSleepHooks: [() -> Void] = []
    /// Set when a hook wants another turn without sleeping.
    private var anotherTurn = false
    private let wakeCount = Atomic<Int>(0)
    private let waitCount = Atomic<Int>(0)

    /// A new loop with its epoll and eventfd descriptors, owned by the calling thread until it
    /// runs.
    public init() throws(LoopError) {
        ownerThread = Mutex(pthread_self())
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw LoopError("epoll_create1") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            let failure = LoopError("eventfd")
            close(epollFD)
            throw failure
        }
        let wake = Source(fd: wakeFD)
        wake.handler = { [wakeFD] _ in
            var counter: UInt64 = 0
            _ = read(wakeFD, &counter, 8)
        }
        sources[wakeFD] = wake
        update(wake, mask: UInt32(EPOLLIN.rawValue))
    }

    deinit {
        // Owner descriptors stay open (the owner closes them); timers close their own.
        close(wakeFD)
        close(epollFD)
    }

    // MARK: - Any thread

    /// Runs `work` on the loop thread at the next turn. Safe from any thread (plugin threads,
    /// worker threads); work posted from one thread runs in order. Not async-signal-safe: for
    /// Unix signals use `watchSignals(_:_:)`.
    public func post(_ work: @escaping @Sendable () -> Void) {
        posted.withLock { $0.append(work) }
        wake()
    }

    /// Makes `run()` return after the current turn (or at once, if called before `run()`).
    /// Safe from any thread.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        wake()
    }

    /// True on the thread running the loop.
    public var isLoopThread: Bool {
        loopThread.withLock { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Makes the loop's next wait return at once. Safe from any thread.
    public func wake() {
        wakeCount.add(1, ordering: .relaxed)
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// How often `wake()` wrote to the loop's eventfd so far (a system call on each side).
    /// Work found on the loop thread itself never needs it: `requestTurn()` there is free.
    public var wakeUps: Int { wakeCount.load(ordering: .relaxed) }

    /// How often the loop has waited for events so far (`epoll_wait`, a system call each),
    /// with or without sleeping. One request needs one.
    public var waits: Int { waitCount.load(ordering: .relaxed) }

    /// Asks for another turn before the loop sleeps (a library has more queued work than one
    /// turn took). Safe from any thread.
    public func requestTurn() {
        if isLoopThread { anotherTurn = true } else { wake() }
    }

    /// Traps in debug builds unless called on the loop thread (while the loop does not run:
    /// on the thread that owns it). The threading rule made a check, as swift-nio's
    /// `assertInEventLoop`; release builds skip it.
    public func assertInLoop(file: StaticString = #fileID, line: UInt = #line) {
        assert(isOwnedByCurrentThread, "called off the loop thread", file: file, line: line)
    }

    /// True on the loop thread, or while the loop does not run, on the thread that owns it.
    private var isOwnedByCurrentThread: Bool {
        let owner = loopThread.withLock { $0 } ?? ownerThread.withLock { $0 }
        return pthread_equal(owner, pthread_self()) != 0
    }

    // MARK: - Loop thread

    /// Runs the loop on the calling thread until `stop()`. Each turn: wait for events, handle
    /// them, run posted work, then the turn hooks (attached connections dispatch their queues
    /// there), then the before-sleep hooks (coalesced signals go out there).
    public func run() {
        loopThread.withLock { $0 = pthread_self() }
        ownerThread.withLock { $0 = pthread_self() }
        defer {
            loopThread.withLock { $0 = nil }
            // A stop() that came before run() counts; once honoured, the loop may run again.
            stopRequested.store(false, ordering: .relaxed)
        }
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while !stopRequested.load(ordering: .acquiring) {
            let timeout: Int32 = anotherTurn ? 0 : -1
            anotherTurn = false
            waitCount.add(1, ordering: .relaxed)
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epollFD, $0.baseAddress, 64, timeout) }
            if count < 0 && errno != EINTR {
                fatalError("\(LoopError("epoll_wait"))")
            }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                // A handler earlier in this batch may have removed the source.
                guard let source = sources[event.data.fd] else { continue }
                source.handler(LoopEvents(epoll: event.events))
            }
            // The turn that follows now is the one a handler asked for (libdbus does, for
            // every message it reads): another would be an `epoll_wait` that finds nothing.
            anotherTurn = false
            turn()
        }
        // Work posted before stop() still runs, so nothing posted is lost.
        turn()
    }

    /// One turn's work after events: posted work, turn hooks, before-sleep hooks.
    private func turn() {
        runPosted()
        for hook in turnHooks { hook() }
        for hook in beforeSleepHooks { hook() }
        if !posted.withLock({ $0.isEmpty }) { anotherTurn = true }
    }

    private func runPosted() {
        let work = posted.withLock { queue -> [@Sendable () -> Void] in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        for item in work { item() }
    }

    /// Adds `hook`, run every turn after events and posted work, for the loop's lifetime.
    public func addTurnHook(_ hook: @escaping () -> Void) {
        assertInLoop()
        turnHooks.append(hook)
    }

    /// Adds `hook`, run last in every turn before the loop sleeps, for the loop's lifetime.
    public func addBeforeSleepHook(_ hook: @escaping () -> Void) {
        assertInLoop()
        beforeSleepHooks.append(hook)
    }

    /// Watches `fd` for `events`; `handler` runs on the loop thread with what epoll reported
    /// (level-triggered; errors and hang-ups are always reported). The interest can change
    /// later through the returned source, empty meaning "registered with nobody for now". The
    /// caller keeps owning `fd` and closes it after cancelling the source. One source per
    /// descriptor: watching it twice is `EEXIST`.
    public func watch(fd: Int32, events: LoopEvents, _ handler: @escaping (LoopEvents) -> Void) throws(LoopError)
        -> LoopSource
    {
        assertInLoop()
        guard sources[fd] == nil else { throw LoopError("watch descriptor \(fd)", code: EEXIST) }
        let source = Source(fd: fd)
        source.handler = handler
        sources[fd] = source
        if !events.isEmpty {
            update(source, mask: events.epollMask)
            guard source.registered != 0 else {
                let failure = LoopError("epoll_ctl(\(fd))")
                sources[fd] = nil
                throw failure
            }
        }
        return LoopSource(loop: self, source: source)
    }

    /// Watches `fd` for input; `onReadable` runs on the loop thread each time it is readable
    /// (level-triggered: read what is there). The caller keeps owning `fd` and closes it after
    /// cancelling the returned source.
    public func addReader(fd: Int32, _ onReadable: @escaping () -> Void) throws(LoopError) -> LoopSource {
        try watch(fd: fd, events: .readable) { _ in onReadable() }
    }

    /// A timer firing once after `delay`, then every `interval` when given. Its handler runs on
    /// the loop thread. Cancel it, or let it go: a timer is cancelled when released.
    public func schedule(
        after delay: Duration, repeating interval: Duration? = nil, _ handler: @escaping () -> Void
    ) throws(LoopError) -> LoopTimer {
        let timer = try LoopTimer(loop: self, handler: handler)
        timer.arm(after: delay, repeating: interval)
        return timer
    }

    // MARK: - Registrations

    /// Registers, modifies or removes the epoll registration of `source` to match `mask`; a
    /// failed change leaves the registration as it was.
    func update(_ source: Source, mask: UInt32) {
        guard mask != source.registered else { return }
        var event = epoll_event()
        event.events = mask
        event.data.fd = source.fd
        let op = source.registered == 0 ? EPOLL_CTL_ADD : mask == 0 ? EPOLL_CTL_DEL : EPOLL_CTL_MOD
        if epoll_ctl(epollFD, op, source.fd, &event) == 0 || mask == 0 {
            source.registered = mask
        }
    }

    /// Adds a source for a descriptor of the loop's own (a timerfd), registered for input.
    func addOwnSource(fd: Int32, _ handler: @escaping (LoopEvents) -> Void) {
        let source = Source(fd: fd)
        source.handler = handler
        sources[fd] = source
        update(source, mask: UInt32(EPOLLIN.rawValue))
    }

    func removeSource(_ fd: Int32) {
        guard let source = sources.removeValue(forKey: fd) else { return }
        update(source, mask: 0)
    }

    /// Removes `source` if it is still the one registered for its descriptor.
    func remove(_ source: Source) {
        guard sources[source.fd] === source else { return }
        removeSource(source.fd)
    }
}
