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
