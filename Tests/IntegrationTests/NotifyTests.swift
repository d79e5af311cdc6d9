import Foundation
import Testing
import TabbardTestSupport

/// The sd_notify protocol, as a service manager's socket receives it.
@Suite("Service manager notifications")
struct NotifyTests {
    @Test("READY=1 with a status once the name is owned, then WATCHDOG=1 pings at half of WATCHDOG_USEC, STOPPING=1 on SIGTERM")
    func readyAndWatchdog() throws {
        let socket = try NotifySocket()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "200000"])
        let ready = socket.receive(until: "READY=1", timeout: 10)
        #expect(ready != nil)
        #expect(ready?.last?.contains { $0.hasPrefix("STATUS=16 tabs of 16") } == true, "\(ready ?? [])")
        var pings = 0
        let deadline = Date().addingTimeInterval(10)
        while pings < 3, Date() < deadline {
            if socket.receive(timeout: 2)?.contains("WATCHDOG=1") == true { pings += 1 }
        }
        #expect(pings == 3)
        #expect(daemon.stop() == 0)
        #expect(socket.receive(until: "STOPPING=1", timeout: 5) != nil)
    }

    @Test("SIGHUP sends RELOADING=1, then READY=1 again")
    func reloadNotifies() throws {
        let socket = try NotifySocket()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive(until: "READY=1", timeout: 10) != nil)
        kill(daemon.pid, SIGHUP)
        #expect(socket.receive(until: "RELOADING=1", timeout: 10) != nil)
        #expect(socket.receive(until: "READY=1", timeout: 10) != nil)
        #expect(daemon.stop() == 0)
    }

    @Test("without WATCHDOG_USEC no pings are sent")
    func noWatchdogWithoutInterval() throws {
        let socket = try NotifySocket()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": socket.path])
        #expect(socket.receive(until: "READY=1", timeout: 10) != nil)
        var datagrams: [[String]] = []
        while let next = socket.receive(timeout: 1) { datagrams.append(next) }
        #expect(!datagrams.contains { $0.contains("WATCHDOG=1") }, "\(datagrams)")
        #expect(daemon.stop() == 0)
    }
}
