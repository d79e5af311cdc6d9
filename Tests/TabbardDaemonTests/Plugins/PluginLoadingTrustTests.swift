import Foundation
import Loop
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// How plugins get into the daemon (issue 37, findings 7 and 8): on the system instance only the
/// configuration puts a third-party plugin in the daemon's process, the probe child probes the
/// very module file the daemon loads, and a plugin directory's every ancestor must be root's
/// and writable by nobody else.
@Suite("Plugin loading trust")
struct PluginLoadingTrustTests {
    /// A manifest for fixture `name` that asks to run in the daemon.
    static func inProcessManifest(_ name: String) -> String {
        testManifest(name, tabs: ["\(name)-tab"]).replacingOccurrences(
            of: "abi = \"1.0\"\n", with: "abi = \"1.0\"\nisolation = \"in-process\"\n")
    }

    @Test(
        "37.7: on the system instance a third-party plugin whose manifest says in-process runs in a helper; [plugin.NAME] puts it in the daemon; a bundled plugin's manifest still does",
        .enabled(if: getuid() == 0, "needs root to own the plugin files"))
    func manifestCannotChooseTheDaemon() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let directory = try TemporaryDirectory(underBuild: true)
        try compileFixture("eager", in: directory)
        try directory.write("eager.plugin", Self.inProcessManifest("eager"))
        try directory.copyBundled("notes", from: staged)

        let captured = CapturedLog()
        let host = PluginHost(trust: .system, log: captured.log, defaultIsolation: .process)
        host.load(directories: [directory.path])
        #expect(host.isIsolated("eager"), "\(captured.lines)")
        #expect(host.modules.map(\.name) == ["notes"], "\(captured.lines)")

        let configured = PluginHost(trust: .system, log: quietLog, defaultIsolation: .process)
        configured.load(directories: [directory.path], settings: ["eager": PluginSettings(isolation: .inProcess)])
        #expect(!configured.isIsolated("eager"))
        #expect(configured.modules.map(\.name).sorted() == ["eager", "notes"])

        // The bundled plugins are the ones tabbard ships, and no others.
        let shipped = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/Plugins")
        #expect(PluginPlacement.bundledPlugins == Set(shipped), "\(shipped)")

        // A session instance's plugins run as its user already: the manifest decides there.
        let session = PluginHost(trust: .session, log: quietLog, defaultIsolation: .inProcess)
        session.load(directories: [directory.path])
        #expect(!session.isIsolated("eager"))
    }

    @Test(
        "37.7: the probe child probes the very module file the daemon checked and then loads, though another file is put at its path meanwhile"
    )
    func probedIsLoaded() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("swapped", in: directory)
        try directory.write("swapped.plugin", testManifest("swapped", tabs: ["swapped-tab"]))
        let other = try TemporaryDirectory()
        try compileFixture("swapped", in: other, defines: ["CRASH_IN_ENTRY"])
        // The probe child's program puts a module that aborts at the checked module's path,
        // then runs the real probe: the swap lands between the daemon's check and the probe.
        let tabbard = PackagePaths.root + "/.build/debug/tabbard"
        let probe = try PluginAdmissionTests.scripts(
            ["mv -f '\(other.path)/libswapped.so' '\(directory.path)/libswapped.so' && exec '\(tabbard)' \"$@\""],
            in: other)[0]
        let captured = CapturedLog()
        let loop = try EventLoop()
        let admission = PluginAdmission(
            records: PluginRecords(file: nil, log: quietLog), log: captured.log, loop: loop, hangLimit: .seconds(20),
            probeArguments: ["--instance", "session", "--log-level", "warning"], saveState: { nil },
            executable: probe, probeTimeout: .seconds(20))
        let host = PluginHost(trust: .session, log: captured.log, admission: admission)
        host.load(directories: [directory.path])
        #expect(host.isProbing("swapped"))
        admission.news.listen(on: loop) { _ in loop.stop() }
        let timeout = try loop.schedule(after: .seconds(30)) { loop.stop() }
        loop.run()
        timeout.cancel()
        // The module checked is the one probed, and the one loaded (the swapped-in file would
        // have aborted this process).
        #expect(host.modules.map(\.name) == ["swapped"], "\(captured.lines)")
        #expect(!captured.lines.contains { $0.contains("skipped") }, "\(captured.lines)")
    }

    /// A plugin directory `plugins` beneath `parent`, holding fixture `name` and its manifest.
    static func pluginDirectory(_ name: String, in parent: String, scratch: TemporaryDirectory) throws -> String {
        let plugins = parent + "/plugins"
        mkdir(plugins, 0o755)
        try compileFixture(name, in: scratch)
        try FileManager.default.moveItem(atPath: "\(scratch.path)/lib\(name).so", toPath: "\(plugins)/lib\(name).so")
        try testManifest(name, tabs: ["\(name)-tab"]).write(
            toFile: "\(plugins)/\(name).plugin", atomically: false, encoding: .utf8)
        return plugins
    }

    @Test(
        "37.8: a root-owned plugin directory beneath a directory another user owns is refused with one log line naming that directory",
        .enabled(if: getuid() == 0, "needs root to own the plugin files and give a directory away"))
    func ancestorOwnedByAnotherUser() throws {
        let base = try TemporaryDirectory(underBuild: true)
        let given = base.path + "/given"
        mkdir(given, 0o755)
        #expect(chown(given, 65534, 65534) == 0)
        let plugins = try Self.pluginDirectory("deep", in: given, scratch: base)

        let captured = CapturedLog()
        let host = PluginHost(trust: .system, log: captured.log)
        let report = host.load(directories: [plugins])
        #expect(host.modules.isEmpty, "\(report.text)")
        #expect(
            report.unreadableDirectories[plugins]?.contains("\(given) is owned by uid 65534, not root") == true,
            "\(report.text)")
        #expect(captured.lines.filter { $0.contains(given) }.count == 1, "\(captured.lines)")
        // The probe child and a helper open the manifest with the same check.
        #expect(
            PluginProbe.run(path: "\(plugins)/deep.plugin", trust: .system, log: quietLog)
                == .failed(
                    .untrustedAncestor(directory: plugins, ancestor: given, reason: "is owned by uid 65534, not root")))

        // Given back to root, the same directory is accepted.
        #expect(chown(given, 0, 0) == 0)
        #expect(PluginHost.survey(directories: [plugins], trust: .system).entry(named: "deep")?.status == .usable)
    }

    @Test(
        "37.8: a plugin directory beneath a directory all may write, sticky as /tmp is, is refused naming it",
        .enabled(if: getuid() == 0, "needs root to own the plugin files"))
    func ancestorWritableByAll() throws {
        let base = try TemporaryDirectory(underBuild: true)
        let shared = base.path + "/shared"
        mkdir(shared, 0o755)
        chmod(shared, 0o1777)
        let plugins = try Self.pluginDirectory("sticky", in: shared, scratch: base)
        let report = PluginHost.survey(directories: [plugins], trust: .system)
        #expect(report.entries.isEmpty, "\(report.text)")
        #expect(
            report.unreadableDirectories[plugins]?.contains("\(shared) is writable by group or others (mode 1777)")
                == true, "\(report.text)")
    }
}
