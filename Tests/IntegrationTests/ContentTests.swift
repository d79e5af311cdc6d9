import Foundation
import TabbardTestSupport
import Testing

/// Live content from the bundled clock plugin (PAGE-3): its clocks run in the page, which a
/// frontend extrapolates, so a running stopwatch sends nothing; a start or a stop moves
/// `ContentRevision`, never `Revision`.
@Suite("Live content")
struct ContentTests {
    static func contentRevision(_ address: String, _ tab: String) throws -> Int {
        try property(address, "ContentRevision", path: Names.tab(tab), interface: Names.contentInterface) as? Int ?? -1
    }

    /// The signals the service sends within `seconds`, as dbus-monitor sees them with a match
    /// on the service: what reaches a frontend that listens to everything it says.
    static func signalsFromService(_ address: String, seconds: Int) throws -> [String] {
        let result = try runCommand(
            [
                "/usr/bin/timeout", "-s", "KILL", "\(seconds)", "/usr/bin/stdbuf", "-oL", "/usr/bin/dbus-monitor",
                "--address", address, "--profile",
                "type='signal',sender='\(Names.service)'",
            ], timeout: TimeInterval(seconds + 10))
        return result.output.split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("#") && !$0.contains("NameAcquired") && !$0.contains("NameLost")
        }
    }

    @Test(
        "PAGE-3: a shown running stopwatch sends no message at all; its page's clock runs, and a stop changes the page")
    func runningStopwatchIsSilent() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try busctlCall(bus, "Select", "s", "stopwatch")
        try busctlCall(bus, "Activate", "ss", "stopwatch", "start")
        #expect(
            try stringsProperty(bus, "Actions", path: Names.tab("stopwatch"), interface: Names.tabInterface).contains(
                "stop"))
        let revision = try property(bus, "Revision") as? Int
        let shown = try Self.contentRevision(bus, "stopwatch")
        let signals = try Self.signalsFromService(bus, seconds: 3)
        print("signals from the service in 3 s while the shown stopwatch runs: \(signals.count) \(signals)")
        #expect(signals.isEmpty)
        #expect(try Self.contentRevision(bus, "stopwatch") == shown)
        #expect(try property(bus, "Revision") as? Int == revision)
        let clock = PageTests.list(try PageTests.page(bus, "stopwatch"), "rows").first?["clock"] as? [Double]
        #expect(clock?.last == 1 && (clock?.first ?? 0) > 0, "running: \(String(describing: clock))")

        try busctlCall(bus, "Activate", "ss", "stopwatch", "stop")
        #expect(try Self.contentRevision(bus, "stopwatch") > shown, "a stop changes the page")
        let stopped = PageTests.list(try PageTests.page(bus, "stopwatch"), "rows").first?["clock"] as? [Double]
        #expect(stopped?.last == 0 && (stopped?.first ?? 0) >= 3_000_000, "stopped: \(String(describing: stopped))")
        let content = try busctlCall(bus, "GetContent", "s", "stopwatch")
        #expect(content.hasPrefix("sss \"Stopwatch\" \"text/plain\""), "\(content)")
        #expect(daemon.stop() == 0)
    }
}
