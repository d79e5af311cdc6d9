import CDBus
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
    private var descriptors: [Int32: Descriptor] = [:]
    /// One timer per libdbus timeout, keyed by the timeout's address.
    private var timers: [UnsafeMutableRawPointer: LoopTimer] = [:]

    init(loop: EventLoop) { self.loop = loop }

    /// Installs the watch and timeout functions on `connection`; `self` must outlive it.
    func install(on connection: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(connection, { watch, data in
            Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().add(watch!)
        }, { watch, data in
            Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().remove(watch!)
        }, { watch, data in
            Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().refresh(fd: dbus_watch_get_unix_fd(watch))
        }, me, nil)
        dbus_connection_set_timeout_functions(connection, { timeout, data in
            Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().add(timeout: timeout!)
        }, { timeout, data in
            Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().remove(timeout: timeout!)
        }, { timeout, data in
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
            guard let source = try? loop.watch(fd: fd, events: [], { [unowned self] events in handle(events, on: fd) }) else {
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
