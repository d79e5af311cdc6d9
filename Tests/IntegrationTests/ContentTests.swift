import Foundation
import Testing
import TabbardTestSupport

/// Live content from the bundled clock plugin: it ticks only while its tab is shown, and its
/// ticks move `ContentRevision`, never `Revision`.
@Suite("Live content")
struct ContentTests {
    static func contentRevision(_ address: String, _ tab: String) throws -> Int {
        try property(address, "ContentRevision", path: Names.tab(tab), interface: Names.tabInterface) as? Int ?? -1
    }

    /// Waits (at most `timeout` seconds) until the tab's ContentRevision passes `revision`.
    static func waitForTick(_ address: String, _ tab: String, after revision: Int, timeout: TimeInterval = 10) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try contentRevision(address, tab) > revision { return true }
            usleep(100_000)
        }
        return false
    }

    @Test("a shown running stopwatch ticks, a hidden one does not; ticks leave Revision alone")
    func ticksOnlyWhileShown() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try busctlCall(bus, "Activate", "ss", "stopwatch", "start")
        #expect(try stringsProperty(bus, "Actions", path: Names.tab("stopwatch"), interface: Names.tabInterface).contains("stop"))
        let hidden = try Self.contentRevision(bus, "stopwatch")
        usleep(1_500_000)
        #expect(try Self.contentRevision(bus, "stopwatch") == hidden, "a hidden stopwatch ticked")

        try busctlCall(bus, "Select", "s", "stopwatch")
        let revision = try property(bus, "Revision") as? Int
        let shown = try Self.contentRevision(bus, "stopwatch")
        #expect(try Self.waitForTick(bus, "stopwatch", after: shown + 2))
        #expect(try property(bus, "Revision") as? Int == revision)
        let content = try busctlCall(bus, "GetContent", "s", "stopwatch")
        #expect(content.hasPrefix("sss \"Stopwatch\" \"text/plain\""), "\(content)")

        try busctlCall(bus, "Select", "s", "alarm")
        usleep(300_000)  // A tick already under way may still land.
        let left = try Self.contentRevision(bus, "stopwatch")
        usleep(1_500_000)
        #expect(try Self.contentRevision(bus, "stopwatch") == left, "the stopwatch ticked after it was hidden")
    }
}
