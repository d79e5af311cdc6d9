import Foundation
import TabbardTestSupport
import Testing

/// An admin group whose entry in the group database is larger than a first guess at a buffer
/// (docs/reliability.md): `getgrnam_r` answers `ERANGE` until the buffer is large enough, and a
/// member must still be recognised. The daemon runs in a mount namespace of its own whose
/// `/etc/group` carries the wide group, so the machine's own databases stay as they are.
@Suite(
    "An admin group wider than 16 KiB",
    .enabled(
        if: TestUsers.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
        "skipped: needs root, useradd, runuser and unshare"))
struct WideAdminGroupTests {
    @Test("a member of an admin group whose entry is 40 KiB may change the bar; a user outside it may not")
    func wideGroup() throws {
        try TestUsers.ensure()
        let directory = try makeTemporaryDirectory("tabbard-groups")
        // The machine's groups and one more: the admin user among 1,800 other members (about 40 KiB).
        var groups = try String(contentsOfFile: "/etc/group", encoding: .utf8)
        if !groups.hasSuffix("\n") { groups += "\n" }
        let members = [TestUsers.admin] + (0..<1_800).map { "tabbard-it-member-\($0)" }
        groups += "tabbard-it-wide:x:64999:\(members.joined(separator: ","))\n"
        try groups.write(toFile: directory + "/group", atomically: true, encoding: .utf8)
        let configuration = directory + "/tabbard.toml"
        try "admin_group = \"tabbard-it-wide\"\n".write(toFile: configuration, atomically: true, encoding: .utf8)

        let bus = try PrivateBus(type: "system", policy: PrivateBus.openPolicyForEveryUser)
        let launcher = [
            "/usr/bin/unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
            "mount --bind '\(directory)/group' /etc/group && exec \"$0\" \"$@\"",
        ]
        let daemon = try DaemonProcess(
            bus: bus, arguments: ["--instance", "system", "--config", configuration], launcher: launcher)
        let rounds = Variant.pick(short: 3, long: 100)
        var allowed = 0
        var refused = 0
        for round in 0..<rounds {
            let badge = String(round)
            let admin = try runCommand(
                TestUsers.asUser(
                    TestUsers.admin,
                    [
                        "/usr/bin/busctl", "--address=\(bus.address)", "call", "org.tabbard.TabBar1",
                        "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "SetBadge", "ss", "alarm", badge,
                    ]))
            #expect(admin.status == 0, "round \(round): \(admin.errors)\n\(daemon.log)")
            if admin.status == 0 { allowed += 1 }
            let guest = try runCommand(
                TestUsers.asUser(
                    TestUsers.guest,
                    [
                        "/usr/bin/busctl", "--address=\(bus.address)", "call", "org.tabbard.TabBar1",
                        "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "SetBadge", "ss", "alarm", "no",
                    ]))
            #expect(guest.status != 0 && guest.errors.contains("Access denied"), "round \(round): \(guest.errors)")
            if guest.status != 0 { refused += 1 }
        }
        #expect(daemon.stop() == 0, "\(daemon.log)")
        print(
            "wide-group: SUMMARY {\"entry_bytes\": \(members.joined(separator: ",").utf8.count), \"admin_allowed\": \(allowed), \"guest_refused\": \(refused)}"
        )
    }
}
