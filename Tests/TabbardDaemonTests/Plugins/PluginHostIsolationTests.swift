import Foundation
import Loop
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The plugin host and an isolated plugin (docs/plugins.md, Isolation): its files pass the
/// checks, its tabs join the catalog, its module is neither loaded into the daemon nor probed,
/// and the admission builds the helper that runs it.
@Suite("Plugin host: isolated plugins")
struct PluginHostIsolationTests {
    /// `testManifest` with `isolation = "process"` at its top level.
    static func isolatedManifest(_ name: String, tabs: [String]) -> String {
        testManifest(name, tabs: tabs).replacingOccurrences(
            of: "description =", with: "isolation = \"process\"\ndescription =")
    }

    /// An admission whose probes run `probe`, remembering outcomes in `records`.
    static func admission(
        _ records: PluginRecords, loop: EventLoop, probe: String,
        arguments: [String] = []
    ) -> PluginAdmission {
        PluginAdmission(
            records: records, log: quietLog, loop: loop, hangLimit: .seconds(5),
            probeArguments: arguments, saveState: { nil }, executable: probe)
    }

    /// A host for the plugins in `directory` whose probes fail at once (a probe run is seen as
    /// a plugin being probed), remembering outcomes in `records`.
    static func host(
        for directory: TemporaryDirectory, records: PluginRecords = PluginRecords(file: nil, log: quietLog)
    ) throws -> PluginHost {
        let probe = try PluginAdmissionTests.scripts(["exit 1"], in: directory)[0]
        return PluginHost(
            trust: .session, log: quietLog, admission: admission(records, loop: try EventLoop(), probe: probe))
    }

    @Test("a plugin isolated by its manifest or by [plugin.NAME] is not loaded or probed; its tabs are in the catalog")
    func isolatedPluginIsNotLoaded() throws {
        let directory = try TemporaryDirectory()
        // Loaded into this process, either module would end the test run.
        try compileFixture("manifested", in: directory, defines: ["CRASH_IN_ENTRY"])
        try compileFixture("configured", in: directory, defines: ["CRASH_IN_ENTRY"])
        try directory.write("manifested.plugin", Self.isolatedManifest("manifested", tabs: ["m"]))
        try directory.write("configured.plugin", testManifest("configured", tabs: ["c"]))
        let host = try Self.host(for: directory)

        let report = host.load(
            directories: [directory.path], settings: ["configured": PluginSettings(isolation: .process)])
        #expect(report.entries.map(\.status) == [.usable, .usable])
        #expect(host.modules.isEmpty && !host.isProbing)
        #expect(host.isolatedPlugins == ["configured", "manifested"])
        #expect(host.catalog.map(\.tab.id) == ["c", "m"])
        #expect(host.plugin(offering: "m") == "manifested")
        #expect(host.createTab(id: "m", sink: { _ in }) == nil)
        #expect(host.helper(for: "manifested")?.manifest.name == "manifested")
        #expect(host.helper(for: "absent") == nil)
    }

    @Test(
        "a host whose default is process (the system instance) isolates a plugin whose manifest does not say, and loads one whose manifest or [plugin.NAME] says in-process"
    )
    func defaultIsolation() throws {
        let directory = try TemporaryDirectory()
        // Loaded into this process, the unsaid module would end the test run.
        try compileFixture("unsaid", in: directory, defines: ["CRASH_IN_ENTRY"])
        try compileFixture("inside", in: directory)
        try compileFixture("configured", in: directory)
        try directory.write("unsaid.plugin", testManifest("unsaid", tabs: ["u"]))
        try directory.write(
            "inside.plugin",
            testManifest("inside", tabs: ["i"])
                .replacingOccurrences(of: "description =", with: "isolation = \"in-process\"\ndescription ="))
        try directory.write("configured.plugin", testManifest("configured", tabs: ["c"]))
        let probe = try PluginAdmissionTests.scripts(["exit 1"], in: directory)[0]
        let host = PluginHost(
            trust: .session, log: quietLog,
            admission: Self.admission(PluginRecords(file: nil, log: quietLog), loop: try EventLoop(), probe: probe),
            defaultIsolation: .process)

        host.load(directories: [directory.path], settings: ["configured": PluginSettings(isolation: .inProcess)])
        #expect(host.isolatedPlugins == ["unsaid"])
        // The other two go the daemon's way: probed before they load.
        #expect(host.isProbing("inside") && host.isProbing("configured"))
        #expect(host.catalog.map(\.tab.id) == ["c", "i", "u"])
    }

    @Test(
        "[plugin.NAME] isolation = in-process overrides a manifest's process: the plugin is probed for the daemon again"
    )
    func configurationBringsPluginBack() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("back", in: directory)
        try directory.write("back.plugin", Self.isolatedManifest("back", tabs: ["b"]))
        let host = try Self.host(for: directory)
        host.load(directories: [directory.path])
        #expect(host.isIsolated("back"))

