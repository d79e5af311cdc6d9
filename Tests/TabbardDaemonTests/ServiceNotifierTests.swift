import Glibc
import Testing

@testable import TabbardDaemon

/// A datagram socket bound in a fresh temporary directory, standing in for systemd.
private final class NotifySocket {
    let path: String
    let fd: Int32

    init() throws {
        var template = Array("/tmp/tabbard-notify-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        path = directory + "/notify"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind \(path): errno \(errno)")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    deinit {
        close(fd)
        unlink(path)
        rmdir(String(path.dropLast("/notify".count)))
    }
}

@Suite("sd_notify")
struct ServiceNotifierTests {
    @Test("READY=1 with a status reaches the notify socket as one datagram")
    func readyReachesSocket() throws {
        let socket = try NotifySocket()
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.path])
        #expect(notifier.ready(status: "Serving 4 tabs"))
        #expect(socket.receive() == "READY=1\nSTATUS=Serving 4 tabs")
    }

    @Test("watchdog pings arrive as WATCHDOG=1")
    func watchdogPing() throws {
        let socket = try NotifySocket()
        let notifier = ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "2000000"])
        #expect(notifier.watchdog())
        #expect(socket.receive() == "WATCHDOG=1")
    }

    @Test("the watchdog interval is half of WATCHDOG_USEC")
    func watchdogInterval() {
        let notifier = ServiceNotifier(environment: ["WATCHDOG_USEC": "30000000"])
        #expect(notifier.watchdogInterval == .seconds(15))
    }

    @Test("a watchdog meant for another process is ignored")
    func watchdogForAnotherPid() {
        let notifier = ServiceNotifier(environment: ["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "\(getpid() + 1)"])
        #expect(notifier.watchdogInterval == nil)
    }

    @Test("without NOTIFY_SOCKET nothing is sent and nothing fails")
    func inactive() {
        let notifier = ServiceNotifier(environment: [:])
        #expect(!notifier.isActive)
        #expect(!notifier.ready())
    }
}
