import Foundation
import Testing

@testable import TabbardDaemon

/// What a bus policy file lets callers send to the daemon, as the system instance reads it to
/// compare with `admin_group` (issue 42, item 2).
@Suite("Bus policy files")
struct BusPolicyFileTests {
    static let service = "org.tabbard.TabBar1"

    static func file(_ text: String) throws(BusPolicyError) -> BusPolicyFile {
        try BusPolicyFile(path: "/p.conf", bytes: Array(text.utf8), service: service)
    }

    @Test(
        "issue 42.2: the installed policy lets group tabbard and root call everything; reading allows, the daemon user's deny and the Delegate allow do not count"
    )
    func installedPolicy() throws {
        let path = PackagePaths.root + "/dbus/org.tabbard.TabBar1.conf"
        let installed = try #require(try BusPolicyFile.read(path, service: Self.service))
        #expect(installed.speaksOfService)
        #expect(installed.groups == ["tabbard"])
        #expect(installed.users == ["root"])
        #expect(!installed.everyone)
        #expect(installed.allows(group: "tabbard"))
        #expect(!installed.allows(group: "ops"))
    }

    @Test(
        "issue 42.2: comments, single quotes, entities, non-self-closing allows, group='*' and an open default context")
    func forms() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <!-- <policy group="commented"><allow send_destination="org.tabbard.TabBar1"/></policy> -->
            <busconfig>
              <policy group='ops'><allow send_destination='org.tabbard.TabBar1'></allow></policy>
              <policy group="a&amp;b"><allow send_type="method_call" send_destination="org.tabbard.TabBar1"/></policy>
              <policy group="readers"><allow send_destination="org.tabbard.TabBar1" send_member="Describe"/></policy>
              <policy group="signals"><allow send_destination="org.tabbard.TabBar1" send_type="signal"/></policy>
              <policy user="alice"><allow send_destination="*"/></policy>
            </busconfig>
            """
        let file = try Self.file(text)
        #expect(file.groups == ["ops", "a&b"])
        #expect(file.users == ["alice"])
        #expect(!file.everyone && !file.allows(group: "commented") && !file.allows(group: "readers"))
        #expect(
            try Self.file(
                #"<busconfig><policy group="*"><allow send_destination="org.tabbard.TabBar1"/></policy></busconfig>"#
            ).allows(group: "x"))
        let open = try Self.file(
            #"<busconfig><policy context="default"><allow send_destination="org.tabbard.TabBar1"/></policy></busconfig>"#
        )
        #expect(open.everyone && open.allows(group: "anyone") && open.groups.isEmpty)
        let other = try Self.file(
            #"<busconfig><policy group="x"><allow send_destination="org.example.Other"/></policy></busconfig>"#)
        #expect(!other.speaksOfService && other.groups.isEmpty)
    }

    @Test(
        "issue 42.2: a file that does not scan is refused with its line",
        arguments: [
            ("<busconfig>\n<policy group=\"x\">\n<allow send_destination=\"org.tabbard.TabBar1\"/>\n</busconfig>", 4),
            ("<busconfig>\n<!-- never ends", 2),
            ("<busconfig>\n<policy group=x>", 2),
            ("<busconfig>\n<policy group=\"x\"", 2),
            ("<busconfig>\n<policy group=\"x\" group=\"y\"/></busconfig>", 2),
            ("<busconfig>\n\n<policy group=\"x\"><policy user=\"y\"></policy></policy></busconfig>", 3),
            ("<busconfig>\n<policy group=\"x\">", 2),
            ("<busconfig> < policy/></busconfig>", 1),
        ])
    func malformed(text: String, line: Int) {
        #expect {
            try Self.file(text)
        } throws: { error in
            guard case .malformed(let at, _) = error as? BusPolicyError else { return false }
            return at == line
        }
    }

    @Test(
        "issue 42.2: a missing file is nil; a directory where a file was expected, or a malformed file naming the daemon, throws; another service's malformed file is none of the daemon's business"
    )
    func reading() throws {
        let directory = try TemporaryDirectory()
        #expect(try BusPolicyFile.read(directory.path + "/missing.conf", service: Self.service) == nil)
        #expect(throws: BusPolicyError.self) { try BusPolicyFile.read(directory.path, service: Self.service) }
        try directory.write("bad.conf", "<busconfig><allow send_destination=\"org.tabbard.TabBar1\"")
        #expect(throws: BusPolicyError.self) {
            try BusPolicyFile.read(directory.path + "/bad.conf", service: Self.service)
        }
        try directory.write("other.conf", "<busconfig><allow send_destination=\"org.example.Other\"")
        #expect(try BusPolicyFile.read(directory.path + "/other.conf", service: Self.service) == nil)
        try directory.write("z.conf.dpkg-old", "")
        #expect(
            BusPolicyFile.files(in: directory.path) == [directory.path + "/bad.conf", directory.path + "/other.conf"])
        #expect(BusPolicyFile.files(in: directory.path + "/none") == [])
    }
}
