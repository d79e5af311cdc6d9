import CLinuxEvents
import Glibc

/// A timer on an `EventLoop`, backed by its own timerfd on the monotonic clock. One-shot or
/// repeating; it can be re-armed and cancelled. Loop thread only. Releasing the last
/// reference cancels it.
public final class LoopTimer {
    private weak var loop: EventLoop?
    private let fd: Int32
    private let handler: () -> Void

    /// A disarmed timer on `loop` that runs `handler` when it fires.
    public init(loop: EventLoop, handler: @escaping () -> Void) throws(LoopError) {
        loop.assertInLoop()
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw LoopError("timerfd_create") }
        self.loop = loop
        self.handler = handler
        loop.addOwnSource(fd: fd) { [weak self, fd] _ in
            var expirations: UInt64 = 0
            // Reading resets the descriptor; nothing to read means another turn disarmed it.
            guard read(fd, &expirations, 8) == 8 else { return }
            self?.handler()
        }
    }

    deinit {
        loop?.removeSource(fd)
        close(fd)
    }

    /// Arms the timer to fire after `delay`, then every `interval` when given; replaces any
    /// earlier schedule. A zero delay fires at the next turn.
    public func arm(after delay: Duration, repeating interval: Duration? = nil) {
        loop?.assertInLoop()
        var spec = itimerspec()
        spec.it_value = Self.nonZero(delay.timespec)
        if let interval { spec.it_interval = Self.nonZero(interval.timespec) }
        timerfd_settime(fd, 0, &spec, nil)
    }

    /// Stops the timer until it is armed again.
    public func disarm() {
        loop?.assertInLoop()
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

    /// An all-zero `it_value` disarms a timerfd: the smallest delay stands for "now".
    private static func nonZero(_ time: timespec) -> timespec {
        time.tv_sec == 0 && time.tv_nsec == 0 ? timespec(tv_sec: 0, tv_nsec: 1) : time
    }
}
