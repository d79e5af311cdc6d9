import Foundation
import TabbardTestSupport
import Testing

@Suite("The daemon on a private bus")
struct DaemonStartTests {
    @Test("tabbard owns org.tabbard.TabBar1 and serves the bundled plugins' tabs")
    func servesBundledTabs() throws {
        let daemon = try DaemonProcess()
        let reply = try runCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "get-property", "org.tabbard.TabBar1",
            "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "AvailableTabs",
        ])
        #expect(reply.status == 0, "\(reply.errors)")
        for id in ["world-clock", "alarm", "stopwatch", "timer", "playlists", "notes"] {
            #expect(reply.output.contains("\"\(id)\""), "\(id) missing from \(reply.output)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a client listening before the start sees no InterfacesAdded for the objects there at start, finds them all in GetManagedObjects once the name is owned, and sees InterfacesAdded for a bar created later (SBAR-1)"
    )
    func startAnnouncesNothing() throws {
        let daemon = try DaemonProcess()
        for arguments in [["CreateBar", "s", "modes"], ["AddItem", "ssss", "day", "Day", "", ""]] {
            let path = arguments[0] == "CreateBar" ? Names.controller : Names.bar("modes")
            let interface = arguments[0] == "CreateBar" ? Names.service : Names.barInterface
            let reply = try runCommand(
                ["/usr/bin/busctl", "--address=\(daemon.bus.address)", "call", Names.service, path, interface]
                    + arguments)
            #expect(reply.status == 0, "\(reply.errors)")
        }
        #expect(daemon.stop() == 0)
        // Subscribed by path and interface, not by the name: what the daemon sends before it
        // owns the name reaches this client too.
        let listener = try Peer(address: daemon.bus.address, mode: .objects)
        try daemon.start()
        let listed = try runCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "--json=short", "call", Names.service,
            Names.controller, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects",
        ])
        for path in [
            Names.bar, Names.tab("alarm"), Names.tab("notes"), Names.bar("modes"), Names.item("day", bar: "modes"),
        ] {
            #expect(listed.output.contains("\"\(path)\""), "\(path) missing from \(listed.output)")
        }
        let created = try runCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "call", Names.service, Names.controller,
            Names.service, "CreateBar", "s", "later",
        ])
        #expect(created.status == 0, "\(created.errors)")
        let later = listener.waitForLine(timeout: 10) {
            $0.contains("InterfacesAdded") && $0.contains(Names.bar("later"))
        }
        #expect(later != nil, "no InterfacesAdded for the bar created later: \(listener.lines)")
        let added = listener.lines.filter { $0.contains("InterfacesAdded") }
        #expect(added.count == 1, "only the later bar is announced: \(added)")
        #expect(daemon.stop() == 0)
    }
}
