import Foundation
import TabbardTestSupport
import Testing

/// Standalone bars on the system instance (SBAR-8): reading is open to every local user, every
/// change, `Tap` included, is for root and the admin group, in the bus policy and again in the
/// daemon. Needs root to create the accounts.
@Suite(
    "Access to standalone bars on the system instance", .serialized,
    .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run clients as other users"))
struct BarAccessTests {
    static let denied = "org.freedesktop.DBus.Error.AccessDenied"

    /// What every local user may do on bar `modes` and its item `day`.
    static let reads: [BusCall] = [
        BusCall(path: Names.bar("modes"), interface: Names.properties, "GetAll", .string(Names.barInterface)),
        BusCall(
            path: Names.item("day", bar: "modes"), interface: Names.properties, "Get", .string(Names.itemInterface),
            .string("Title")),
        BusCall(path: Names.item("day", bar: "modes"), interface: "org.freedesktop.DBus.Introspectable", "Introspect"),
        BusCall(path: Names.controller, interface: Names.properties, "Get", .string(Names.service), .string("Bars")),
        BusCall("Describe"),
    ]

    /// Every kind of change to a bar, each refused to a user outside the admin group.
    static let changes: [BusCall] = [
        BusCall("CreateBar", .string("other"), fails: denied),
        BusCall("RemoveBar", .string("modes"), fails: denied),
        .bar("modes", "AddItem", .string("night"), .string("Night"), .string(""), .string(""), fails: denied),
        .bar("modes", "SetItems", .strings([]), .bool(false), fails: denied),
        .bar("modes", "SetSelectedItem", .string("day"), fails: denied),
        .bar("modes", "Tap", .string("day"), fails: denied),
        .bar("modes", "BeginCustomizingItems", .strings(["day"]), fails: denied),
        .set("TintColor", .string("#123456"), on: Names.bar("modes"), interface: Names.barInterface, fails: denied),
        .set(
            "Title", .string("Mine"), on: Names.item("day", bar: "modes"), interface: Names.itemInterface, fails: denied
        ),
        .item("day", of: "modes", "SetBadge", .string("1"), fails: denied),
    ]

    /// A system instance whose bar `modes` shows item `day`, made by root.
    static func daemonWithBar(policy: String) throws -> (PrivateBus, DaemonProcess) {
        let bus = try PrivateBus(type: "system", policy: policy)
        let daemon = try AccessTests.systemDaemon(on: bus)
        try StandaloneBarBusTests.expectOutcomes(
            bus.address,
            [
                BusCall("CreateBar", .string("modes")),
                .bar("modes", "AddItem", .string("day"), .string("Day"), .string(""), .string("")),
                .bar("modes", "SetItems", .strings(["day"]), .bool(false)),
            ])
        return (bus, daemon)
    }

    @Test(
        "a user outside the admin group reads bars and items, but every change, Tap included, is AccessDenied, by the policy and by the daemon (SBAR-8)",
        arguments: [AccessTests.systemPolicy, AccessTests.openPolicy])
    func guestReadsOnly(policy: String) throws {
        let (bus, daemon) = try Self.daemonWithBar(policy: policy)
        try AccessTests.check(Self.reads + Self.changes, address: bus.address, as: TestUsers.guest)
        #expect(
            try stringProperty(bus.address, "SelectedItem", path: Names.bar("modes"), interface: Names.barInterface)
                == "")
        #expect(try stringsProperty(bus.address, "Bars") == ["modes"])
        #expect(daemon.stop() == 0)
    }

    @Test("a member of the admin group changes bars and items (SBAR-8)")
    func adminChanges() throws {
        let (bus, daemon) = try Self.daemonWithBar(policy: AccessTests.systemPolicy)
        // Each change twice, through gdbus and dbus-python: both succeed.
        try AccessTests.check(
            [
                .bar("modes", "Tap", .string("day")),
                .set("Title", .string("Daytime"), on: Names.item("day", bar: "modes"), interface: Names.itemInterface),
                BusCall("CreateBar", .string("other")), BusCall("RemoveBar", .string("other")),
            ],
            address: bus.address, as: TestUsers.admin)
        #expect(
            try stringProperty(bus.address, "SelectedItem", path: Names.bar("modes"), interface: Names.barInterface)
                == "day")
        #expect(daemon.stop() == 0)
    }
}
