import Foundation
import TabbardTestSupport
import Testing

/// A plugin's helper has no more rights on the bus than a guest (issue 37, finding 1;
/// docs/plugins.md, Least privilege). The system instance runs as the unit runs it: as the
/// user `tabbard`, whose primary group is the default admin group, on a system-type bus with
/// a system bus's default policy and the installed policy file, so that the helper's uid is the
/// one the policy lets own the daemon's name and speak to delegates.
@Suite(
    "A helper on the bus", .serialized,
    .enabled(
        if: TestUsers.available && HelperPrivilegeTests.landlockABI != nil,
        "needs root, useradd and runuser, and a kernel with Landlock (a system helper does not run without it)"))
struct HelperBusTests {
    /// A system instance of user `tabbard`, with the plugin `businvader` in a helper, and what
    /// the attack needs: its script, and the directory its grandchild reports to.
    struct Setup {
        let bus: PrivateBus
        let daemon: DaemonProcess
        /// The attack: a shell script the plugin runs when its tab renders (`BUS_INTRUDE`).
        let script: String
        /// Where the detached grandchild says what it did (writable beneath `/var/tmp`).
        let queueReport: String
        /// The Python program the grandchild runs: connect, ask for the daemon's name, stay.
        let queueProgram: String
    }

    /// The daemon user's uid and gid, for the directories it must own.
    static func daemonIDs() throws -> (uid: uid_t, gid: gid_t) {
        let uid = try TestUsers.uid(TestUsers.daemonUser)
        let gid = try runCommand(["/usr/bin/id", "-g", TestUsers.daemonUser]).output.trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard let uid = uid_t(uid), let gid = gid_t(gid) else {
            throw TestFailure("no ids for \(TestUsers.daemonUser): \(uid) \(gid)")
        }
        return (uid, gid)
    }

