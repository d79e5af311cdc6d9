import Glibc
import Testing

@testable import TabbardDaemon

@Suite("Access on the system instance")
struct AccessPolicyTests {
    /// uid 1000 is in the admin group, uid 2000 is not.
    let policy = AccessPolicy(enforced: true, adminGroup: "tabbard") { uid, group in uid == 1000 && group == "tabbard" }

    // Which members only read is declared with them (`unprivileged` in the interface tables):
    // DBusTests' AuthorizationTests show those never reach the policy, and IntegrationTests'
    // AccessTests show a guest reading Describe, GetContent, Get, GetAll, Introspect, Ping and
    // GetManagedObjects of the daemon. The policy decides the rest.

    @Test("changing is for root and the admin group only")
    func changingIsRestricted() {
        #expect(!policy.mayChange(uid: 2000))
        #expect(policy.mayChange(uid: 1000))
        #expect(policy.mayChange(uid: 0))
    }

    @Test("issue 37.1: the daemon's own user changes nothing, whatever its groups, unless it is root")
    func daemonsOwnUserIsRefused() {
        // Under the unit the daemon is `tabbard` (uid 998 here), whose group is the admin group.
        let asTabbard = AccessPolicy(enforced: true, adminGroup: "tabbard", daemonUID: 998) { uid, group in
            (uid == 998 || uid == 1000) && group == "tabbard"
        }
        #expect(!asTabbard.mayChange(uid: 998))
        #expect(asTabbard.mayChange(uid: 1000))
        #expect(asTabbard.mayChange(uid: 0))
        #expect(!asTabbard.mayChange(uid: 2000))
        // A daemon run as root: root stays allowed.
        let asRoot = AccessPolicy(enforced: true, adminGroup: "tabbard", daemonUID: 0) { _, _ in false }
        #expect(asRoot.mayChange(uid: 0))
        // A session instance is its user's: the bus already keeps everyone else out.
        let session = AccessPolicy(enforced: false, adminGroup: "tabbard", daemonUID: 1000) { _, _ in false }
        #expect(session.mayChange(uid: 1000))
        // The daemon's user is its real uid.
        #expect(AccessPolicy(enforced: true, adminGroup: "tabbard").daemonUID == getuid())
    }

    @Test("a session instance allows everything")
    func sessionAllowsAll() {
        let session = AccessPolicy(enforced: false, adminGroup: "tabbard") { _, _ in false }
        #expect(session.mayChange(uid: 2000))
    }

    @Test("membership is read from the system's group database")
    func systemDatabase() {
        // root's primary group is root on every Linux system.
        #expect(AccessPolicy.systemMembership(uid: 0, group: "root"))
        #expect(!AccessPolicy.systemMembership(uid: 0, group: "no-such-group-tabbard"))
    }

    @Test("an entry larger than the first buffer is read again with a larger one (ERANGE), not taken as missing")
    func entriesLargerThanTheBuffer() {
        // Eight bytes cannot hold root's entry: getpwuid_r and getgrnam_r answer ERANGE first.
        #expect(AccountDatabase.user(0, firstBuffer: 8)?.name == "root")
        #expect(AccountDatabase.user(0, firstBuffer: 8)?.gid == 0)
        #expect(AccountDatabase.group(named: "root", firstBuffer: 8) == 0)
        #expect(AccountDatabase.group(named: "no-such-group-tabbard", firstBuffer: 8) == nil)
        #expect(AccountDatabase.user(4_000_000_000, firstBuffer: 8) == nil)
    }
}
