import CLinuxEvents
import Glibc

/// What a watched descriptor is ready for, or what a watch waits for: the epoll events in the
/// loop's own words.
public struct LoopEvents: OptionSet, Sendable, Hashable {
    /// The raw bits, in this type's own numbering.
    public let rawValue: UInt8
    /// Wraps raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Data can be read (`EPOLLIN`).
    public static let readable = LoopEvents(rawValue: 1 << 0)
    /// Data can be written (`EPOLLOUT`).
    public static let writable = LoopEvents(rawValue: 1 << 1)
    /// An error on the descriptor (`EPOLLERR`); always reported, never asked for.
    public static let error = LoopEvents(rawValue: 1 << 2)
    /// The peer hung up (`EPOLLHUP`); always reported, never asked for.
    public static let hangup = LoopEvents(rawValue: 1 << 3)

    /// The events epoll reported.
    init(epoll events: UInt32) {
        var set: LoopEvents = []
        if events & UInt32(EPOLLIN.rawValue) != 0 { set.insert(.readable) }
        if events & UInt32(EPOLLOUT.rawValue) != 0 { set.insert(.writable) }
        if events & UInt32(EPOLLERR.rawValue) != 0 { set.insert(.error) }
        if events & UInt32(EPOLLHUP.rawValue) != 0 { set.insert(.hangup) }
        self = set
    }

    /// The epoll interest mask; errors and hang-ups need no asking.
    var epollMask: UInt32 {
        var mask: UInt32 = 0
        if contains(.readable) { mask |= UInt32(EPOLLIN.rawValue) }
        if contains(.writable) { mask |= UInt32(EPOLLOUT.rawValue) }
        return mask
    }
}

/// A descriptor the owner watches on an `EventLoop` (`watch(fd:events:_:)`, `addReader`,
/// `watchSignals`). Loop thread only.
public final class LoopSource {
    private weak var loop: EventLoop?
    private let source: EventLoop.Source
    /// The watched descriptor.
    public let fd: Int32

    init(loop: EventLoop, source: EventLoop.Source) {
        self.loop = loop
        self.source = source
        self.fd = source.fd
    }

    /// What the watch waits for; empty leaves the descriptor unregistered until it is set
    /// again. A change the kernel refuses leaves the registration as it was.
    public var events: LoopEvents {
        get { LoopEvents(epoll: source.registered) }
        set {
            guard let loop else { return }
            loop.assertInLoop()
            loop.update(source, mask: newValue.epollMask)
        }
    }

    /// Stops watching the descriptor (it stays open).
    public func cancel() {
        loop?.assertInLoop()
        loop?.remove(source)
        loop = nil
    }
}
