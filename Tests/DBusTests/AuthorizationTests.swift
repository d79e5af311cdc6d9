import DBus
import Foundation
import TabbardTestSupport
import Testing

/// The authorizer is asked about every call that reaches a member not marked `unprivileged`;
/// members that only read are open to every caller (as sd-bus vtables'
/// `SD_BUS_VTABLE_UNPRIVILEGED`).
@Suite("Privileged and unprivileged members", .timeLimit(.minutes(2)))
struct AuthorizationTests {
    /// Calls `member` on the test object (or `path`) and gives the error name, nil for success.
    private func outcome(
        _ caller: Connection, path: String = TestService.path.rawValue, _ interface: String?, _ member: String,
        _ write: (inout MessageWriter) throws(DBusError) -> Void = { _ in }
    ) throws -> String? {
        let message = try Message.methodCall(
            destination: TestService.name, path: path, interface: interface, method: member)
        var writer = message.writer()
        try write(&writer)
        do {
            _ = try caller.call(message, timeout: .seconds(10))
            return nil
        } catch {
            return error.name
        }
    }

    @Test(
        "a caller the authorizer refuses still reads: Properties.Get and GetAll, Introspect, Peer, GetManagedObjects, unprivileged methods"
    )
    func readsAreOpen() throws {
        let fixture = try ServiceFixture()
        let asked = Inbox<UInt32>()
        try fixture.withService { service in
            service.connection.authorizer = { uid in
                asked.put(uid)
                return false
            }
        }
        let caller = try Connection(.address(fixture.bus.address))
        let properties = "org.freedesktop.DBus.Properties"
        #expect(
            try outcome(caller, properties, "Get") { (writer: inout MessageWriter) throws(DBusError) in
                try writer.append(TestService.interface)
                try writer.append("Title")
            } == nil)
        #expect(
            try outcome(caller, properties, "GetAll") { (writer: inout MessageWriter) throws(DBusError) in
                try writer.append(TestService.interface)
            } == nil)
        #expect(try outcome(caller, "org.freedesktop.DBus.Introspectable", "Introspect") == nil)
        #expect(try outcome(caller, path: "/org", "org.freedesktop.DBus.Introspectable", "Introspect") == nil)
        #expect(try outcome(caller, "org.freedesktop.DBus.Peer", "Ping") == nil)
        #expect(try outcome(caller, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects") == nil)
        #expect(try outcome(caller, TestService.interface, "WhoAmI") == nil)
        #expect(try outcome(caller, nil, "WhoAmI") == nil, "judged by the member it reaches")
        #expect(asked.current.isEmpty, "nobody asked about reads: \(asked.current)")
    }

    @Test("every other member, Properties.Set included, is put to the authorizer with the caller's uid")
    func changesAreAsked() throws {
        let fixture = try ServiceFixture()
        let asked = Inbox<UInt32>()
        final class Verdict: @unchecked Sendable { var allow = false }
        let verdict = Verdict()
        try fixture.withService { service in
            service.connection.authorizer = { uid in
                asked.put(uid)
                return verdict.allow
            }
        }
        let caller = try Connection(.address(fixture.bus.address))
        let denied = "org.freedesktop.DBus.Error.AccessDenied"
        let setTitle = { (writer: inout MessageWriter) throws(DBusError) in
            try writer.append(TestService.interface)
            try writer.append("Title")
            try writer.append(Variant(.string("refused")))
        }
        #expect(try outcome(caller, "org.freedesktop.DBus.Properties", "Set", setTitle) == denied)
        #expect(try outcome(caller, TestService.interface, "Touch") == denied)
        #expect(try outcome(caller, nil, "Touch") == denied, "leaving the interface out opens nothing")
        #expect(try outcome(caller, nil, "NoSuchMember") == denied, "a call that reaches nothing is asked")
        let uid = UInt32(getuid())
        #expect(asked.current == [uid, uid, uid, uid])
        try fixture.withService { _ in verdict.allow = true }
        #expect(try outcome(caller, "org.freedesktop.DBus.Properties", "Set", setTitle) == nil)
        #expect(try fixture.withService { $0.title } == "refused")
    }
}

/// A caller's rank follows the prioritizer when what it answers changes (a reload of the
/// admin group): `rankCallersAgain` ranks the callers already connected anew.
@Suite("Ranks after the prioritizer changes", .timeLimit(.minutes(2)))
struct RankAgainTests {
    final class Verdict: @unchecked Sendable { var privileged = false }

    /// A service whose callers are all allowed and ranked by `verdict`, and a client of it.
    private func setUp(_ verdict: Verdict) throws -> (ServiceFixture, Connection) {
        let fixture = try ServiceFixture()
        try fixture.withService { service in
            service.connection.authorizer = { _ in true }
            service.connection.prioritizer = { _ in verdict.privileged }
        }
        return (fixture, try Connection(.address(fixture.bus.address)))
    }

    /// Six replies of 1 MiB to a client that never dispatches, so never answers `Peer.Ping`:
    /// an unprivileged caller's calls wait past 4 MiB unconfirmed, a privileged one's never.
    private func answered(_ client: Connection) -> Int {
        (0..<6).count { _ in
            (try? client.call(
                destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
                method: "Repeat", UInt32(1 << 20), timeout: .seconds(2))) != nil
        }
    }

    @Test("a caller made privileged is served as one from its next call")
    func promoted() throws {
        let verdict = Verdict()
        let (fixture, client) = try setUp(verdict)
        #expect(
            try client.call(
                destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
                method: "Repeat", UInt32(1)
            ).decode(String.self) == "x")
        try fixture.withService { service in
            verdict.privileged = true
            service.connection.rankCallersAgain()
        }
        #expect(answered(client) == 6)
    }

    @Test("a caller no longer privileged is held to an unprivileged caller's share")
    func demoted() throws {
        let verdict = Verdict()
        verdict.privileged = true
        let (fixture, client) = try setUp(verdict)
        #expect(answered(client) == 6)
        try fixture.withService { service in
            verdict.privileged = false
            service.connection.rankCallersAgain()
        }
        #expect(answered(client) < 6)
    }
}

/// A client that never dispatches what it receives never answers `Peer.Ping`: past its unread
/// share, once a Ping goes unanswered, its calls are refused with a `LimitsExceeded` that says
/// why, instead of waiting for good (issue 37).
@Suite("A caller that answers no Ping", .timeLimit(.minutes(2)))
struct UnresponsiveCallerTests {
    @Test("past 4 MiB unread and a Ping unanswered, the waiting call and the next are LimitsExceeded, saying why")
    func refusedNotHeld() throws {
        let fixture = try ServiceFixture()
        try fixture.withService { service in
            service.connection.authorizer = { _ in true }
            service.connection.prioritizer = { _ in false }
        }
        let client = try Connection(.address(fixture.bus.address))
        var outcomes: [String] = []
        for _ in 0..<6 {
            do {
                _ = try client.call(
                    destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
                    method: "Repeat", UInt32(1 << 20), timeout: .seconds(30))
                outcomes.append("answered")
            } catch {
                outcomes.append(error.name)
                #expect(error.message.contains("answers no org.freedesktop.DBus.Peer.Ping"), "\(error.message)")
            }
        }
        let refused = DBusError.Names.limitsExceeded
        #expect(outcomes == ["answered", "answered", "answered", "answered", refused, refused], "\(outcomes)")
    }
}