        // SIGHUP with the override: the next scan probes it for loading into the daemon.
        host.load(directories: [directory.path], settings: ["back": PluginSettings(isolation: .inProcess)])
        #expect(!host.isIsolated("back") && host.isProbing("back"))
        #expect(host.helper(for: "back") == nil)
    }

    @Test(
        "a plugin that [plugin.NAME] isolates at SIGHUP while its probe runs is not loaded yet, so it runs in its helper: the passed probe loads nothing into the daemon and its tabs may start"
    )
    func isolatedWhileProbed() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("racer", in: directory)
        try directory.write("racer.plugin", testManifest("racer", tabs: ["r"]))
        let passing = try PluginAdmissionTests.scripts(["echo 'ok: plugin racer 0.1 (ABI 1.0)'"], in: directory)[0]
        let loop = try EventLoop()
        let host = PluginHost(
            trust: .session, log: quietLog,
            admission: Self.admission(PluginRecords(file: nil, log: quietLog), loop: loop, probe: passing))
        host.load(directories: [directory.path])
        #expect(host.isProbing("racer") && !host.isIsolated("racer"))

        // The probe's outcome is handed to the loop, which runs only after this scan: the
        // SIGHUP always comes first here.
        host.load(directories: [directory.path], settings: ["racer": PluginSettings(isolation: .process)])
        #expect(host.isProbing("racer") && host.isIsolated("racer"))
        // Its tabs wait for the probe, in the daemon or in a helper alike.
        #expect(host.createTab(id: "r", sink: { _ in }) == nil)
        var ended: [String] = []
        host.admission!.news.listen(on: loop) { news in
            guard case .probeEnded(let plugin, let startable) = news else { return }
            ended.append("\(plugin) \(startable)")
            loop.stop()
        }
        let timeout = try loop.schedule(after: .seconds(20)) { loop.stop() }
        loop.run()
        timeout.cancel()
        #expect(ended == ["racer true"])
        #expect(host.modules.isEmpty && !host.isProbing && host.isIsolated("racer"))
        #expect(host.helper(for: "racer")?.manifest.name == "racer")
    }

    @Test("an isolated plugin whose module failed the failure limit times is skipped, naming its file")
    func disabledIsolatedPluginIsSkipped() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("failing", in: directory)
        try directory.write("failing.plugin", Self.isolatedManifest("failing", tabs: ["f"]))
        let module = directory.path + "/libfailing.so"
        let descriptor = open(module, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let fingerprint = try #require(PluginFingerprint(descriptor: descriptor, path: module))
        let records = PluginRecords(file: nil, log: quietLog)
        for _ in 0..<PluginAdmission.failureLimit { _ = records.recordFailure(fingerprint, reason: "its helper ended") }
        let host = try Self.host(for: directory, records: records)

        let report = host.load(directories: [directory.path])
        #expect(
            report.entries.map(\.status) == [
                .refused(
                    .disabledAfterFailures(
                        path: fingerprint.path, failures: PluginAdmission.failureLimit,
                        reason: "its helper ended"))
            ])
        #expect(host.catalog.isEmpty && !host.isIsolated("failing"))
    }

    @Test("the admission's helper is this program in plugin-host mode with a clean environment, and becomes ready")
    func admissionBuildsHelper() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let directory = try TemporaryDirectory()
        try directory.copyBundled("notes", from: staged)
        let loop = try EventLoop()
        let admission = Self.admission(
            PluginRecords(file: nil, log: quietLog), loop: loop,
            probe: PackagePaths.root + "/.build/debug/tabbard", arguments: ["--instance", "session"])
        let host = PluginHost(trust: .session, log: quietLog, admission: admission)
        host.load(directories: [directory.path], settings: ["notes": PluginSettings(isolation: .process)])
        let helper = try #require(host.helper(for: "notes"))
        var environment: [String] = []
        var arguments: [String] = []
        admission.news.listen(on: loop) { news in
            guard case .helperReturned = news else { return }
            let pid = helper.pid!
            environment = Self.nulSeparated("/proc/\(pid)/environ")
            arguments = Array(Self.nulSeparated("/proc/\(pid)/cmdline").dropFirst())
            loop.stop()
        }
        helper.start()
        try PluginHelperProcessTests.run(loop)
        #expect(helper.status == .up)
        #expect(environment == PluginEnvironment.entries(from: ProcessEnvironment.current()))
        #expect(arguments == ["--plugin-host", directory.path + "/notes.plugin", "--instance", "session"])
        try PluginHelperProcessTests.stop(helper, on: loop)
    }

    static func nulSeparated(_ file: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
