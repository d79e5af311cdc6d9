import Foundation
import TabbardTestSupport
import Testing

/// The start of a daemon with plugins in helper processes (docs/plugins.md, Isolation): which
/// plugins run in helpers by default, and `READY=1`, which waits for the helpers started at
/// start, ready or ended, as it waits for the probes of plugins loaded into the daemon, so that
/// what is ordered after the service finds its plugins answering.
@Suite("Start with isolated plugins")
struct IsolatedStartTests {
    @Test(
        "READY=1 waits for a helper that hangs as its plugin loads until its start deadline ends it, while callers are served; the other helpers answer at once after it"
    )
    func readyWaitsForHelpers() throws {
        let plugins = try IsolationTests.isolatedFaultPlugin("stuck", "HANG_IN_ENTRY")
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try "[plugin.clock]\nisolation = \"process\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        // A notify socket of the test's own: the daemon is used as soon as it owns its name.
        let notify = try NotifySocket()
        let started = Date()
        let daemon = try DaemonProcess(
            arguments: ["--config", config],
            environment: ["NOTIFY_SOCKET": notify.path, "TABBARD_PLUGIN_HANG_LIMIT_MS": "1500"],
            pluginDirectory: plugins)
        let bus = daemon.bus.address
        // Served while the helper hangs (and hangs again when started anew).
        #expect(try stringsProperty(bus, "AvailableTabs").contains("stuck-tab"))
        let error = try ProbeTests.contentError(bus, "stuck-tab")
        #expect(error?.contains("its helper is starting") == true, "\(error ?? "GetContent succeeded")")

        // The start deadline (the hang limit) ends the helper; then READY=1. When READY=1 was
        // sent is its datagram's stamp, not when this test reads it: on a loaded machine the
        // calls above can outlast the deadline.
        let ready = notify.sent("READY=1", timeout: 20)
        #expect(ready != nil, "\(daemon.log)")
        if let ready {
            #expect(
                ready.timeIntervalSince(started) >= 1.5,
                "READY=1 \(ready.timeIntervalSince(started)) s after the start\n\(daemon.log)")
        }
        #expect(daemon.log.contains("plugin stuck: its helper was not ready within 1500 ms"), "\(daemon.log)")
        let stopwatch = try ProbeTests.contentError(bus, "stopwatch")
        #expect(stopwatch == nil, "GetContent stopwatch right after READY=1: \(stopwatch ?? "")\n\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test(
        "by default the system instance runs a plugin whose manifest does not say in a helper, and the bundled plugins, which say in-process, in the daemon; a session instance runs both in the daemon",
        .enabled(
            if: HelperPrivilegeTests.landlockABI != nil,
            "this kernel has no Landlock: a helper of the system instance does not run on it"))
    func defaultsByInstance() throws {
        // The fault plugin's manifest has no isolation key; the clock plugin beside it is bundled.
        let plugins = try FaultPlugin.directory(fault: (name: "thirdparty", define: "FAULT_NONE"))
        let system = try DaemonProcess(arguments: ["--instance", "system"], pluginDirectory: plugins)
        #expect(system.log.contains("plugin thirdparty runs in a helper process: thirdparty-tab"), "\(system.log)")
        #expect(system.log.contains("plugin clock 1.0.0 loaded"), "\(system.log)")
        // READY=1 came once its helper was ready: it answers at once.
        #expect(
            try busctlCall(system.bus.address, "GetContent", "s", "thirdparty-tab").contains("fault"), "\(system.log)")
        #expect(system.stop() == 0, "\(system.log)")

        let session = try DaemonProcess(pluginDirectory: plugins)
        #expect(!session.log.contains("runs in a helper process"), "\(session.log)")
        #expect(
            try busctlCall(session.bus.address, "GetContent", "s", "thirdparty-tab").contains("fault"), "\(session.log)"
        )
        #expect(session.stop() == 0, "\(session.log)")
    }
}
