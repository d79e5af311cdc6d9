import Foundation
import TabbardTestSupport
import Testing

@testable import DBus

/// Callers' uids asked on a second connection of the service's own (`askIdentitiesApart`),
/// whose answers no caller's calls can queue ahead of (issue 37, finding 2).
@Suite("Identity lookups apart", .timeLimit(.minutes(2)))
struct IdentityLookupTests {
    /// A service whose callers are put to an authorizer that records the uids it is asked.
    private func setUp(apart: Bool) throws -> (ServiceFixture, Inbox<UInt32>) {
        let fixture = try ServiceFixture()
        let asked = Inbox<UInt32>()
        try fixture.withService { service in
            service.connection.authorizer = { uid in
                asked.put(uid)
                return true
            }
            if apart { try service.connection.askIdentitiesApart() }
        }
        return (fixture, asked)
    }

    @Test("the uid is asked on a connection of its own, and the call is judged by it")
    func askedApart() throws {
        let (fixture, asked) = try setUp(apart: true)
        let names = try fixture.withService { service in
            (service.connection.uniqueName, service.connection.credentials.lookups?.uniqueName)
        }
        #expect(names.1 != nil && names.1 != names.0, "\(names)")
        let caller = try Connection(.address(fixture.bus.address))
        _ = try caller.call(
            destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
            method: "Touch")
        #expect(asked.current == [UInt32(getuid())])
        #expect(try fixture.withService { $0.connection.cachedUnixUser(of: caller.uniqueName) } == UInt32(getuid()))
    }

    @Test(
        "a caller that leaves while its uid is asked leaves nothing in the cache, whichever connection hears of it first"
    )
    func leaversForgotten() throws {
        let (fixture, _) = try setUp(apart: true)
        var left: [String] = []
        for _ in 0..<40 {
            let caller = try Connection(.address(fixture.bus.address))
            let message = try Message.methodCall(
                destination: TestService.name, path: TestService.path.rawValue,
                interface: TestService.interface, method: "Touch")
            _ = try caller.send(message)
            _ = caller.flush(within: .seconds(5))
            left.append(caller.uniqueName)
            caller.close()
        }
        // The last leaver's departure and any answer about it have been handled once a call
        // made after them is answered.
        let witness = try Connection(.address(fixture.bus.address))
        _ = try witness.call(
            destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
            method: "Touch")
        usleep(200_000)
        _ = try witness.call(
            destination: TestService.name, path: TestService.path.rawValue, interface: TestService.interface,
            method: "Touch")
        let kept = try fixture.withService { service in left.filter { service.connection.cachedUnixUser(of: $0) != nil }
        }
        #expect(kept.isEmpty, "\(kept.count) of \(left.count) names that left are still cached")
        let pending = try fixture.withService { service in service.connection.credentials.asking.count }
        #expect(pending == 0)
    }
}
