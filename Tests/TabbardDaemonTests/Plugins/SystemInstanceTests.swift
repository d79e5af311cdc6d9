import Foundation
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The system instance's ownership rules need files owned by root, so these run as root
/// (as CI does); elsewhere they are skipped, not faked.
@Suite("Plugins on the system instance", .enabled(if: getuid() == 0, "needs root to own the plugin files"))
struct SystemInstanceTests {
    @Test("a world-writable module is refused while root's own plugins load")
    func worldWritableModule() throws {
        let directory = try TemporaryDirectory(underBuild: true)
        try compileFixture("owned", in: directory)
        try directory.write("owned.plugin", testManifest("owned", tabs: ["owned-tab"]))
        try compileFixture("writable", in: directory)
        chmod("\(directory.path)/libwritable.so", 0o666)
        try directory.write("writable.plugin", testManifest("writable", tabs: ["writable-tab"]))
        try directory.write(
            "writable-manifest.plugin", testManifest("writable-manifest", tabs: ["wm-tab"], module: "libowned.so"),
            mode: 0o646)

        let captured = CapturedLog()
        let host = PluginHost(trust: .system, log: captured.log)
        let report = host.load(directories: [directory.path])
        #expect(host.modules.map(\.name) == ["owned"])
        #expect(
            report.entry(named: "writable")?.status
                == .refused(.writableByOthers(path: "\(directory.path)/libwritable.so", mode: 0o100666)))
        // The manifest itself is checked before it is read.
        let manifestEntry = report.entries.first { $0.file.hasSuffix("/writable-manifest.plugin") }
        #expect(
            manifestEntry?.status
                == .refused(.writableByOthers(path: "\(directory.path)/writable-manifest.plugin", mode: 0o100646)))
        #expect(
            captured.lines.contains {
                $0.contains(
                    "writable.plugin skipped: \(directory.path)/libwritable.so is writable by group or others (mode 666)"
                )
            })
    }

    @Test("a symbolic link to a module is refused, though the session instance follows it")
    func symlinkedModule() throws {
        let directory = try TemporaryDirectory(underBuild: true)
        try compileFixture("real", in: directory)
        try FileManager.default.createSymbolicLink(
            atPath: "\(directory.path)/liblinked.so", withDestinationPath: "\(directory.path)/libreal.so")
        try directory.write("linked.plugin", testManifest("linked", tabs: ["linked-tab"]))
        let host = PluginHost(trust: .system, log: quietLog)
        let report = host.load(directories: [directory.path])
        #expect(
            report.entry(named: "linked")?.status == .refused(.symbolicLink(path: "\(directory.path)/liblinked.so")))
        #expect(host.modules.isEmpty)
    }

    @Test("a module path that leaves the manifest's directory is refused")
    func moduleOutsideDirectory() throws {
        let directory = try TemporaryDirectory(underBuild: true)
        try directory.write("away.plugin", testManifest("away", tabs: ["away-tab"], module: "sub/libaway.so"))
        let report = PluginHost.survey(directories: [directory.path], trust: .system)
        #expect(report.entry(named: "away")?.status == .refused(.moduleOutsideDirectory(path: "sub/libaway.so")))
    }

    @Test("a group-writable plugin directory refuses its plugins")
    func writableDirectory() throws {
        let directory = try TemporaryDirectory(underBuild: true)
        try compileFixture("inside", in: directory)
        try directory.write("inside.plugin", testManifest("inside", tabs: ["inside-tab"]))
        chmod(directory.path, 0o775)
        let report = PluginHost.survey(directories: [directory.path], trust: .system)
        guard case .refused(.writableByOthers(let path, _)) = report.entries.first?.status else {
            Issue.record("expected a refusal, got \(report.text)")
            return
        }
        #expect(path == directory.path)
    }

    @Test("a plugin probed as root passes the same ownership checks")
    func probeUnderSystemTrust() throws {
        let directory = try TemporaryDirectory(underBuild: true)
        try compileFixture("probed", in: directory)
        chmod("\(directory.path)/libprobed.so", 0o664)
        let outcome = PluginProbe.run(path: "\(directory.path)/libprobed.so", trust: .system, log: quietLog)
        #expect(outcome == .failed(.writableByOthers(path: "\(directory.path)/libprobed.so", mode: 0o100664)))
    }
}
