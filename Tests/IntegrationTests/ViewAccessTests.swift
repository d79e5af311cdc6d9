import Foundation
import TabbardTestSupport
import Testing

/// Views on the system instance (VIEW-4): the installed bus policy lets every local user open
/// views and manage its own, and the daemon lets only a view's opener change it; a user's
/// views are bounded so that no user exhausts the views of others (VIEW-1). Needs root to
/// create the accounts.
@Suite(
    "Views on the system instance", .serialized,
    .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run clients as other users"))
struct ViewAccessTests {
    @Test(
        "a user outside the admin group opens a view, sets its settings, taps @more on it and closes it, by the policy file and the daemon (VIEW-4)"
    )
    func guestManagesItsOwnView() throws {
        let bus = try PrivateBus(type: "system", policy: AccessTests.systemPolicy)
        let daemon = try AccessTests.systemDaemon(on: bus)
        let calls = [
            ViewBusTests.open([("max_visible", .uint32(2)), ("locale", .string("de_DE"))]),
            ViewBusTests.set("MaxVisible", .uint32(3), onView: 1),
            ViewBusTests.set("Locale", .string(""), onView: 1),
            ViewBusTests.view(1, "Tap", .string("@more")),
            ViewBusTests.get("ShowingMore", ofView: 1),
            ViewBusTests.view(1, "Close"),
            // The controller's own settings stay the admin group's.
            BusCall.set("MaxVisible", .uint32(3), fails: ViewBusTests.denied),
        ]
        let outcomes = try callThroughPython(address: bus.address, as: TestUsers.guest, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(outcome.error == call.error, "\(call) as \(TestUsers.guest): \(outcome.values)")
        }
        #expect(outcomes[4].values.first as? Bool == true)
        #expect(daemon.stop() == 0)
    }

    @Test("another user reads a view but may not set, close or tap @more on it: AccessDenied (VIEW-4)")
    func othersOnlyRead() throws {
        let bus = try PrivateBus(type: "system", policy: AccessTests.systemPolicy)
        let daemon = try AccessTests.systemDaemon(on: bus)
        let opener = try ViewOpener(bus.address, ["open", "1"])
        #expect(try opener.firstLine() as? [String] == [Names.view(1)])
        let calls = [
            ViewBusTests.get("MaxVisible", ofView: 1),
            ViewBusTests.set("MaxVisible", .uint32(4), onView: 1, fails: ViewBusTests.denied),
            ViewBusTests.view(1, "Close", fails: ViewBusTests.denied),
            ViewBusTests.view(1, "Tap", .string("@more"), fails: ViewBusTests.denied),
        ]
        try AccessTests.check(calls, address: bus.address, as: TestUsers.guest)
        opener.kill()
        #expect(daemon.stop() == 0)
    }

    @Test(
        "16 views per user outside the admin group, over any number of connections; the admin group is bounded only per connection (VIEW-1)"
    )
    func perUserLimit() throws {
        let bus = try PrivateBus(type: "system", policy: AccessTests.systemPolicy)
        let daemon = try AccessTests.systemDaemon(on: bus)
        let guest =
            try parseJSON(
                try runScript("view_opener.py", [bus.address, "open-many", "3", "8"], as: TestUsers.guest, input: ""))
            as? [String: Any]
        #expect(guest?["opened"] as? Int == 16, "\(guest ?? [:])")
        #expect(
            guest?["refused"] as? [String] == Array(repeating: Names.errorPrefix + "InvalidArgument", count: 8),
            "\(guest ?? [:])")
        let admin =
            try parseJSON(
                try runScript("view_opener.py", [bus.address, "open-many", "3", "8"], as: TestUsers.admin, input: ""))
            as? [String: Any]
        #expect(admin?["opened"] as? Int == 24, "\(admin ?? [:])")
        #expect(daemon.stop() == 0)
    }
}
