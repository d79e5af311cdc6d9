import Foundation
import TabbardTestSupport
import Testing

/// The sd_notify protocol, as a service manager's socket receives it.
@Suite("Service manager notifications")
struct NotifyTests {
    @Test(
        "READY=1 with a status once the name is owned, then WATCHDOG=1 pings at half of WATCHDOG_USEC, STOPPING=1 on SIGTERM"
    )
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

    @Test("WATCHDOG=1 keeps coming while a delegate leaves a tap waiting: the loop never blocks (TAP-7)")
    func watchdogWhileDelegateHangs() throws {
        let socket = try NotifySocket()
        let daemon = try DaemonProcess(environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "200000"])
        #expect(socket.receive(until: "READY=1", timeout: 10) != nil)
        try busctlSet(daemon.bus.address, "DelegateTimeoutMs", "u", "15000")
        let delegate = try Peer(address: daemon.bus.address, mode: .hang)
        let tap = backgroundCall(daemon.bus.address, "Tap", "s", "alarm")
        #expect(delegate.waitForLine(timeout: 10) { $0 == "asked alarm" } != nil)
        while socket.receive(timeout: 0.05) != nil {} // Drop what came before the tap waited.
        var pings = 0
        let deadline = Date().addingTimeInterval(10)
        while pings < 3, Date() < deadline {
            if socket.receive(timeout: 2)?.contains("WATCHDOG=1") == true { pings += 1 }
        }
        #expect(pings == 3)
        #expect(tap.duration == nil, "the tap should still wait")
        delegate.stop()
        #expect(try tap.wait().output == "b true\n")
    }

    @Test("a service manager that stops reading its socket never stalls the daemon")
    func unreadSocketNeverBlocks() throws {
        let socket = try NotifySocket()
        // A ping every 10 ms fills a datagram queue nobody reads within a fraction of a second.
        // The hang limit would follow the watchdog down to 10 ms, which a plugin call on a busy
        // machine exceeds (while the probes of a first start run beside it): it is set apart.
        let daemon = try DaemonProcess(environment: [
            "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "20000",
            "TABBARD_PLUGIN_HANG_LIMIT_MS": "5000",
        ])
        usleep(1_500_000)
        let select = try runCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "--timeout=10", "call",
            Names.service, Names.controller, Names.service, "Select", "s", "alarm",
        ])
        #expect(select.status == 0, "\(select.errors)")
        guard select.status == 0 else { return } // A stalled daemon would not stop on SIGTERM either.
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "alarm")
        #expect(daemon.stop() == 0)
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
