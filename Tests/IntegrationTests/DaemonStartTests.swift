import Foundation
import Testing
import TabbardTestSupport

@Suite("The daemon on a private bus")
struct DaemonStartTests {
    @Test("tabbard owns org.tabbard.TabBar1 and serves the bundled plugins' tabs")
    func servesBundledTabs() throws {
        let daemon = try DaemonProcess()
        let reply = try runCommand(["/usr/bin/busctl", "--address=\(daemon.bus.address)", "get-property", "org.tabbard.TabBar1",
                                    "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "AvailableTabs"])
        #expect(reply.status == 0, "\(reply.errors)")
        for id in ["world-clock", "alarm", "stopwatch", "timer", "playlists", "notes"] {
            #expect(reply.output.contains("\"\(id)\""), "\(id) missing from \(reply.output)")
        }
        #expect(daemon.stop() == 0)
    }
}
