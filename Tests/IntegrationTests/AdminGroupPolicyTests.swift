import Foundation
import TabbardTestSupport
import Testing

/// `admin_group` in the configuration and the group the bus policy file names (issue 42, item 2;
/// dbus-api.md, Access): both must name the group, and when they disagree the daemon says at
/// start, on each reload and in `--check-config` exactly which file disagrees and what to change.
@Suite(
    "admin_group and the bus policy", .serialized,
    .enabled(if: TestUsers.available, "skipped: needs root, useradd and runuser to run clients as other users"))
struct AdminGroupPolicyTests {
    /// A policy directory holding a copy of the installed policy file, which the private bus
    /// includes and the daemon reads (`TABBARD_BUS_POLICY_DIRS`): the directory and the copy.
    static func installedPolicy() throws -> (directory: String, file: String) {
        let directory = try makeTemporaryDirectory("tabbard-system.d")
        let file = directory + "/org.tabbard.TabBar1.conf"
        try FileManager.default.copyItem(
            atPath: PackagePaths.root.appendingPathComponent("dbus/org.tabbard.TabBar1.conf").path,
            toPath: file)
        return (directory, file)
    }

    /// A system bus's default policy with `file` included, as `AccessTests.systemPolicy` has
    /// the project's own.
    static func systemPolicy(including file: String) -> String {
        AccessTests.systemPolicy.replacingOccurrences(
            of: PackagePaths.root.appendingPathComponent("dbus/org.tabbard.TabBar1.conf").path, with: file)
    }

    /// `tabbard --check-config` of the system instance with `config`, reading the bus policy
    /// files of `policyDirectory`.
    static func checkConfig(_ config: String, policyDirectory: String, plugins: String) throws -> CommandResult {
        try runCommand([
            "/usr/bin/env", "TABBARD_BUS_POLICY_DIRS=\(policyDirectory)", try PackagePaths.executable("tabbard"),
            "--check-config", "--instance", "system", "--config", config, "--plugin-dir", plugins,
        ])
    }

    /// A system instance with `adminGroup` on a system-type bus that includes a copy of the
    /// installed policy file, which the daemon reads too.
    struct Instance {
        let policy: (directory: String, file: String)
        let bus: PrivateBus
        let config: String
        let plugins: String
        let daemon: DaemonProcess

        init(adminGroup: String) throws {
            policy = try AdminGroupPolicyTests.installedPolicy()
            bus = try PrivateBus(type: "system", policy: AdminGroupPolicyTests.systemPolicy(including: policy.file))
            config = try ReloadTests.configuration("admin_group = \"\(adminGroup)\"\n")
            plugins = try AccessTests.rootOwnedPlugins()
            daemon = try DaemonProcess(
                bus: bus, arguments: ["--instance", "system", "--config", config],
                environment: ["TABBARD_BUS_POLICY_DIRS": policy.directory], pluginDirectory: plugins)
        }
    }

