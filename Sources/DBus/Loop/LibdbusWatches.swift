import CDBus

/// The glue that lets libdbus run on an `EventLoop`: its watches become epoll registrations (all
/// watches on one descriptor merged into one registration) and its timeouts become timers.
final class LibdbusWatches {
    private unowned let loop: EventLoop
    /// One timer per libdbus timeout, keyed by the timeout's address.
    private var timers: [UnsafeMutableRawPointer: LoopTimer] = [:]

    init(loop: EventLoop) { self.loop = loop }

    /// Installs the watch and timeout functions on `connection`; `self` must outlive it.
    func install(on connection: OpaquePointer) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_set_watch_functions(connection, { watch, data in
            Unmanaged<LibdbusWatches>.fromOpaque(data!).takeUnretainedValue().add(watch!)
            return 1
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
        for timer in timers.values { timer.cancel() }
        timers.removeAll()
    }

    // MARK: Watches

    private func add(_ watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        loop.source(for: fd).watches.append(watch)
        refresh(fd: fd)
    }

    private func remove(_ watch: OpaquePointer) {
        let fd = dbus_watch_get_unix_fd(watch)
        let source = loop.source(for: fd)
        source.watches.removeAll { $0 == watch }
        if source.watches.isEmpty { loop.removeSource(fd) } else { refresh(fd: fd) }
    }

    /// Registers the union of the enabled watches' interests on `fd`.
    private func refresh(fd: Int32) {
        let source = loop.source(for: fd)
        var mask: UInt32 = 0
        for watch in source.watches where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { mask |= UInt32(EPOLLIN.rawValue) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { mask |= UInt32(EPOLLOUT.rawValue) }
        }
        loop.update(source, mask: mask)
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
