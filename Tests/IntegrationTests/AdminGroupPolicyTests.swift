import Foundation
import Testing
import TabbardTestSupport

/// `admin_group` in the configuration is the one place that says who may change the bar
/// (issue 42, item 2; dbus-api.md, Access): with the installed policy file on a system-type bus,
/// changing it needs no second file.
@Suite("admin_group and the bus policy", .serialized,
       .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run clients as other users"))
struct AdminGroupPolicyTests {
    @Test("issue 42.2: with admin_group changed in the configuration alone, a member of the new group changes the bar through the installed bus policy, and a member of the old group or of none is refused")
    func changedAdminGroup() throws {
        try TestUsers.ensure()
        try TestUsers.ensureOtherGroup()
        let bus = try PrivateBus(type: "system", policy: AccessTests.systemPolicy)
        let config = try ReloadTests.configuration("admin_group = \"\(TestUsers.otherGroup)\"\n")
        let daemon = try DaemonProcess(bus: bus, arguments: ["--instance", "system", "--config", config],
                                       pluginDirectory: try AccessTests.rootOwnedPlugins())
        let member = try BusCall("Select", .string("alarm")).throughGDBus(address: bus.address, as: TestUsers.otherMember)
        print("Select as a member of \(TestUsers.otherGroup): \(member.error ?? "accepted") \(member.output)")
        #expect(member.error == nil, "\(member.output)")
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        try AccessTests.check([BusCall("SetBadge", .string("songs"), .string("4")), BusCall.set("MaxVisible", .uint32(4))],
                              address: bus.address, as: TestUsers.otherMember)

        // Refused by the daemon, which names the caller's uid: the member of the default group
        // is no longer an admin, and a guest never was.
        for user in [TestUsers.admin, TestUsers.guest] {
            let refused = try BusCall("Select", .string("stopwatch")).throughGDBus(address: bus.address, as: user)
            #expect(refused.error == "org.freedesktop.DBus.Error.AccessDenied", "\(user): \(refused.output)")
            #expect(refused.output.contains("uid \(try TestUsers.uid(user)) may not call"), "\(user): \(refused.output)")
            try AccessTests.check(AccessTests.reads + AccessTests.changes, address: bus.address, as: user)
        }
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
