import Foundation
import Testing

@testable import TabbardDaemon

/// What the system instance says when `admin_group` and the installed bus policy files
/// disagree (issue 42, item 2): the file, the groups it allows, the configured group, and what
/// to change; nothing when they agree.
@Suite("admin_group against the bus policy files")
struct AdminGroupAgreementTests {
    static let installed = try! String(
        contentsOfFile: PackagePaths.root + "/dbus/org.tabbard.TabBar1.conf", encoding: .utf8)

    static func agreement(_ group: String) -> AdminGroupAgreement {
        AdminGroupAgreement(adminGroup: group, source: "tabbard.toml", service: "org.tabbard.TabBar1")
    }

    @Test(
        "issue 42.2: the installed file agrees with the default group and disagrees with another, naming the file, both groups and the change"
    )
    func installedFile() throws {
        let share = try TemporaryDirectory()
        let file = try share.write("org.tabbard.TabBar1.conf", Self.installed)
        try share.write(
            "org.example.Other.conf",
            "<busconfig><policy group=\"ops\"><allow send_destination=\"org.example.Other\"/></policy></busconfig>")
        #expect(Self.agreement("tabbard").findings(directories: [share.path, share.path + "/absent"]) == [])
        let findings = Self.agreement("ops").findings(directories: [share.path])
        #expect(
            findings == [
                AdminGroupAgreement.Finding(
                    level: .warning,
                    text: """
                        admin_group 'ops' (tabbard.toml) disagrees with \(file), which lets only group 'tabbard' change the bar: \
                        the bus refuses members of 'ops' before tabbard sees them; change <policy group="tabbard"> there to \
                        <policy group="ops">, or admin_group back to 'tabbard'
                        """)
            ])
    }

    @Test(
        "issue 42.2: a file in /etc that lets the group in settles it; when none does, each file naming other groups is reported; a file naming no group is reported only when none names one"
    )
    func severalFiles() throws {
        let share = try TemporaryDirectory()
        let etc = try TemporaryDirectory()
        let packaged = try share.write("org.tabbard.TabBar1.conf", Self.installed)
        let local = try etc.write(
            "org.tabbard.TabBar1.conf",
            """
            <busconfig><policy group="ops"><allow send_destination="org.tabbard.TabBar1"/></policy></busconfig>
            """)
        #expect(Self.agreement("ops").findings(directories: [share.path, etc.path]) == [])
        let texts = Self.agreement("staff").findings(directories: [share.path, etc.path]).map(\.text)
        #expect(
            texts.count == 2 && texts[0].contains("\(packaged), which lets only group 'tabbard'")
                && texts[1].contains("\(local), which lets only group 'ops'"), "\(texts)")

        try etc.write(
            "org.tabbard.TabBar1.conf",
            """
            <busconfig><policy user="alice"><allow send_destination="org.tabbard.TabBar1"/></policy></busconfig>
            """)
        #expect(Self.agreement("staff").findings(directories: [share.path, etc.path]).map(\.text).count == 1)
        let alone = Self.agreement("staff").findings(directories: [etc.path]).map(\.text)
        #expect(
            alone == [
                """
                admin_group 'staff' (tabbard.toml) disagrees with \(local), which lets no group (and user 'alice') change the bar: \
                the bus refuses members of 'staff' before tabbard sees them; add <policy group="staff"> with \
                <allow send_destination="org.tabbard.TabBar1"/> there
                """
            ])
    }

    @Test(
        "issue 42.2: a malformed or unreadable file that names the daemon is noted, never fatal, and the others are still checked"
    )
    func unreadableFiles() throws {
        let share = try TemporaryDirectory()
        let file = try share.write("org.tabbard.TabBar1.conf", Self.installed)
        let broken = try share.write(
            "org.tabbard.TabBar1.extra.conf",
            "<busconfig>\n<policy group=\"ops\">\n<allow send_destination=\"org.tabbard.TabBar1\"/>\n")
        let findings = Self.agreement("ops").findings(directories: [share.path])
        #expect(findings.count == 2, "\(findings)")
        #expect(
            findings.first
                == AdminGroupAgreement.Finding(
                    level: .note,
                    text: """
                        bus policy \(broken): line 2: <policy> is never closed: whether it lets admin_group 'ops' change the bar is not checked
                        """))
        #expect(findings.last?.level == .warning && findings.last?.text.contains(file) == true)
    }
}
