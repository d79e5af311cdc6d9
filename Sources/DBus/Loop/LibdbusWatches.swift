import CDBus
import Glibc
import Loop

/// The glue that lets libdbus run on an `EventLoop`: its watches become loop sources (all
/// watches on one descriptor merged into one source, as epoll wants one registration per
/// descriptor) and its timeouts become loop timers. The loop itself knows nothing of libdbus.
final class LibdbusWatches {
    /// One descriptor's loop source and the libdbus watches on it.
    private final class Descriptor {
        let source: LoopSource
        /// Read and write watches share the descriptor's one source.
        var watches: [OpaquePointer] = []

        init(source: LoopSource) { self.source = source }
    }

    private unowned let loop: EventLoop
    /// The connection installed on, to see whether a read brought a whole message.
    private var connection: OpaquePointer?
    /// libdbus reads at most about 4 KiB per watch handling: a large message takes that many
    /// loop turns, and a call behind thousands of others waits for as many. While no whole
    /// message has come, or calls already wait their turn (`hasBacklog`), and bytes wait,
    /// reads go on, up to this many per event (1 MiB): a 16 MB call costs tens of turns,
    /// not thousands, and an administrator's call behind a flood is read, and served first,
    /// within a turn or two.
    private static let readsPerEvent = 256
    /// What one watch handling reads at most: libdbus reads 2 KiB at a time until it has more
    /// than 2 KiB (`max_bytes_read_per_iteration`).
    private static let bytesPerRead = 4096
    /// Whether the connection has calls waiting their turn: then the bus is read to the end.
    var hasBacklog: () -> Bool = { false }
    /// Told when a message still incomplete has taken `largeReads` handlings (256 KiB): a large
    /// message is coming, and its buffers should be kept (`LargeMessageMemory`) before libdbus's
    /// read buffer grows past the size glibc would map apart for good.
    var largeMessageComing: () -> Void = {}
    private static let largeReads = 64
    /// Handlings in a row that left no whole message.
    private var unfinishedReads = 0
    private var descriptors: [Int32: Descriptor] = [:]
    /// One timer per libdbus timeout, keyed by the timeout's address.
    private var timers: [UnsafeMutableRawPointer: LoopTimer] = [:]

    init(loop: EventLoop) { self.loop = loop }

