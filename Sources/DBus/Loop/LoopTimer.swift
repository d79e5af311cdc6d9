import CDBus
import Glibc

/// A timer on an `EventLoop`, backed by its own timerfd. One-shot or repeating; it can be
/// re-armed and cancelled. Loop thread only. Releasing the last reference cancels it.
public final class LoopTimer {
    private weak var loop: EventLoop?
    private let fd: Int32
    private let handler: () -> Void

    init(loop: EventLoop, handler: @escaping () -> Void) throws(DBusError) {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw .failed("timerfd_create: \(String(cString: strerror(errno)))") }
        self.loop = loop
        self.handler = handler
        let source = loop.source(for: fd)
        source.handler = { [weak self, fd] _ in
            var expirations: UInt64 = 0
            // Reading resets the descriptor; nothing to read means another turn disarmed it.
            guard read(fd, &expirations, 8) == 8 else { return }
            self?.handler()
        }
        loop.update(source, mask: UInt32(EPOLLIN.rawValue))
    }

    deinit {
        loop?.removeSource(fd)
        close(fd)
    }

    /// Arms the timer to fire after `delay`, then every `interval` when given; replaces any
    /// earlier schedule. A zero delay fires at the next turn.
    public func arm(after delay: Duration, repeating interval: Duration? = nil) {
        var spec = itimerspec()
        spec.it_value = Self.timespec(delay, minimum: true)
        if let interval { spec.it_interval = Self.timespec(interval, minimum: true) }
        timerfd_settime(fd, 0, &spec, nil)
    }

    /// Stops the timer until it is armed again.
    public func disarm() {
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
    }

    /// Stops the timer for good and releases its descriptor's registration.
    public func cancel() {
        disarm()
        loop?.removeSource(fd)
        loop = nil
    }

    private static func timespec(_ duration: Duration, minimum: Bool) -> Glibc.timespec {
        let (seconds, attoseconds) = duration.components
        var nanoseconds = attoseconds / 1_000_000_000
        // An all-zero it_value disarms a timerfd; the smallest delay stands for "now".
        if minimum && seconds <= 0 && nanoseconds <= 0 { nanoseconds = 1 }
        return Glibc.timespec(tv_sec: Int(max(0, seconds)), tv_nsec: Int(max(0, nanoseconds)))
    }
}
