import Glibc
import Testing
@testable import TabbardDaemon

@Suite("Access on the system instance")
struct AccessPolicyTests {
    /// uid 1000 is in the admin group, uid 2000 is not.
    let policy = AccessPolicy(enforced: true, adminGroup: "tabbard") { uid, group in uid == 1000 && group == "tabbard" }

    @Test("reading is open to everyone")
    func readingIsOpen() {
        for (interface, member) in [
            ("org.freedesktop.DBus.Properties", "Get"), ("org.freedesktop.DBus.Properties", "GetAll"),
            ("org.tabbard.TabBar1", "Describe"), ("org.tabbard.TabBar1", "GetContent"),
            ("org.freedesktop.DBus.Introspectable", "Introspect"), ("org.freedesktop.DBus.Peer", "Ping"),
            ("org.freedesktop.DBus.ObjectManager", "GetManagedObjects"),
        ] {
            #expect(policy.allows(uid: 2000, interface: interface, member: member), "\(interface).\(member)")
        }
    }

    @Test("changing is for root and the admin group only")
    func changingIsRestricted() {
        for (interface, member) in [
            ("org.tabbard.TabBar1", "Select"), ("org.tabbard.TabBar1", "Tap"),
            ("org.tabbard.TabBar1", "RegisterDelegate"), ("org.tabbard.TabBar1", "Navigate"),
            ("org.freedesktop.DBus.Properties", "Set"),
        ] {
            #expect(!policy.allows(uid: 2000, interface: interface, member: member), "\(interface).\(member)")
            #expect(policy.allows(uid: 1000, interface: interface, member: member))
            #expect(policy.allows(uid: 0, interface: interface, member: member))
        }
    }

    @Test("a session instance allows everything")
    func sessionAllowsAll() {
        let session = AccessPolicy(enforced: false, adminGroup: "tabbard") { _, _ in false }
        #expect(session.allows(uid: 2000, interface: "org.tabbard.TabBar1", member: "Select"))
    }

    @Test("membership is read from the system's group database")
    func systemDatabase() {
        // root's primary group is root on every Linux system.
        #expect(AccessPolicy.systemMembership(uid: 0, group: "root"))
        #expect(!AccessPolicy.systemMembership(uid: 0, group: "no-such-group-tabbard"))
    }
}
