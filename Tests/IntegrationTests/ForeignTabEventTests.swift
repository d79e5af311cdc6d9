import Foundation
import TabbardTestSupport
import Testing

/// Issue 37, finding 5: a helper's events apply to its own plugin's tabs only. A helper that
/// writes well-formed event frames naming another plugin's tab straight to its end of the link
/// changes nothing of that tab (not its title, not its badge, which is saved, not `Enabled`):
/// the link ends, as for any other message the link refuses, and the failure is counted.
@Suite("A helper naming another plugin's tab")
struct ForeignTabEventTests {
    @Test(
        "forged events for another plugin's tab: the tab unchanged (also in the saved state), the helper's link ended, one failure counted"
    )
    func forgedEventsForAnotherPluginsTab() throws {
        let plugins = try IsolationTests.isolatedFaultPlugin("faulty", "FORGED_EVENTS_IN_ACTIVATE")
        // The clock plugin in a helper too: `alarm` is another isolated plugin's tab.
        let clock = plugins + "/clock.plugin"
        try String(contentsOfFile: clock, encoding: .utf8).replacingOccurrences(
            of: "isolation = \"in-process\"", with: "isolation = \"process\""
        )
        .write(toFile: clock, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "1500"], pluginDirectory: plugins)
        let bus = daemon.bus.address
        #expect(IsolationTests.waitForContent(bus, "faulty-tab"), "\(daemon.log)")
        #expect(IsolationTests.waitForContent(bus, "alarm"), "\(daemon.log)")
        #expect(daemon.log.contains("plugin clock runs in a helper process"), "\(daemon.log)")
        try busctlCall(bus, "SetBadge", "ss", "alarm", "7")
        let alarm = Names.tab("alarm")
        let title = try stringProperty(bus, "Title", path: alarm, interface: Names.tabInterface)

        // The forged frames precede the helper's reply on the link, so they are read first.
        let activate = try runCommand([
            "/usr/bin/busctl", "--address=\(bus)", "--timeout=5", "call", Names.service, Names.controller,
            Names.service, "Activate", "ss", "faulty-tab", "poke",
        ])
        let refusal = "it sent a malformed message: an event for tab 'alarm', which is not one of its plugin's"
        print("Activate: status \(activate.status), \(activate.errors.isEmpty ? activate.output : activate.errors)")
        #expect(activate.status != 0 && activate.errors.contains(refusal), "\(activate.output)\(activate.errors)")

        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("failure 1 of 3") && Date() < deadline { usleep(50_000) }
        #expect(daemon.log.contains("plugin faulty: its helper was ended: \(refusal)"), "\(daemon.log)")
        #expect(daemon.log.contains("failure 1 of 3"), "\(daemon.log)")
        #expect(
            daemon.pluginRecords.contains { $0.hasPrefix("ok 1 ") && $0.contains("/libfaulty.so\t") },
            "\(daemon.pluginRecords)")

        let after = (
            title: try stringProperty(bus, "Title", path: alarm, interface: Names.tabInterface),
            badge: try stringProperty(bus, "BadgeValue", path: alarm, interface: Names.tabInterface),
            enabled: try property(bus, "Enabled", path: alarm, interface: Names.tabInterface) as? Bool
        )
        print(
            "alarm after the forged events: title \(after.title.debugDescription), badge \(after.badge.debugDescription), enabled \(String(describing: after.enabled))"
        )
        #expect(after.title == title)
        #expect(after.badge == "7")
        #expect(after.enabled == true)

        // What is saved is what was acknowledged: the badge the administrator set, nothing forged.
        #expect(daemon.stop() == 0)
        let saved = try String(contentsOfFile: daemon.stateDirectory + "/state.json", encoding: .utf8)
        print("state.json holds the forged badge: \(saved.contains("forged"))")
        #expect(!saved.contains("forged") && saved.contains("\"7\""), "\(saved)")
    }
}
