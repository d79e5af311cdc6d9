import Foundation
import TabbardTestSupport
import Testing

/// Replies only from whom they were asked (docs/reliability.md, Forged replies): on a bus that
/// forwards unrequested replies, as the open policy of the tests does, a connection that was not
/// asked answers the daemon's calls right behind a request of its own (`forge.py`). The daemon
/// must believe none of it: the bus's answer about a caller's uid comes from
/// `org.freedesktop.DBus`, a delegate's answer from the delegate's unique name.
@Suite("Forged replies")
struct ForgedReplyTests {
    @Test(
        "a non-admin's SetTabs, SetBadge and Reset followed by replies claiming uid 0 are refused",
        .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run the forger as another user"))
    func forgedCredentials() throws {
        try TestUsers.ensure()
        let bus = try PrivateBus(type: "system", policy: PrivateBus.openPolicyForEveryUser)
        let configuration = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "admin_group = \"\(TestUsers.adminGroup)\"\n".write(
            toFile: configuration, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(bus: bus, arguments: ["--instance", "system", "--config", configuration])
        let before = try describe(bus.address)["Tabs"] as? [String]
        let rounds = Variant.pick(short: 30, long: 1_000)
        let summary = try runScript(
            "forge.py", [bus.address, "credentials", String(rounds)], as: TestUsers.guest,
            timeout: Variant.pick(short: 120, long: 900))
        #expect(summary.count("believed") == 0, "\(summary.output)\n\(daemon.log)")
        #expect(summary.counts("errors") == ["org.freedesktop.DBus.Error.AccessDenied": rounds], "\(summary.output)")
        // The connection the name is on, and the one it asks uids on: both were forged to.
        #expect(summary.count("connections") == 2, "\(summary.output)")
        #expect(try describe(bus.address)["Tabs"] as? [String] == before)
        #expect(daemon.log.contains("ignored a reply to GetConnectionUnixUser from"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test("a non-delegate answering ShouldSelect true in place of a vetoing delegate selects nothing")
    func forgedDelegateAnswers() throws {
        let bus = try PrivateBus(type: "session", policy: PrivateBus.openPolicyForEveryUser)
        let daemon = try DaemonProcess(bus: bus)
        let delegate = try LoggedProcess([
            systemPython, scriptsDirectory.appendingPathComponent("delegate.py").path,
            bus.address, "deny", "50",
        ])
        try delegate.waitFor("ready", timeout: 20)
        let selected = try describe(bus.address)["SelectedTab"] as? String
        let rounds = Variant.pick(short: 30, long: 1_000)
        let summary = try runScript(
            "forge.py", [bus.address, "delegate", String(rounds)], timeout: Variant.pick(short: 120, long: 900))
        #expect(summary.count("believed") == 0, "\(summary.output)\n\(daemon.log)")
        #expect(summary.counts("errors") == ["vetoed": rounds], "\(summary.output)")
        #expect(try describe(bus.address)["SelectedTab"] as? String == selected)
        #expect(delegate.lines.filter { $0.hasPrefix("asked ") }.count == rounds)
        #expect(daemon.log.contains("ignored a reply to ShouldSelect from"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
