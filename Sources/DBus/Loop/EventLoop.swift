import CDBus
import Glibc
import Synchronization

/// One thread's event loop: epoll over file descriptors (libdbus's watches, the owner's own
/// descriptors, one timerfd per timer) and an eventfd through which any thread posts work.
///
/// Threading: `post(_:)`, `stop()` and `isLoopThread` are safe from any thread. Everything else
/// (adding readers and timers, and every `Connection` attached to the loop) belongs to the loop
/// thread: the thread that calls `run()`, or, before `run()`, the thread that set the loop up.
public final class EventLoop: @unchecked Sendable {
    /// What a registered descriptor does when epoll reports it.
    final class Source {
        let fd: Int32
        /// The epoll mask currently registered (0 when not registered).
        var registered: UInt32 = 0
        /// libdbus watches on this descriptor; read and write watches share one registration.
        var watches: [OpaquePointer] = []
        /// The owner's handler (readers and timers), given the epoll events.
        var handler: ((UInt32) -> Void)?

        init(fd: Int32) { self.fd = fd }
    }

    private let epollFD: Int32
    private let wakeFD: Int32
    private var sources: [Int32: Source] = [:]
    private let posted = Mutex<[@Sendable () -> Void]>([])
    private let stopRequested = Atomic<Bool>(false)
    private let loopThread = Mutex<pthread_t?>(nil)
    /// Run after each batch of events: connections dispatch their queued messages here.
    private var turnHooks: [() -> Void] = []
    /// Run last in each turn, before the loop sleeps: coalesced signals are flushed here.
    private var beforeSleepHooks: [() -> Void] = []
    /// Set when a hook wants another turn without sleeping.
    private var anotherTurn = false

    /// A new loop with its epoll and eventfd descriptors.
    public init() throws(DBusError) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw .failed("epoll_create1: \(String(cString: strerror(errno)))") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            close(epollFD)
            throw .failed("eventfd: \(String(cString: strerror(errno)))")
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
        // Owner readers stay open (the owner closes them); timers close their own descriptors.
        close(wakeFD)
        close(epollFD)
    }

    // MARK: - Any thread

    /// Runs `work` on the loop thread at the next turn. Safe from any thread (plugin threads,
    /// worker threads); work posted from one thread runs in order. Not async-signal-safe: for
    /// Unix signals use a signalfd with `addReader(fd:_:)`.
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

    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    // MARK: - Loop thread

    /// Runs the loop on the calling thread until `stop()`. Each turn: wait for events, handle
    /// them, run posted work, dispatch attached connections until their queues are empty, then
    /// run the before-sleep hooks (coalesced `PropertiesChanged` go out there).
    public func run() {
        loopThread.withLock { $0 = pthread_self() }
        defer {
            loopThread.withLock { $0 = nil }
            // A stop() that came before run() counts; once honoured, the loop may run again.
            stopRequested.store(false, ordering: .relaxed)
        }
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while !stopRequested.load(ordering: .acquiring) {
            let timeout: Int32 = anotherTurn ? 0 : -1
            anotherTurn = false
            let count = events.withUnsafeMutableBufferPointer { epoll_wait(epollFD, $0.baseAddress, 64, timeout) }
            if count < 0 && errno != EINTR {
                fatalError("epoll_wait: \(String(cString: strerror(errno)))")
            }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                // A handler earlier in this batch may have removed the source.
                guard let source = sources[event.data.fd] else { continue }
                handle(source, events: event.events)
            }
            turn()
        }
        // Work posted before stop() still runs, so nothing posted is lost.
        turn()
    }

    /// One turn's work after events: posted work, connection dispatch, before-sleep hooks.
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

    /// Asks for another turn before sleeping (e.g. libdbus queued more messages meanwhile).
    func requestTurn() {
        if isLoopThread { anotherTurn = true } else { wake() }
    }

    /// Adds a hook run every turn after events and posted work.
    func addTurnHook(_ hook: @escaping () -> Void) { turnHooks.append(hook) }

    /// Adds a hook run last in every turn, before sleeping.
    func addBeforeSleepHook(_ hook: @escaping () -> Void) { beforeSleepHooks.append(hook) }

    private func handle(_ source: Source, events: UInt32) {
        if let handler = source.handler {
            handler(events)
            return
        }
        var flags: UInt32 = 0
        if events & UInt32(EPOLLIN.rawValue) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
        if events & UInt32(EPOLLOUT.rawValue) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if events & UInt32(EPOLLERR.rawValue) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
        if events & UInt32(EPOLLHUP.rawValue) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
        // Handling a watch can add or remove watches; iterate over a copy.
        for watch in source.watches where dbus_watch_get_enabled(watch) != 0 {
            let wanted = dbus_watch_get_flags(watch) | DBUS_WATCH_ERROR.rawValue | DBUS_WATCH_HANGUP.rawValue
            let mine = flags & wanted
            if mine != 0 { _ = dbus_watch_handle(watch, mine) }
        }
    }

    /// Registers, modifies or removes the epoll registration of `source` to match `mask`.
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

    func source(for fd: Int32) -> Source {
        if let existing = sources[fd] { return existing }
        let created = Source(fd: fd)
        sources[fd] = created
        return created
    }

    func removeSource(_ fd: Int32) {
        guard let source = sources.removeValue(forKey: fd) else { return }
        update(source, mask: 0)
    }

    /// Watches `fd` for input; `onReadable` runs on the loop thread each time it is readable
    /// (level-triggered: read what is there). The caller keeps owning `fd` and closes it after
    /// cancelling the returned source.
    public func addReader(fd: Int32, _ onReadable: @escaping () -> Void) throws(DBusError) -> LoopSource {
        guard sources[fd] == nil else { throw .invalidArgs("descriptor \(fd) is already watched") }
        let source = source(for: fd)
        source.handler = { _ in onReadable() }
        update(source, mask: UInt32(EPOLLIN.rawValue))
        guard source.registered != 0 else {
            sources[fd] = nil
            throw .failed("epoll_ctl(\(fd)): \(String(cString: strerror(errno)))")
        }
        return LoopSource(loop: self, fd: fd)
    }

    /// A timer firing once after `delay`, then every `interval` when given. Its handler runs on
    /// the loop thread. Cancel it, or let it go: a timer is cancelled when released.
    public func schedule(
        after delay: Duration, repeating interval: Duration? = nil, _ handler: @escaping () -> Void
    ) throws(DBusError) -> LoopTimer {
        let timer = try LoopTimer(loop: self, handler: handler)
        timer.arm(after: delay, repeating: interval)
        return timer
    }
}

/// A descriptor the owner added with `addReader(fd:_:)`. Loop thread only.
public final class LoopSource {
    private weak var loop: EventLoop?
    /// The watched descriptor.
    public let fd: Int32

    init(loop: EventLoop, fd: Int32) {
        self.loop = loop
        self.fd = fd
    }

    /// Stops watching the descriptor (it stays open).
    public func cancel() {
        loop?.removeSource(fd)
        loop = nil
    }
}
