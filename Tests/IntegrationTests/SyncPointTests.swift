import Foundation
import Testing
import TabbardTestSupport

/// What a frontend keeps in sync by (docs/frontends.md, SYNC-*), through real clients.
@Suite("A sync point a client can trust")
struct SyncPointTests {
    @Test("InstanceId: 32 lowercase hex digits, const, the same in Get and Describe, and another after a restart on the same bus (SYNC-1)")
    func instanceIdTellsRunsApart() throws {
        let first = try DaemonProcess()
        let id = try stringProperty(first.bus.address, "InstanceId")
        #expect(id.utf8.count == 32 && id.allSatisfy { "0123456789abcdef".contains($0) }, "\(id)")
        let reply = try runCommand(["/usr/bin/busctl", "--address=\(first.bus.address)", "--json=short", "call", Names.service,
                                    Names.controller, Names.service, "Describe"])
        let document = ((try parseJSON(reply.output) as? [String: Any])?["data"] as? [String])?.first ?? ""
        #expect((try parseJSON(document) as? [String: Any])?["InstanceId"] as? String == id, "\(reply.output.prefix(300))")
        let introspected = try runCommand(["/usr/bin/gdbus", "introspect", "--address", first.bus.address, "--dest", Names.service,
                                           "--object-path", Names.controller])
        #expect(introspected.output.contains("readonly s InstanceId"), "\(introspected.output)")
        #expect(first.stop() == 0)
        let second = try DaemonProcess(bus: first.bus, stateDirectory: first.stateDirectory)
        let next = try stringProperty(second.bus.address, "InstanceId")
        #expect(next.utf8.count == 32 && next != id, "\(id) then \(next)")
        #expect(second.stop() == 0)
    }
}