    /// The setup on a system-type bus with `policy` (a system bus's default and the installed
    /// policy file unless said).
    static func setUp(policy: String = AccessTests.systemPolicy) throws -> Setup {
        try TestUsers.ensureDaemonUser()
        let ids = try daemonIDs()
        let attack = try makeTemporaryDirectory("tabbard-attack")
        chmod(attack, 0o755)
        let script = attack + "/attack.sh"
        let queueProgram = attack + "/queue.py"
        // The grandchild writes where Landlock leaves the helper's user a place to write.
        let reports = "/var/tmp/tabbard-it-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: false)
        chown(reports, ids.uid, ids.gid)
        let plugins = try FaultPlugin.directory(fault: (name: "businvader", define: "BUS_INTRUDE=\"\(script)\""))
        chmod(plugins, 0o755)
        for file in try FileManager.default.contentsOfDirectory(atPath: plugins) { chmod(plugins + "/" + file, 0o644) }
        let state = try makeTemporaryDirectory("tabbard-state")
        chown(state, ids.uid, ids.gid)
        chmod(state, 0o700)
        let config = try ReloadTests.configuration(
            "admin_group = \"\(TestUsers.adminGroup)\"\n[plugin.businvader]\nisolation = \"process\"\n")
        chmod((config as NSString).deletingLastPathComponent, 0o755)
        let bus = try PrivateBus(type: "system", policy: policy)
        // As tabbard.service runs it: User=tabbard, Group=tabbard (setpriv execs the daemon).
        let daemon = try DaemonProcess(
            bus: bus, arguments: ["--instance", "system", "--config", config], stateDirectory: state,
            environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "30000"], pluginDirectory: plugins,
            launcher: [
                "/usr/bin/setpriv", "--reuid=\(TestUsers.daemonUser)", "--regid=\(TestUsers.adminGroup)",
                "--init-groups",
            ])
        return Setup(
            bus: bus, daemon: daemon, script: script, queueReport: reports + "/queue.out", queueProgram: queueProgram)
    }

    /// Writes the attack: from the helper, ask delegate `delegate` (a unique name) as the daemon
    /// would, select, set a badge, register a delegate, each with busctl (`name=STATUS`, 0 for
    /// success), then leave a detached grandchild queued for the daemon's name.
    static func writeAttack(_ setup: Setup, delegate: String) throws {
        let address = setup.bus.address
        try """
        import dbus, os, sys, time
        print("pid", os.getpid(), flush=True)
        try:
            bus = dbus.bus.BusConnection(sys.argv[1])
            print("queued", bus.request_name("org.tabbard.TabBar1", 0), flush=True)
        except Exception as error:
            print("refused", error, flush=True)
            sys.exit(1)
        time.sleep(120)
        """.write(toFile: setup.queueProgram, atomically: true, encoding: .utf8)
        try """
        #!/bin/sh
        PATH=/usr/sbin:/usr/bin:/sbin:/bin
        call() { busctl --address='\(address)' --timeout=5 call "$@" > /dev/null 2>&1; echo $?; }
        printf 'asked=%s ' "$(call '\(delegate)' /delegate org.tabbard.TabBar1.Delegate ShouldSelect s alarm)"
        printf 'select=%s ' "$(call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 Select s alarm)"
        printf 'badge=%s ' "$(call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 SetBadge ss alarm 9)"
        printf 'register=%s ' "$(call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 RegisterDelegate o /delegate)"
        setsid -f \(systemPython) '\(setup.queueProgram)' '\(address)' > '\(setup.queueReport)' 2>&1 < /dev/null
        printf 'detached=%s ' "$?"
        """.write(toFile: setup.script, atomically: true, encoding: .utf8)
        chmod(setup.script, 0o755)
        chmod(setup.queueProgram, 0o644)
    }

    /// The unique name of a connection of user `uid` on `address`; nil when there is none.
    static func uniqueName(of uid: String, on address: String) throws -> String? {
        let names = try runCommand([
            "/usr/bin/busctl", "--address=\(address)", "--json=short", "call", "org.freedesktop.DBus",
            "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames",
        ])
        guard let reply = try parseJSON(names.output) as? [String: Any], let data = reply["data"] as? [[String]] else {
            throw TestFailure("ListNames: \(names.output) \(names.errors)")
        }
        for name in data.first ?? [] where name.hasPrefix(":") {
            let owner = try runCommand([
                "/usr/bin/busctl", "--address=\(address)", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus", "GetConnectionUnixUser", "s", name,
            ])
            if owner.output.trimmingCharacters(in: .whitespacesAndNewlines) == "u \(uid)" { return name }
        }
        return nil
    }

    /// The connections queued for the daemon's name, its owner first.
    static func queuedOwners(_ address: String) throws -> [String] {
        let result = try runCommand([
            "/usr/bin/busctl", "--address=\(address)", "--json=short", "call", "org.freedesktop.DBus",
            "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListQueuedOwners", "s", Names.service,
        ])
        guard result.status == 0 else { return [] } // NameHasNoOwner
        guard let reply = try parseJSON(result.output) as? [String: Any], let data = reply["data"] as? [[String]] else {
            throw TestFailure("ListQueuedOwners: \(result.output)")
        }
        return data.first ?? []
    }

    /// What the grandchild reported once it said whether it queued (10 s at most), and its pid.
    static func grandchild(_ setup: Setup) -> (report: String, pid: Int32?) {
        let deadline = Date().addingTimeInterval(10)
        var report = ""
        repeat {
            report = (try? String(contentsOfFile: setup.queueReport, encoding: .utf8)) ?? ""
            if report.contains("queued") || report.contains("refused") || report.contains("Error") { break }
            usleep(20_000)
        } while Date() < deadline
        let pid = report.firstMatch(of: /pid ([0-9]+)/).flatMap { Int32($0.output.1) }
        return (report, pid)
    }

    /// The connections queued for the daemon's name once none is (10 s at most: the bus learns
    /// of a killed connection a moment after the kernel closes it).
    static func queueEmpties(_ address: String) throws -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var owners = try queuedOwners(address)
        while !owners.isEmpty && Date() < deadline {
            usleep(20_000)
            owners = try queuedOwners(address)
        }
        return owners
    }

    /// Whether process `pid` is gone (or a zombie nobody collects), waiting 10 s at most.
    static func ends(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            if status.isEmpty || status.contains("State:\tZ") { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    @Test(
        "issue 37.1: a plugin in a helper of the system instance, and the grandchild it leaves, cannot reach the bus: no Unix socket or io_uring (EPERM), no change, no delegate asked, no place in the name's queue; the helper dies with the daemon, whose name is free for its next start"
    )
    func helperHasNoBus() throws {
        let setup = try Self.setUp()
        let admin = try Peer(address: setup.bus.address, mode: .deny, as: TestUsers.admin)
        let delegate = try #require(try Self.uniqueName(of: try TestUsers.uid(TestUsers.admin), on: setup.bus.address))
        try Self.writeAttack(setup, delegate: delegate)
        let helper = try HelperPrivilegeTests.helperPID(setup.daemon, plugin: "businvader")
        let badge =
            try property(setup.bus.address, "BadgeValue", path: Names.tab("alarm"), interface: Names.tabInterface)
            as? String
        let selected = try stringProperty(setup.bus.address, "SelectedTab")

        let body = try busctlCall(setup.bus.address, "GetContent", "s", "businvader-tab")
        let (report, grandchild) = Self.grandchild(setup)
        defer { if let grandchild { kill(grandchild, SIGKILL) } }
        print("helper's attempts: \(body)grandchild: \(report)")
        let outcomes = try HelperPrivilegeTests.attempts(body)
        #expect(outcomes["unix"] == EPERM && outcomes["uring"] == EPERM, "\(body)")
        #expect(outcomes["pair"] == 0, "the link's kind of socket stays allowed: \(body)")
        for call in ["asked", "select", "badge", "register"] {
            #expect(outcomes[call].map { $0 != 0 } == true, "\(call) from the helper: \(body)")
        }
        #expect(outcomes["detached"] == 0, "the grandchild did not start: \(body)")
        #expect(report.contains("refused") && !report.contains("queued"), "the grandchild: \(report)")
        #expect(report.contains("Operation not permitted") || report.contains("EPERM"), "the grandchild: \(report)")

        // Nothing changed, and the admin's delegate heard from nobody.
        #expect(try stringProperty(setup.bus.address, "SelectedTab") == selected)
        #expect(
            try property(setup.bus.address, "BadgeValue", path: Names.tab("alarm"), interface: Names.tabInterface)
                as? String == badge)
        #expect(!admin.lines.contains { $0.hasPrefix("asked") || $0 == "released" }, "\(admin.lines)")
        let owners = try Self.queuedOwners(setup.bus.address)
        #expect(owners.count == 1, "queued for \(Names.service): \(owners)")

        // The daemon's end: its helper goes with it, even killed, and its next start owns the name.
        #expect(setup.daemon.stop(signal: SIGKILL) == 137)
        #expect(Self.ends(helper), "helper \(helper) outlived its daemon")
        let left = try Self.queueEmpties(setup.bus.address)
        #expect(left.isEmpty, "still queued for \(Names.service) after the daemon: \(left)")
        try setup.daemon.start()
        #expect(try stringProperty(setup.bus.address, "SelectedTab") == selected)
        #expect(setup.daemon.stop() == 0, "\(setup.daemon.log)")
    }

    @Test(
        "issue 37.1: the daemon's own user (tabbard, in the admin group) changes nothing: the installed bus policy refuses it every call to the daemon, and without the policy the daemon refuses its changes as a guest's; an admin and root still change the bar"
    )
    func daemonUserChangesNothing() throws {
        let installed = try Self.setUp()
        let selected = try stringProperty(installed.bus.address, "SelectedTab")
        let outcome = try BusCall("Select", .string("alarm")).throughGDBus(
            address: installed.bus.address, as: TestUsers.daemonUser)
        print("Select as \(TestUsers.daemonUser), installed policy: \(outcome.error ?? "accepted") \(outcome.output)")
        #expect(outcome.error == "org.freedesktop.DBus.Error.AccessDenied", "\(outcome.output)")
        #expect(try stringProperty(installed.bus.address, "SelectedTab") == selected)
        try AccessTests.check(
            [BusCall("Select", .string("stopwatch"))], address: installed.bus.address, as: TestUsers.admin)
        #expect(try stringProperty(installed.bus.address, "SelectedTab") == "stopwatch")
        #expect(installed.daemon.stop() == 0, "\(installed.daemon.log)")

        // The daemon's own check, alone.
        let open = try Self.setUp(policy: PrivateBus.openPolicyForEveryUser)
        let address = open.bus.address
        let refused = try BusCall("Select", .string("alarm")).throughGDBus(address: address, as: TestUsers.daemonUser)
        print("Select as \(TestUsers.daemonUser), open policy: \(refused.error ?? "accepted") \(refused.output)")
        #expect(
            refused.output.contains("uid \(try TestUsers.uid(TestUsers.daemonUser)) may not call"),
            "refused by the daemon: \(refused.output)")
        try AccessTests.check(AccessTests.reads + AccessTests.changes, address: address, as: TestUsers.daemonUser)
        #expect(try stringProperty(address, "SelectedTab") == selected)
        try AccessTests.check([BusCall("Select", .string("stopwatch"))], address: address, as: TestUsers.admin)
        try AccessTests.check([BusCall("Select", .string("alarm"))], address: address, as: nil)
        #expect(try stringProperty(address, "SelectedTab") == "alarm")
        #expect(open.daemon.stop() == 0, "\(open.daemon.log)")
    }
    @Test(
        "issue 37.3: the daemon's own user may send a caller Peer.Ping through the installed bus policy, so a guest that reads its replies is answered past the daemon's bound on reply bytes it has not seen read"
    )
    func readingGuestIsConfirmed() throws {
        let setup = try Self.setUp()
        let reader = try makeTemporaryDirectory("tabbard-reader") + "/reader.py"
        chmod((reader as NSString).deletingLastPathComponent, 0o755)
        // Asks Describe (its reply is one JSON string) one call after another from a GLib main loop, which answers
        // the daemon's Peer.Ping as it reads, until 12 MiB of replies (past the 8 MiB after
        // which a caller that has not confirmed its reading is no longer answered) came back.
        try """
        import dbus, dbus.mainloop.glib, sys
        from gi.repository import GLib
        dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
        bus = dbus.bus.BusConnection(sys.argv[1])
        proxy = bus.get_object("org.tabbard.TabBar1", "/org/tabbard/TabBar1")
        loop = GLib.MainLoop()
        state = {"bytes": 0, "calls": 0}
        def ask():
            proxy.Describe(dbus_interface="org.tabbard.TabBar1",
                           reply_handler=answered, error_handler=failed, timeout=20)
        def answered(document):
            state["calls"] += 1
            state["bytes"] += len(document)
            if state["bytes"] >= 12 << 20:
                print("read", state["calls"], "replies,", state["bytes"], "bytes", flush=True)
                loop.quit()
            else:
                ask()
        def failed(error):
            print("failed after", state["calls"], "replies,", state["bytes"], "bytes:", error, flush=True)
            loop.quit()
            sys.exit(1)
        ask()
        loop.run()
        """.write(toFile: reader, atomically: true, encoding: .utf8)
        chmod(reader, 0o644)
        let run = try runCommand(
            TestUsers.asUser(TestUsers.guest, ["/usr/bin/python3", reader, setup.bus.address]), timeout: 120)
        print("guest reader: \(run.output)\(run.errors)")
        #expect(run.status == 0 && run.output.hasPrefix("read"), "\(run.output)\(run.errors)\n\(setup.daemon.log)")
        #expect(setup.daemon.stop() == 0, "\(setup.daemon.log)")
    }
}
