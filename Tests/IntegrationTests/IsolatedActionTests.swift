import Foundation
import TabbardTestSupport
import Testing

/// `Activate` on a tab whose plugin runs in a helper answers as it does for a plugin in the
/// daemon: once the tab's `Actions` say what the plugin accepts after the action, so that a
/// client may use them at once (docs/plugins.md, Isolation; dbus-api.md, `Actions`); and the
/// events a client's actions make a plugin send are never a flood, in a helper or in the daemon.
@Suite("Actions of isolated plugins")
struct IsolatedActionTests {
    @Test(
        "the notes plugin in process mode: each Activate's reply comes with its Actions current, so add then clear at once never fails"
    )
    func actionsCurrentAtTheReply() throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "[plugin.notes]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        #expect(IsolationTests.waitForContent(daemon.bus.address, "notes"), "\(daemon.log)")
        #expect(daemon.log.contains("plugin notes runs in a helper process"), "\(daemon.log)")
        // `clear` is offered only while there is a note: each call needs the Actions the one
        // before it left. Back to back on one connection, the next call reaches the daemon
        // within a bus round trip of the reply.
        let calls = (0..<1000).flatMap { _ in
            [
                BusCall("Activate", .string("notes"), .string("add")),
                BusCall("Activate", .string("notes"), .string("clear")),
            ]
        }
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        let failed = outcomes.enumerated().filter { $0.element.error != nil }
        #expect(
            failed.count == 0,
            "\(failed.count) of \(calls.count) failed; the first: call \(failed.first?.offset ?? 0), \(failed.first?.element.values ?? [])"
        )
        #expect(
            try stringsProperty(daemon.bus.address, "Actions", path: Names.tab("notes"), interface: Names.tabInterface)
                == ["add"])
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "the notes plugin in the daemon: 2,000 actions back to back, each changing the badge, are the client's pace and no flood: no callback is dropped and nothing is counted against the plugin"
    )
    func actionsAreNoFloodInTheDaemon() throws {
        let daemon = try DaemonProcess()
        let calls =
            (0..<1000).flatMap { _ in
                [
                    BusCall("Activate", .string("notes"), .string("add")),
                    BusCall("Activate", .string("notes"), .string("clear")),
                ]
            }
            + [BusCall("Activate", .string("notes"), .string("add"))]
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        #expect(outcomes.filter { $0.error != nil }.count == 0)
        // The badge of the last action arrived: it was not dropped.
        #expect(
            try property(daemon.bus.address, "BadgeValue", path: Names.tab("notes"), interface: Names.tabInterface)
                as? String == "1")
        #expect(!daemon.log.contains("host callbacks in a second"), "\(daemon.log)")
        #expect(
            !daemon.pluginRecords.contains { $0.contains("libnotes.so") && !$0.hasPrefix("ok 0 ") },
            "\(daemon.pluginRecords)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
