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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw TestFailure("bind \(path): \(String(cString: strerror(errno)))") }
        // The kernel stamps each datagram as it is queued: when the daemon sent it, however
        // late a loaded machine lets the test read it.
        var on: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw TestFailure("SO_TIMESTAMPNS: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// A datagram's lines, and when the kernel queued it (nil if it gave no stamp).
    private typealias Datagram = (lines: [String], sent: Date?)

    /// The next datagram's lines, or nil when none came within `timeout` seconds.
    public func receive(timeout: TimeInterval) -> [String]? {
        datagram(timeout: timeout)?.lines
    }

    /// When the daemon sent the first datagram holding `line` (the kernel's stamp as it queued
    /// it), reading datagrams for at most `timeout` seconds; nil when `line` never came.
    public func sent(_ line: String, timeout: TimeInterval) -> Date? {
        datagrams(until: { $0 == line }, timeout: timeout)?.last?.sent
    }

    /// The next datagram, or nil when none came within `timeout` seconds.
    private func datagram(timeout: TimeInterval) -> Datagram? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(max(0, timeout) * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Room for one control message carrying a timespec; 8-byte aligned, as cmsghdr is.
        var control = [UInt64](repeating: 0, count: 8)
        let (count, stamp) = buffer.withUnsafeMutableBytes { bytes in
            control.withUnsafeMutableBytes { controlBytes -> (Int, timespec?) in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                return withUnsafeMutablePointer(to: &vector) { vector in
                    var header = msghdr(
                        msg_name: nil, msg_namelen: 0, msg_iov: vector, msg_iovlen: 1,
                        msg_control: controlBytes.baseAddress, msg_controllen: controlBytes.count, msg_flags: 0)
                    let count = recvmsg(fd, &header, 0)
                    return (
                        count,
                        count > 0
                            ? Self.timestamp(
                                in: UnsafeRawBufferPointer(rebasing: controlBytes.prefix(header.msg_controllen))) : nil
                    )
                }
            }
        }
        guard count > 0 else { return nil }
        let lines = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n").map(String.init)
        return (lines, stamp.map { Date(timeIntervalSince1970: Double($0.tv_sec) + Double($0.tv_nsec) / 1e9) })
    }

    /// The `SCM_TIMESTAMPNS` stamp among the control messages in `control`, if any. The
    /// `CMSG_*` macros do not reach Swift: each header is followed by its data at the header's
    /// aligned size, and the next header at the aligned end of the data.
    private static func timestamp(in control: UnsafeRawBufferPointer) -> timespec? {
        let headerSize = MemoryLayout<cmsghdr>.size
        func aligned(_ size: Int) -> Int { (size + MemoryLayout<Int>.size - 1) & ~(MemoryLayout<Int>.size - 1) }
        var offset = 0
        while offset + headerSize <= control.count {
            let header = control.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
            let length = Int(header.cmsg_len)
            guard length >= headerSize, offset + length <= control.count else { return nil }
            if header.cmsg_level == SOL_SOCKET, header.cmsg_type == SCM_TIMESTAMPNS,
                length - aligned(headerSize) >= MemoryLayout<timespec>.size
            {
                return control.loadUnaligned(fromByteOffset: offset + aligned(headerSize), as: timespec.self)
            }
            offset += aligned(length)
        }
        return nil
    }

    /// Datagrams until one holds `line`, at most `timeout` seconds in all; returns every
    /// datagram read, the matching one last, or nil when `line` never came.
    public func receive(until line: String, timeout: TimeInterval) -> [[String]]? {
        receive(until: { $0 == line }, timeout: timeout)
    }

    /// Datagrams until one holds a line that `matches`, at most `timeout` seconds in all;
    /// returns every datagram read, the matching one last, or nil when none matched.
    public func receive(until matches: (String) -> Bool, timeout: TimeInterval) -> [[String]]? {
        datagrams(until: matches, timeout: timeout)?.map(\.lines)
    }

    /// `receive(until:timeout:)` with each datagram's stamp.
    private func datagrams(until matches: (String) -> Bool, timeout: TimeInterval) -> [Datagram]? {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [Datagram] = []
        while Date() < deadline {
            guard let datagram = datagram(timeout: deadline.timeIntervalSinceNow) else { break }
            seen.append(datagram)
            if datagram.lines.contains(where: matches) { return seen }
        }
        return nil
    }
}
