import Foundation
import Testing
import TabbardTestSupport

/// `Activate` on a tab whose plugin runs in a helper answers as it does for a plugin in the
/// daemon: once the tab's `Actions` say what the plugin accepts after the action, so that a
/// client may use them at once (docs/plugins.md, Isolation; dbus-api.md, `Actions`).
@Suite("Actions of isolated plugins")
struct IsolatedActionTests {
    @Test("the notes plugin in process mode: each Activate's reply comes with its Actions current, so add then clear at once never fails")
    func actionsCurrentAtTheReply() throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "[plugin.notes]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        #expect(IsolationTests.waitForContent(daemon.bus.address, "notes"), "\(daemon.log)")
        #expect(daemon.log.contains("plugin notes runs in a helper process"), "\(daemon.log)")
        // `clear` is offered only while there is a note: each call needs the Actions the one
        // before it left. Back to back on one connection, the next call reaches the daemon
        // within a bus round trip of the reply.
        let calls = (0..<1000).flatMap { _ in [BusCall("Activate", .string("notes"), .string("add")),
                                               BusCall("Activate", .string("notes"), .string("clear"))] }
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        let failed = outcomes.enumerated().filter { $0.element.error != nil }
        #expect(failed.count == 0, "\(failed.count) of \(calls.count) failed; the first: call \(failed.first?.offset ?? 0), \(failed.first?.element.values ?? [])")
        #expect(try stringsProperty(daemon.bus.address, "Actions", path: Names.tab("notes"), interface: Names.tabInterface) == ["add"])
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
