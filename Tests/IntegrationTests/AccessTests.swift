import Foundation
import TabbardTestSupport
import Testing

/// Access control on the system instance (dbus-api.md, Access): a private bus with the system
/// bus's default-deny policy and the project's policy file, the daemon started with
/// `--instance system`, and clients run as other users. Needs root to create the accounts.
@Suite(
    "Access on the system instance", .serialized,
    .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run clients as other users"))
struct AccessTests {
    /// A system bus's default policy, then the project's policy file. The daemon runs as root
    /// here, so root gets what the policy file gives the daemon's own user.
    static var systemPolicy: String {
        """
        <policy context="default">
          <allow user="*"/>
          <deny own="*"/>
          <deny send_type="method_call"/>
          <allow send_type="signal"/>
          <allow send_requested_reply="true" send_type="method_return"/>
          <allow send_requested_reply="true" send_type="error"/>
          <allow receive_type="method_call"/>
          <allow receive_type="method_return"/>
          <allow receive_type="error"/>
          <allow receive_type="signal"/>
          <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
          <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
        </policy>
        <include>\(PackagePaths.root.appendingPathComponent("dbus/org.tabbard.TabBar1.conf").path)</include>
        <policy user="root">
          <allow own="org.tabbard.TabBar1"/>
          <allow send_interface="org.tabbard.TabBar1.Delegate"/>
        </policy>
        """
    }

    /// Every user may connect, own and call anything.
    static let openPolicy = PrivateBus.openPolicyForEveryUser

    /// Copies of the staged plugins that pass the system instance's ownership checks: owned by
    /// root, not writable by group or others.
    static func rootOwnedPlugins() throws -> String {
        let directory = try ReloadTests.pluginDirectory(with: ["clock", "media", "notes"])
        chmod(directory, 0o755)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            chmod(directory + "/" + file, 0o644)
        }
        return directory
    }

    /// A system instance on `bus`, its admin group the default.
    static func systemDaemon(on bus: PrivateBus, plugins: String? = nil) throws -> DaemonProcess {
        try TestUsers.ensure()
        let config = try ReloadTests.configuration("admin_group = \"\(TestUsers.adminGroup)\"\n")
        return try DaemonProcess(
            bus: bus, arguments: ["--instance", "system", "--config", config],
            pluginDirectory: try plugins ?? rootOwnedPlugins())
    }

    /// What every local user may do.
    static let reads: [BusCall] = [
        BusCall(path: Names.controller, interface: Names.properties, "Get", .string(Names.service), .string("Tabs")),
        BusCall(path: Names.tab("alarm"), interface: Names.properties, "GetAll", .string(Names.tabInterface)),
        BusCall("Describe"),
        BusCall("GetContent", .string("alarm")),
        BusCall(path: Names.bar, interface: "org.freedesktop.DBus.Introspectable", "Introspect"),
        BusCall(path: Names.controller, interface: "org.freedesktop.DBus.Peer", "Ping"),
        BusCall(path: Names.controller, interface: "org.freedesktop.DBus.ObjectManager", "GetManagedObjects"),
    ]

    /// Changes, each refused to a user outside the admin group.
    static let changes: [BusCall] = [
        BusCall("Select", .string("alarm"), fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("Tap", .string("alarm"), fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("RegisterDelegate", .path("/delegate"), fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("BeginCustomizing", fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("Activate", .string("stopwatch"), .string("start"), fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("Navigate", .string("songs"), .string("all"), fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("SetBadge", .string("songs"), .string("1"), fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall("Reset", fails: "org.freedesktop.DBus.Error.AccessDenied"),
        BusCall.set("MaxVisible", .uint32(3), fails: "org.freedesktop.DBus.Error.AccessDenied"),
    ]

    static func check(_ calls: [BusCall], address: String, as user: String?) throws {
        for call in calls {
            let outcome = try call.throughGDBus(address: address, as: user)
            #expect(outcome.error == call.error, "gdbus as \(user ?? "root"): \(call): \(outcome.output)")
        }
        let outcomes = try callThroughPython(address: address, as: user, calls)
        for (call, outcome) in zip(calls, outcomes) {
            #expect(outcome.error == call.error, "dbus-python as \(user ?? "root"): \(call): \(outcome.values)")
        }
    }

    @Test("a user outside the admin group reads everything but every change is AccessDenied (Access)")
    func guestReadsOnly() throws {
        let bus = try PrivateBus(type: "system", policy: Self.systemPolicy)
        let daemon = try Self.systemDaemon(on: bus)
        try Self.check(Self.reads + Self.changes, address: bus.address, as: TestUsers.guest)
        #expect(try stringProperty(bus.address, "SelectedTab") == "world-clock")
        #expect(try property(bus.address, "MaxVisible") as? Int == 5)
        #expect(daemon.stop() == 0)
    }

    @Test("root and members of the admin group may change the bar (Access)")
    func rootAndAdminChange() throws {
        let bus = try PrivateBus(type: "system", policy: Self.systemPolicy)
        let daemon = try Self.systemDaemon(on: bus)
        try Self.check(
            Self.reads + [BusCall("Select", .string("stopwatch")), BusCall.set("MaxVisible", .uint32(4))],
            address: bus.address, as: TestUsers.admin)
        #expect(try stringProperty(bus.address, "SelectedTab") == "stopwatch")
        try Self.check(
            [BusCall("Select", .string("notes")), BusCall("SetBadge", .string("songs"), .string("2"))],
            address: bus.address, as: nil)
        #expect(try stringProperty(bus.address, "SelectedTab") == "notes")
        #expect(daemon.stop() == 0)
    }

    @Test("an admin's delegate is asked through the system policy, and its veto holds (TAP-1, Access)")
    func adminDelegateOnSystemBus() throws {
        let bus = try PrivateBus(type: "system", policy: Self.systemPolicy)
        let daemon = try Self.systemDaemon(on: bus)
        let delegate = try Peer(address: bus.address, mode: .deny, as: TestUsers.admin)
        #expect(try busctlCall(bus.address, "Tap", "s", "alarm") == "b false\n")
        #expect(delegate.waitForLine(timeout: 5) { $0 == "asked alarm" } != nil)
        #expect(try stringProperty(bus.address, "SelectedTab") == "world-clock")
        #expect(daemon.stop() == 0)
        #expect(delegate.waitForLine(timeout: 5) { $0 == "released" } != nil)
    }

    @Test("the daemon itself refuses a non-admin's change when the bus policy lets it through (Access)")
    func daemonChecksCallerItself() throws {
        // Open policy: only the daemon's own check stands in the way.
        let bus = try PrivateBus(type: "system", policy: Self.openPolicy)
        let daemon = try Self.systemDaemon(on: bus)
        try Self.check(Self.reads + Self.changes, address: bus.address, as: TestUsers.guest)
        let refused = try BusCall("Select", .string("alarm")).throughGDBus(address: bus.address, as: TestUsers.guest)
        #expect(refused.output.contains("uid \(try TestUsers.uid(TestUsers.guest))"), "\(refused.output)")
        try Self.check(
            [
                BusCall("Tap", .string("alarm")), BusCall("SetBadge", .string("songs"), .string("3")),
                BusCall.set("MaxVisible", .uint32(4)), BusCall("Customize", .strings([]), fails: "InvalidOrder"),
            ],
            address: bus.address, as: TestUsers.admin)
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "the daemon judges a call that names no interface by the member it reaches: reads pass, changes are refused (Access)"
    )
    func callsWithoutInterface() throws {
        // The policy file's bus refuses calls without an interface outright; the daemon's own
        // check must stand without it.
        let bus = try PrivateBus(type: "system", policy: Self.openPolicy)
        let daemon = try Self.systemDaemon(on: bus)
        func bare(_ call: BusCall) -> BusCall {
            var bare = call
            bare.interface = ""
            return bare
        }
        let guestCalls = [
            bare(BusCall("Describe")),
            bare(
                BusCall(
                    path: Names.controller, interface: Names.properties, "Get", .string(Names.service), .string("Tabs"))
            ),
            bare(BusCall(path: Names.tab("alarm"), interface: "org.freedesktop.DBus.Introspectable", "Introspect")),
            bare(BusCall("Select", .string("alarm"), fails: "org.freedesktop.DBus.Error.AccessDenied")),
            bare(BusCall.set("MaxVisible", .uint32(3), fails: "org.freedesktop.DBus.Error.AccessDenied")),
        ]
        let outcomes = try callThroughPython(address: bus.address, as: TestUsers.guest, guestCalls)
        for (call, outcome) in zip(guestCalls, outcomes) {
            #expect(outcome.error == call.error, "\(call) as \(TestUsers.guest): \(outcome.values)")
        }
        #expect(try stringProperty(bus.address, "SelectedTab") == "world-clock")
        let root = try callThroughPython(address: bus.address, [bare(BusCall("Select", .string("alarm")))])
        #expect(root.first?.error == nil, "\(root)")
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        #expect(daemon.stop() == 0)
    }

    @Test("SIGHUP applies a changed admin_group: the old group's members lose the right to change (Access)")
    func reloadAppliesAdminGroup() throws {
        try TestUsers.ensure()
        let bus = try PrivateBus(type: "system", policy: Self.openPolicy)
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = try ReloadTests.configuration("admin_group = \"\(TestUsers.adminGroup)\"\n", in: directory)
        let daemon = try DaemonProcess(
            bus: bus, arguments: ["--instance", "system", "--config", config],
            pluginDirectory: try Self.rootOwnedPlugins())
        #expect(
            try BusCall("Select", .string("alarm")).throughGDBus(address: bus.address, as: TestUsers.admin).error == nil
        )
        _ = try ReloadTests.configuration("admin_group = \"root\"\n", in: directory)
        kill(daemon.pid, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("reloaded") && Date() < deadline { usleep(20_000) }
        let refused = try BusCall("Select", .string("notes")).throughGDBus(address: bus.address, as: TestUsers.admin)
        #expect(refused.error == "org.freedesktop.DBus.Error.AccessDenied", "\(refused.output)\n\(daemon.log)")
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "the system instance skips a plugin that others may write or root does not own, naming the file, and loads the rest"
    )
    func writablePluginRefused() throws {
        try TestUsers.ensure()
        let plugins = try Self.rootOwnedPlugins()
        chmod(plugins + "/libnotes.so", 0o666)
        let guest = try #require(UInt32(try TestUsers.uid(TestUsers.guest)))
        chown(plugins + "/libmedia.so", guest, 0)
        let bus = try PrivateBus()
        let daemon = try Self.systemDaemon(on: bus, plugins: plugins)
        let available = try stringsProperty(bus.address, "AvailableTabs")
        #expect(available == ["world-clock", "alarm", "stopwatch", "timer"], "\(available)")
        #expect(daemon.log.contains("libnotes.so") && daemon.log.contains("libmedia.so"), "\(daemon.log)")
        #expect(daemon.stop() == 0)
    }
}
