import Foundation
import TabbardTestSupport
import Testing

/// Plugins out of process (issue 14; docs/plugins.md, Isolation): a plugin whose manifest says
/// `isolation = "process"` runs in a helper; when the helper crashes, aborts, exits, hangs,
/// floods the daemon with callbacks or sends what the link refuses, the daemon stays, with its
/// PID, its bus name, what it acknowledged and bounded memory, other clients are served
/// throughout, and the plugin is disabled after the documented number of failures. The same
/// scenario runs with the C fault plugin and the Swift one.
@Suite("Isolated plugins")
struct IsolationTests {
    /// A plugin directory with the clock plugin and fault plugin `name` built with `define`,
    /// its manifest saying `isolation = "process"`.
    static func isolatedFaultPlugin(_ name: String, _ define: String) throws -> String {
        let plugins = try FaultPlugin.directory(fault: (name: name, define: define))
        let manifest = plugins + "/\(name).plugin"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "description =", with: "isolation = \"process\"\ndescription =")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        return plugins
    }

    /// A daemon with the fault plugin `faulty` built with `define`, in a helper when `isolated`,
    /// once its tab answers (recorded as an issue at the caller when it does not).
    static func faultyTabDaemon(
        _ define: String, isolated: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DaemonProcess {
        let plugins =
            isolated
            ? try isolatedFaultPlugin("faulty", define)
            : try FaultPlugin.directory(fault: (name: "faulty", define: define))
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        #expect(waitForContent(daemon.bus.address, "faulty-tab"), "\(daemon.log)", sourceLocation: sourceLocation)
        return daemon
    }

    /// The unique name owning the service's name on `address`.
    static func owner(_ address: String) throws -> String {
        try runCommand([
            "/usr/bin/busctl", "--address=\(address)", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus", "GetNameOwner", "s", Names.service,
        ]).output
    }

    /// `GetContent` of `tab` until it succeeds (its helper is ready), for up to `seconds`.
    static func waitForContent(_ address: String, _ tab: String, seconds: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? ProbeTests.contentError(address, tab)) == .some(nil) { return true }
            usleep(50_000)
        }
        return false
    }

    /// A fault met in `Activate` of a plugin in process mode: which plugin and action, what
    /// the `Activate` that meets it answers, and how the helper's end is logged.
    struct Fault: Sendable, CustomTestStringConvertible {
        /// The plugin: the C fault plugin built with a `-D` switch (`FaultPlugin`), or the
        /// Swift fault plugin, whose actions are its faults.
        enum Plugin: Sendable {
            case c(define: String)
            case swift
        }

        let plugin: Plugin
        /// The action that meets the fault.
        let action: String
        /// What the error reply to `Activate` says.
        let answer: String
        /// The log's words for the helper's end.
        let ending: String

        /// The plugin's name; its one tab is `<name>-tab`.
        var name: String {
            switch plugin {
            case .c: "faulty"
            case .swift: "swiftfault"
            }
        }

        var tab: String { "\(name)-tab" }

        /// A plugin directory with the clock plugin and this plugin, in process mode.
        func directory() throws -> String {
            switch plugin {
            case .c(let define): try IsolationTests.isolatedFaultPlugin(name, define)
            case .swift: try FaultPlugin.swiftDirectory()
            }
        }

        var testDescription: String {
            switch plugin {
            case .c(let define): "C \(define)"
            case .swift: "Swift \(action)"
            }
        }
    }

    static let unavailable = "the plugin is unavailable"
    static let flooded = "it sent more than 1000 events in a second"

    /// The C plugin's faults, met on `poke`.
    static let cFaults = [
        Fault(
            plugin: .c(define: "SEGV_IN_ACTIVATE"), action: "poke", answer: unavailable,
            ending: "its helper ended (signal \(SIGSEGV)"),
        Fault(
            plugin: .c(define: "ABORT_IN_ACTIVATE"), action: "poke", answer: unavailable,
            ending: "its helper ended (signal \(SIGABRT)"),
        Fault(
            plugin: .c(define: "EXIT_IN_ACTIVATE"), action: "poke", answer: unavailable,
            ending: "its helper ended (exited with status 0)"),
        Fault(
            plugin: .c(define: "HANG_IN_ACTIVATE"), action: "poke", answer: "activate was not answered in time",
            ending: "its helper was ended: activate was not answered in time"),
        Fault(
            plugin: .c(define: "FLOOD_IN_ACTIVATE"), action: "poke", answer: flooded,
            ending: "its helper was ended: \(flooded)"),
        Fault(
            plugin: .c(define: "OVERSIZED_IN_ACTIVATE"), action: "poke",
            answer: "it sent a message of 2147483647 bytes",
            ending: "its helper was ended: it sent a message of 2147483647 bytes"),
        Fault(
            plugin: .c(define: "MALFORMED_IN_ACTIVATE"), action: "poke", answer: "it sent a malformed message",
            ending: "its helper was ended: it sent a malformed message: unknown message kind 238"),
    ]

    /// The Swift plugin's faults, each met on the action of its name. A Swift runtime trap
    /// ends the process with the architecture's trap signal (SIGILL on x86-64).
    static let swiftFaults = [
        Fault(plugin: .swift, action: "crash", answer: unavailable, ending: "its helper ended (signal "),
        Fault(plugin: .swift, action: "abort", answer: unavailable, ending: "its helper ended (signal \(SIGABRT)"),
        Fault(plugin: .swift, action: "exit", answer: unavailable, ending: "its helper ended (exited with status 0)"),
        Fault(
            plugin: .swift, action: "hang", answer: "activate was not answered in time",
            ending: "its helper was ended: activate was not answered in time"),
        Fault(plugin: .swift, action: "flood", answer: flooded, ending: "its helper was ended: \(flooded)"),
    ]

    // One case at a time: each runs a daemon, a bus and a Select loop of busctl processes for
    // seconds, and twelve at once starve the other suites' daemons of the machine.
    @Test(
        "a C or Swift plugin in process mode that crashes, aborts, exits, hangs, floods or sends a bad frame in Activate: PID and bus name unchanged, Select served throughout, acknowledged state intact, memory bounded, disabled after the failure limit",
        .serialized, arguments: cFaults + swiftFaults)
    func faultyHelper(_ fault: Fault) throws {
        let plugins = try fault.directory()
        // The deadline of every call to a helper is the hang limit.
        let daemon = try DaemonProcess(environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "1500"], pluginDirectory: plugins)
        let bus = daemon.bus.address
        let (pid, owner) = (daemon.pid, try Self.owner(bus))
        #expect(Self.waitForContent(bus, fault.tab), "\(daemon.log)")
        #expect(daemon.log.contains("plugin \(fault.name) runs in a helper process"), "\(daemon.log)")
        // Acknowledged before the faults: a badge, and (by the Select loop) the selected tab.
        try busctlCall(bus, "SetBadge", "ss", "alarm", "7")

        let memory = ResidentMemory(pid: pid)
        let selects = ProbeTests.selectLoop(bus, seconds: 6)
        for round in 1...3 {
            // Each fault ends the helper, not the daemon: the caller gets PluginFailed.
            let activate = try runCommand([
                "/usr/bin/busctl", "--address=\(bus)", "--timeout=5", "call", Names.service, Names.controller,
                Names.service, "Activate", "ss", fault.tab, fault.action,
            ])
            #expect(
                activate.status != 0 && activate.errors.contains(fault.answer), "round \(round): \(activate.errors)")
            if round < 3 { #expect(Self.waitForContent(bus, fault.tab), "round \(round): \(daemon.log)") }
        }
        let outcome = try selects.wait(timeout: 30)
        #expect(outcome.output.hasPrefix("served "), "\(outcome.output)\(outcome.errors)\n\(daemon.log)")
        let resident = memory.stop()

        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("failure 3 of 3: disabled") && Date() < deadline { usleep(50_000) }
        #expect(daemon.log.contains("plugin \(fault.name): \(fault.ending)"), "\(daemon.log)")
        #expect(daemon.log.contains("failure 3 of 3: disabled"), "\(daemon.log)")
        // Disabled: the tab stays in the model, its content says why.
        #expect(try stringsProperty(bus, "AvailableTabs").contains(fault.tab))
        let error = try ProbeTests.contentError(bus, fault.tab)
        #expect(error?.contains("disabled after repeated failures") == true, "\(error ?? "GetContent succeeded")")
        #expect(
            daemon.pluginRecords.contains { $0.contains(" 3 ") && $0.contains("/lib\(fault.name).so\t") },
            "\(daemon.pluginRecords)")
        // What was acknowledged is as it was: the badge set before, the loop's last Select.
        #expect(try stringProperty(bus, "BadgeValue", path: Names.tab("alarm"), interface: Names.tabInterface) == "7")
        #expect(try stringProperty(bus, "SelectedTab") == "world-clock")
        print(
            "\(fault.testDescription): daemon VmRSS \(resident.first) KiB before, \(resident.peak) KiB at most, \(resident.samples) samples"
        )
        #expect(
            resident.peak - resident.first < Self.memoryBound,
            "VmRSS \(resident.first) KiB before, \(resident.peak) KiB at most")
        let ownerNow = try Self.owner(bus)
        #expect(daemon.pid == pid && ownerNow == owner)
        #expect(daemon.stop() == 0)
    }

    /// How much a daemon's VmRSS may grow while a helper fails three times, in KiB: a helper's
    /// link holds at most one read and one frame, so the growth is the daemon's own working
    /// set (the restarts, the calls of the Select loop), a few MiB.
    static let memoryBound = 16 * 1024

    @Test("a helper whose failures are spread wider than the failure window is restarted every time and never disabled")
    func failuresSpreadWider() throws {
        let fault = Self.cFaults[0]
        // A window of 1 s (TABBARD_PLUGIN_FAILURE_WINDOW_MS), failures 0.6 s apart at least.
        let daemon = try DaemonProcess(
            environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "1500", "TABBARD_PLUGIN_FAILURE_WINDOW_MS": "1000"],
            pluginDirectory: try fault.directory())
        let bus = daemon.bus.address
        #expect(Self.waitForContent(bus, fault.tab), "\(daemon.log)")
        for round in 1...5 {
            let activate = try runCommand([
                "/usr/bin/busctl", "--address=\(bus)", "--timeout=5", "call", Names.service, Names.controller,
                Names.service, "Activate", "ss", fault.tab, fault.action,
            ])
            #expect(
                activate.status != 0 && activate.errors.contains(fault.answer), "round \(round): \(activate.errors)")
            #expect(Self.waitForContent(bus, fault.tab), "round \(round): \(daemon.log)")
            usleep(600_000)
        }
        #expect(daemon.log.contains("plugin faulty: \(fault.ending)"), "\(daemon.log)")
        #expect(!daemon.log.contains("disabled"), "\(daemon.log)")
        #expect(try ProbeTests.contentError(bus, fault.tab) == nil)
        #expect(
            daemon.pluginRecords.contains {
                ($0.hasPrefix("ok 1 ") || $0.hasPrefix("ok 2 ")) && $0.contains("/libfaulty.so\t")
            },
            "\(daemon.pluginRecords)")
        #expect(daemon.stop() == 0)
    }

    /// The Swift fault plugin's tab, in process mode on a daemon of its own, after a
    /// `Navigate` to `about`: its stack `main/about` in the model and in the plugin.
    static func navigatedSwiftFault() throws -> DaemonProcess {
        // Navigating to `slow` takes 1 s, within the deadline.
        let daemon = try DaemonProcess(
            environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "5000"], pluginDirectory: try FaultPlugin.swiftDirectory())
        let bus = daemon.bus.address
        #expect(Self.waitForContent(bus, "swiftfault-tab"), "\(daemon.log)")
        try busctlCall(bus, "Navigate", "ss", "swiftfault-tab", "about")
        #expect(try busctlCall(bus, "GetContent", "s", "swiftfault-tab").contains("stack: main/about"))
        return daemon
    }

    /// `Navigate` of the Swift fault plugin's tab to its slow page, in the background; returns
    /// once the call is in the plugin (it logged so).
    static func navigateSlowly(_ daemon: DaemonProcess) -> BackgroundCommand {
        let navigate = BackgroundCommand([
            "/usr/bin/busctl", "--address=\(daemon.bus.address)", "--timeout=10", "call", Names.service,
            Names.controller, Names.service, "Navigate", "ss", "swiftfault-tab", "slow",
        ])
        let deadline = Date().addingTimeInterval(10)
        while !daemon.log.contains("plugin swiftfault: navigating to slow") && Date() < deadline { usleep(20_000) }
        return navigate
    }

    /// The model's stack of `tab`: its top page and depth.
    static func stack(_ bus: String, _ tab: String) throws -> (page: String, depth: UInt32?) {
        (
            try stringProperty(bus, "Page", path: Names.tab(tab), interface: Names.tabInterface),
            try property(bus, "Depth", path: Names.tab(tab), interface: Names.tabInterface) as? UInt32
        )
    }

    @Test(
        "a Navigate pending at a helper that dies is answered PluginFailed; the stack stays the model's, and the helper back is told it (NAV-2)"
    )
    func navigatePendingWhenHelperDies() throws {
        let daemon = try Self.navigatedSwiftFault()
        let bus = daemon.bus.address
        let navigate = Self.navigateSlowly(daemon)
        let ready = daemon.log.split(separator: "\n").last {
            $0.contains("plugin swiftfault: helper ") && $0.hasSuffix(" ready")
        }
        let helper = try #require(
            ready.flatMap { Int32($0.split(separator: " ").dropLast().last ?? "") }, "\(daemon.log)")
        #expect(kill(helper, SIGKILL) == 0)
        let answer = try navigate.wait(timeout: 20)
        #expect(
            answer.status != 0 && answer.errors.contains("the plugin is unavailable"),
            "\(answer.output)\(answer.errors)\n\(daemon.log)")
        #expect(Self.waitForContent(bus, "swiftfault-tab"), "\(daemon.log)")
        #expect(try Self.stack(bus, "swiftfault-tab") == ("about", 2))
        let content = try busctlCall(bus, "GetContent", "s", "swiftfault-tab")
        #expect(content.contains("stack: main/about"), "\(content)")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a Navigate pending at the helper while a client pops the stack is answered, and the plugin is told the model's stack (NAV-2)"
    )
    func navigatePendingWhileStackChanges() throws {
        let daemon = try Self.navigatedSwiftFault()
        let bus = daemon.bus.address
        let navigate = Self.navigateSlowly(daemon)
        try busctlCall(bus, "PopToRoot", "s", "swiftfault-tab")
        let answer = try navigate.wait(timeout: 20)
        #expect(answer.status == 0, "\(answer.errors)\n\(daemon.log)")
        // The push is checked again against the model's stack, which had changed: the page goes
        // on top of what the model has, and the plugin is told that stack from its root.
        let stack = try Self.stack(bus, "swiftfault-tab")
        #expect(stack == ("slow", 2))
        let content = try busctlCall(bus, "GetContent", "s", "swiftfault-tab")
        #expect(content.contains("stack: main/slow"), "\(content)")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "the Swift clock plugin set to process mode by [plugin.clock] serves content and actions from its helper, and Navigate is checked by it"
    )
    func swiftPluginInHelper() throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "[plugin.clock]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(
            arguments: ["--config", config], pluginDirectory: try FaultPlugin.directory(fault: nil))
        let bus = daemon.bus.address
        #expect(Self.waitForContent(bus, "stopwatch"), "\(daemon.log)")
        #expect(
            daemon.log.contains("plugin clock runs in a helper process: world-clock, alarm, stopwatch, timer"),
            "\(daemon.log)")
        #expect(!daemon.log.contains("plugin clock 1.0.0 loaded"), "\(daemon.log)")
        #expect(try busctlCall(bus, "GetContent", "s", "world-clock").contains("text/"))
        #expect(try busctlCall(bus, "Activate", "ss", "stopwatch", "start").isEmpty)
        let unknown = try runCommand([
            "/usr/bin/busctl", "--address=\(bus)", "--timeout=5", "call", Names.service, Names.controller,
            Names.service, "Navigate", "ss", "stopwatch", "no-such-page",
        ])
        #expect(unknown.status != 0 && unknown.errors.contains("has no page"), "\(unknown.errors)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
        // At the default level the helper's own info line is in the daemon's log.
        #expect(daemon.log.contains("plugin host "), "\(daemon.log)")
    }

    @Test("a daemon run at --log-level warning passes its level to its helpers: no helper's info line reaches its log")
    func helperLogLevel() throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "[plugin.clock]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(
            arguments: ["--config", config, "--log-level", "warning"],
            pluginDirectory: try FaultPlugin.directory(fault: nil))
        // Content from the helper: it ran past confining itself, which it logs at info.
        #expect(Self.waitForContent(daemon.bus.address, "stopwatch"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
        #expect(!daemon.log.contains("plugin host "), "\(daemon.log)")
    }

    @Test(
        "a plugin that [plugin.NAME] isolates at SIGHUP while its probe runs is not loaded yet: when the probe passes it runs in a helper, never in the daemon, and serves its content from there"
    )
    func isolatedWhileProbed() throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "".write(toFile: config, atomically: true, encoding: .utf8)
        // The probe renders the tab's root page: 3 s of it (under the probe's 5 s and the
        // helper's deadline), time for the SIGHUP to come while it runs.
        let plugins = try FaultPlugin.directory(fault: (name: "slow", define: "SLOW_RENDER=3000"))
        // A notify socket of the test's own: the daemon is used as soon as it owns its name,
        // before READY=1, which waits for the probe.
        let notify = try NotifySocket()
        let daemon = try DaemonProcess(
            arguments: ["--config", config], environment: ["NOTIFY_SOCKET": notify.path],
            pluginDirectory: plugins)
        let bus = daemon.bus.address
        let probing = try ProbeTests.contentError(bus, "slow-tab")
        #expect(probing?.contains("being probed") == true, "\(probing ?? "GetContent succeeded")")
        try "[plugin.slow]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)

        // Content once the helper is ready: until then the tab says why it has none.
        var (served, answer) = (false, "")
        let deadline = Date().addingTimeInterval(30)
        while !served && Date() < deadline {
            let content = try runCommand([
                "/usr/bin/busctl", "--address=\(bus)", "--timeout=10", "call", Names.service, Names.controller,
                Names.service, "GetContent", "s", "slow-tab",
            ])
            (served, answer) = (content.status == 0, content.output + content.errors)
            if !served { usleep(100_000) }
        }
        #expect(served && answer.contains("fault"), "\(answer)\n\(daemon.log)")
        #expect(daemon.log.contains("/libslow.so passed its probe"), "\(daemon.log)")
        #expect(daemon.log.contains("plugin slow: helper"), "\(daemon.log)")
        #expect(!daemon.log.contains("plugin slow 0.1 loaded from"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "GetContent on a helper slower than its deadline answers PluginFailed after the deadline, and Select is served meanwhile"
    )
    func slowHelper() throws {
        let plugins = try Self.isolatedFaultPlugin("slow", "SLOW_RENDER=8000")
        // The deadline of every call to a helper is the hang limit.
        let daemon = try DaemonProcess(environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "1500"], pluginDirectory: plugins)
        let bus = daemon.bus.address
        let pid = daemon.pid
        // Its helper said ready (logged "plugin slow: helper PID ready").
        let deadline = Date().addingTimeInterval(20)
        while !daemon.log.contains("plugin slow: helper") && Date() < deadline { usleep(50_000) }

        let selects = ProbeTests.selectLoop(bus, seconds: 3)
        let content = try runCommand([
            "/usr/bin/busctl", "--address=\(bus)", "--timeout=6", "call", Names.service, Names.controller,
            Names.service, "GetContent", "s", "slow-tab",
        ])
        #expect(
            content.status != 0 && content.errors.contains("render was not answered in time"),
            "\(content.output)\(content.errors)\n\(daemon.log)")
        let outcome = try selects.wait(timeout: 30)
        #expect(outcome.output.hasPrefix("served "), "\(outcome.output)\(outcome.errors)\n\(daemon.log)")
        #expect(
            daemon.log.contains("plugin slow: its helper was ended: render was not answered in time"), "\(daemon.log)")
        #expect(daemon.pid == pid)
        #expect(daemon.stop() == 0)
    }
}