    /// Installs the watch and timeout functions on `connection`; `self` must outlive it.
    func install(on connection: OpaquePointer) {
        self.connection = connection
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(
            connection,
            { watch, data in
                Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().add(watch!)
            },
            { watch, data in
                Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().remove(watch!)
            },
            { watch, data in
                Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().refresh(
                    fd: dbus_watch_get_unix_fd(watch))
            }, me, nil)
        dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in
                Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().add(timeout: timeout!)
            },
            { timeout, data in
                Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().remove(timeout: timeout!)
            },
            { timeout, data in
                Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().toggle(timeout: timeout!)
            }, me, nil)
    }

    /// Removes the functions again (before the connection is closed).
    func uninstall(from connection: OpaquePointer) {
        dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        for descriptor in descriptors.values { descriptor.source.cancel() }
        descriptors.removeAll()
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }

    // MARK: Watches

    private func add(_ watch: OpaquePointer) -> dbus_bool_t {
        let fd = dbus_watch_get_unix_fd(watch)
        if let descriptor = descriptors[fd] {
            descriptor.watches.append(watch)
        } else {
            // Registered with no interest yet; `refresh` sets what the watches want.
            guard let source = try? loop.watch(fd: fd, events: [], { [unowned self] events in handle(events, on: fd) })
            else {
                return 0
            }
            let descriptor = Descriptor(source: source)
            descriptor.watches.append(watch)
            descriptors[fd] = descriptor
        }
        refresh(fd: fd)
        return 1
    }

    private func remove(_ watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        guard let descriptor = descriptors[fd] else { return }
        descriptor.watches.removeAll { $0 == watch }
        if descriptor.watches.isEmpty {
            descriptor.source.cancel()
            descriptors[fd] = nil
        } else {
            refresh(fd: fd)
        }
    }

    /// Asks the loop for the union of the enabled watches' interests on `fd`.
    private func refresh(fd: Int32) {
        guard let descriptor = descriptors[fd] else { return }
        var events: LoopEvents = []
        for watch in descriptor.watches where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events.insert(.readable) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events.insert(.writable) }
        }
        descriptor.source.events = events
    }

    /// Hands what the loop saw on `fd` to each enabled watch that wants it.
    private func handle(_ events: LoopEvents, on fd: Int32) {
        guard let descriptor = descriptors[fd] else { return }
        var flags: UInt32 = 0
        if events.contains(.readable) { flags |= DBUS_WATCH_READABLE.rawValue }
        if events.contains(.writable) { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if events.contains(.error) { flags |= DBUS_WATCH_ERROR.rawValue }
        if events.contains(.hangup) { flags |= DBUS_WATCH_HANGUP.rawValue }
        // Handling a watch can add or remove watches; iterate over a copy.
        for watch in descriptor.watches where dbus_watch_get_enabled(watch) != 0 {
            let wanted = dbus_watch_get_flags(watch) | DBUS_WATCH_ERROR.rawValue | DBUS_WATCH_HANGUP.rawValue
            let mine = flags & wanted
            if mine != 0 { _ = dbus_watch_handle(watch, mine) }
            if mine & DBUS_WATCH_READABLE.rawValue != 0 { readOn(watch, fd: fd) }
        }
    }

    /// Reads on while a message is incomplete or calls wait, and bytes wait (`readsPerEvent`).
    /// An idle connection's read that brought a whole message (every small call) costs
    /// nothing more here.
    private func readOn(_ watch: OpaquePointer, fd: Int32) {
        guard let connection else { return }
        var reads = 0
        while reads < Self.readsPerEvent {
            var waiting: Int32 = 0
            guard ioctl(fd, UInt(FIONREAD), &waiting) == 0, waiting > 0 else { return }
            // As many handlings as the bytes waiting take, before asking again: one question
            // per 4 KiB was a tenth of the system calls a 16 MB call costs.
            let needed = (Int(waiting) + Self.bytesPerRead - 1) / Self.bytesPerRead
            for _ in 0..<min(needed, Self.readsPerEvent - reads) {
                let unfinished = dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_COMPLETE
                unfinishedReads = unfinished ? unfinishedReads + 1 : 0
                guard dbus_watch_get_enabled(watch) != 0, unfinished || hasBacklog() else { return }
                if unfinishedReads > Self.largeReads {
                    unfinishedReads = 0
                    largeMessageComing()
                }
                _ = dbus_watch_handle(watch, DBUS_WATCH_READABLE.rawValue)
                reads += 1
            }
        }
    }

    // MARK: Timeouts

    private func add(timeout: OpaquePointer) -> dbus_bool_t {
        let key = UnsafeMutableRawPointer(timeout)
        guard let timer = try? LoopTimer(loop: loop, handler: { _ = dbus_timeout_handle(timeout) }) else { return 0 }
        timers[key] = timer
        toggle(timeout: timeout)
        return 1
    }

    private func remove(timeout: OpaquePointer) {
        timers.removeValue(forKey: UnsafeMutableRawPointer(timeout))?.cancel()
    }

    private func toggle(timeout: OpaquePointer) {
        guard let timer = timers[UnsafeMutableRawPointer(timeout)] else { return }
        if dbus_timeout_get_enabled(timeout) != 0 {
            let interval = Duration.milliseconds(Int(dbus_timeout_get_interval(timeout)))
            // libdbus timeouts repeat until removed or disabled.
            timer.arm(after: interval, repeating: interval)
        } else {
            timer.disarm()
        }
    }
}
