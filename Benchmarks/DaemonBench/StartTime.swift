import BenchSupport
import Glibc

/// Start to `READY=1`: the daemon is started with `$NOTIFY_SOCKET` naming a datagram socket the
/// benchmark owns, and timed from `posix_spawn` to the datagram that says `READY=1`.
enum StartTime {
    /// Milliseconds from spawning `argv` to its `READY=1`, or nil when none came within 10 s.
    /// The daemon is stopped (SIGTERM) before this returns; `waitGone` waits until it left the bus.
    @MainActor static func measure(bus: BenchBus, argv: [String], scratch: String, waitGone: () -> Void) -> Double? {
        measure(bus: bus, argv: argv, scratch: scratch, serving: { true }, waitGone: waitGone)?.ready
    }

    /// Milliseconds from spawning `argv` to its `READY=1`, and to the first time `serving` says
    /// yes after it (polled every millisecond for up to 10 s: plugins in helper processes get
    /// ready after `READY=1`); nil when either did not come. The daemon is stopped as above.
    @MainActor static func measure(
        bus: BenchBus, argv: [String], scratch: String, serving: () -> Bool,
        waitGone: () -> Void
    ) -> (ready: Double, serving: Double)? {
        let notifyPath = bus.scratch(scratch) + "/socket"
        let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(notify) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(notifyPath.utf8)) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(notify, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(notify, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let began = monotonicMilliseconds()
        let pid = bus.spawn(argv, environment: ["NOTIFY_SOCKET=\(notifyPath)"])
        defer {
            bus.kill(pid, signal: SIGTERM)
            waitGone()
        }
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = recv(notify, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            if String(decoding: buffer[..<count], as: UTF8.self).contains("READY=1") { break }
        }
        let ready = monotonicMilliseconds() - began
        while !serving() {
            if monotonicMilliseconds() - began > 10_000 { return nil }
            usleep(1_000)
        }
        return (ready, monotonicMilliseconds() - began)
    }

    private static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }
}