    /// Waits until the daemon's log holds `count` lines containing `text`; returns whether it does.
    static func awaitLog(_ daemon: DaemonProcess, _ text: String, count: Int = 1) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while daemon.log.components(separatedBy: text).count - 1 < count && Date() < deadline { usleep(20_000) }
        return daemon.log.components(separatedBy: text).count - 1 >= count
    }

    @Test(
        "issue 42.2: admin_group changed in the configuration alone: the bus refuses the new group's member, and the daemon's log and --check-config name the policy file, the group it allows and the configured one; once the file names the group too, the member changes the bar and the warning is gone"
    )
    func changedAdminGroup() throws {
        try TestUsers.ensure()
        try TestUsers.ensureOtherGroup()
        let instance = try Instance(adminGroup: TestUsers.otherGroup)
        let (policy, bus, config, plugins, daemon) = (
            instance.policy, instance.bus, instance.config, instance.plugins, instance.daemon
        )
        let warning =
            "admin_group '\(TestUsers.otherGroup)' (\(config)) disagrees with \(policy.file), which lets only group 'tabbard' change the bar"
        let logged = daemon.log.split(separator: "\n").filter { $0.contains("disagrees with") }
        print("the daemon's log at start: \(logged)")
        #expect(logged.count == 1 && logged[0].contains(warning), "\(daemon.log)")
        #expect(logged.first?.contains("<policy group=\"tabbard\">") == true, "says what to change: \(logged)")
        let check = try Self.checkConfig(config, policyDirectory: policy.directory, plugins: plugins)
        print("--check-config: \(check.status) \(check.output)")
        #expect(check.status == 0 && check.output.contains("warning: \(warning)"), "\(check.output)\(check.errors)")

        // The bus refuses the member before the daemon sees the call: no uid in the message.
        let member = try BusCall("Select", .string("alarm")).throughGDBus(
            address: bus.address, as: TestUsers.otherMember)
        print(
            "Select as a member of \(TestUsers.otherGroup), policy unchanged: \(member.error ?? "accepted") \(member.output)"
        )
        #expect(member.error == "org.freedesktop.DBus.Error.AccessDenied", "\(member.output)")
        #expect(!member.output.contains("may not call"), "refused by the bus: \(member.output)")
        try AccessTests.check(AccessTests.reads, address: bus.address, as: TestUsers.otherMember)

        // Said again on each reload, before the line that ends it.
        kill(daemon.pid, SIGHUP)
        #expect(Self.awaitLog(daemon, "reloaded:"), "\(daemon.log)")
        #expect(daemon.log.components(separatedBy: warning).count - 1 == 2, "a warning on reload: \(daemon.log)")

        // The administrator changes the group in the policy file too: the bus lets the member
        // through and the daemon, reloaded, no longer warns.
        let text = try String(contentsOfFile: policy.file, encoding: .utf8)
        try text.replacingOccurrences(
            of: "<policy group=\"tabbard\">", with: "<policy group=\"\(TestUsers.otherGroup)\">"
        )
        .write(toFile: policy.file, atomically: true, encoding: .utf8)
        let reloadBus = try runCommand([
            "/usr/bin/gdbus", "call", "--address", bus.address, "--dest", "org.freedesktop.DBus",
            "--object-path", "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.ReloadConfig",
        ])
        #expect(reloadBus.status == 0, "\(reloadBus.errors)")
        kill(daemon.pid, SIGHUP)
        #expect(Self.awaitLog(daemon, "reloaded:", count: 2), "\(daemon.log)")
        #expect(
            daemon.log.components(separatedBy: "disagrees with").count - 1 == 2,
            "no warning on this reload: \(daemon.log)")
        let agreed = try Self.checkConfig(config, policyDirectory: policy.directory, plugins: plugins)
        #expect(agreed.status == 0 && !agreed.output.contains("disagrees"), "\(agreed.output)")

        let allowed = try BusCall("Select", .string("alarm")).throughGDBus(
            address: bus.address, as: TestUsers.otherMember)
        print(
            "Select as a member of \(TestUsers.otherGroup), policy changed: \(allowed.error ?? "accepted") \(allowed.output)"
        )
        #expect(allowed.error == nil, "\(allowed.output)")
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        try AccessTests.check(
            [BusCall("SetBadge", .string("songs"), .string("4")), BusCall.set("MaxVisible", .uint32(4))],
            address: bus.address, as: TestUsers.otherMember)

        // The member of the default group is no longer an admin (refused by the bus now), and
        // a guest never was.
        for user in [TestUsers.admin, TestUsers.guest] {
            let refused = try BusCall("Select", .string("stopwatch")).throughGDBus(address: bus.address, as: user)
            #expect(refused.error == "org.freedesktop.DBus.Error.AccessDenied", "\(user): \(refused.output)")
            try AccessTests.check(AccessTests.reads + AccessTests.changes, address: bus.address, as: user)
        }
        #expect(try stringProperty(bus.address, "SelectedTab") == "alarm")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "issue 42.2: with the default admin_group and the installed policy, neither the daemon (at start and on reload) nor --check-config warns"
    )
    func defaultGroupAgrees() throws {
        try TestUsers.ensure()
        let instance = try Instance(adminGroup: TestUsers.adminGroup)
        let (policy, bus, config, plugins, daemon) = (
            instance.policy, instance.bus, instance.config, instance.plugins, instance.daemon
        )
        kill(daemon.pid, SIGHUP)
        #expect(Self.awaitLog(daemon, "reloaded:"), "\(daemon.log)")
        #expect(!daemon.log.contains("bus policy") && !daemon.log.contains("disagrees"), "\(daemon.log)")
        let check = try Self.checkConfig(config, policyDirectory: policy.directory, plugins: plugins)
        #expect(check.status == 0 && !check.output.contains("warning"), "\(check.output)")
        try AccessTests.check([BusCall("Select", .string("stopwatch"))], address: bus.address, as: TestUsers.admin)
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
