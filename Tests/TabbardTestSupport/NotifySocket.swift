import Foundation

/// A datagram socket standing in for the service manager: the daemon is given its path as
/// `NOTIFY_SOCKET`, and the test reads what it sends.
public final class NotifySocket {
    /// The socket's path.
    public let path: String
    private let fd: Int32

    /// A socket bound to a fresh path in a temporary directory.
    public init() throws {
        path = try makeTemporaryDirectory("tabbard-notify") + "/notify"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw TestFailure("bind \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The next datagram's lines, or nil when none came within `timeout` seconds.
    public func receive(timeout: TimeInterval) -> [String]? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Datagrams until one holds `line`, at most `timeout` seconds in all; returns every
    /// datagram read, the matching one last, or nil when `line` never came.
    public func receive(until line: String, timeout: TimeInterval) -> [[String]]? {
        receive(until: { $0 == line }, timeout: timeout)
    }

    /// Datagrams until one holds a line that `matches`, at most `timeout` seconds in all;
    /// returns every datagram read, the matching one last, or nil when none matched.
    public func receive(until matches: (String) -> Bool, timeout: TimeInterval) -> [[String]]? {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [[String]] = []
        while Date() < deadline {
            guard let datagram = receive(timeout: deadline.timeIntervalSinceNow) else { break }
            seen.append(datagram)
            if datagram.contains(where: matches) { return seen }
        }
        return nil
    }
}
