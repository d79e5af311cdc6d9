import Foundation
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

@Suite("Loading plugins")
struct PluginLoaderTests {
    @Test("every bundled plugin loads, its tabs in load order")
    func bundledPluginsLoad() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let captured = CapturedLog()
        let host = PluginHost(trust: .session, log: captured.log)
        let report = host.load(directories: [staged])
        #expect(report.entries.map(\.status) == [.loaded, .loaded, .loaded], "\(report.text)")
        #expect(host.modules.map(\.name) == ["clock", "media", "notes"])
        #expect(host.modules.map(\.version) == ["1.0.0", "1.0.0", "1.0.0"])
        #expect(
            host.catalog.map(\.tab.id) == [
                "world-clock", "alarm", "stopwatch", "timer",
                "playlists", "artists", "songs", "videos", "podcasts", "audiobooks", "genres", "composers",
                "compilations", "most-viewed", "search",
                "notes",
            ])
        #expect(!captured.lines.contains { $0.contains("skipped") })
    }

    @Test("listing checks manifests and modules without loading them")
    func surveyRunsNoCode() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let report = PluginHost.survey(directories: [staged, "/nonexistent-plugin-dir"], trust: .session)
        #expect(report.entries.map(\.status) == [.usable, .usable, .usable])
        #expect(report.unreadableDirectories["/nonexistent-plugin-dir"] != nil)
        let text = report.text
        #expect(text.contains("clock (ABI 1.0) \(staged)/clock.plugin"))
        #expect(text.contains("  tab world-clock: \"World Clock\""))
        #expect(text.contains("  tab search: system item search"))
        #expect(text.contains("status: ok"))
    }

    @Test("the configuration's plugin list leaves the others out")
    func enabledSubset() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let host = PluginHost(trust: .session, log: quietLog)
        let report = host.load(directories: [staged], enabled: ["notes"])
        #expect(host.modules.map(\.name) == ["notes"])
        #expect(report.entry(named: "clock")?.status == .disabled)
        // A rescan with everything enabled adds the others, keeping the loaded one.
        let notes = host.modules[0]
        let rescan = host.load(directories: [staged])
        #expect(host.modules.map(\.name) == ["clock", "media", "notes"], "\(rescan.text)")
        #expect(host.modules.last === notes)
    }

    @Test("bad plugins are each refused with their reason while good ones load")
    func badPluginsAreRefused() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let directory = try TemporaryDirectory()
        try directory.copyBundled("notes", from: staged)
        try compileFixture("good", in: directory)
        try directory.write("good.plugin", testManifest("good", tabs: ["good-tab", "shared"]))
        let variants: [(name: String, defines: [String], abi: String)] = [
            ("missing-entry", ["NO_ENTRY"], "1.0"),
            ("wrong-major", ["ABI_MAJOR=2"], "1.0"),
            ("newer-minor", ["NEWER_MINOR"], "1.0"),
            ("null-table", ["NULL_TABLE"], "1.0"),
            ("small-table", ["SMALL_TABLE"], "1.0"),
            ("no-render", ["NO_RENDER"], "1.0"),
            ("misnamed", ["TABLE_NAME=\"other\""], "1.0"),
        ]
        for variant in variants {
            try compileFixture(variant.name, in: directory, defines: variant.defines)
            try directory.write(
                "\(variant.name).plugin", testManifest(variant.name, abi: variant.abi, tabs: ["\(variant.name)-tab"]))
        }
        try directory.write("libnot-elf.so", "#!/bin/sh\necho this is no shared object\n")
        try directory.write("not-elf.plugin", testManifest("not-elf", tabs: ["not-elf-tab"]))
        try compileFixture("zz-duplicate", in: directory)
        try directory.write("zz-duplicate.plugin", testManifest("zz-duplicate", tabs: ["own-tab", "shared"]))
        try directory.write(
            "manifest-newer.plugin",
            testManifest("manifest-newer", abi: "\(Self.newerMinor)", tabs: ["mn-tab"], module: "libgood.so"))
        try directory.write(
            "manifest-major.plugin", testManifest("manifest-major", abi: "2.0", tabs: ["mm-tab"], module: "libgood.so"))
        try directory.write("no-module.plugin", testManifest("no-module", tabs: ["nm-tab"]))
        try directory.write("broken.plugin", "name = \"broken\"\nmodule = \n")

        let captured = CapturedLog()
        let host = PluginHost(trust: .session, log: captured.log)
        let report = host.load(directories: [directory.path])
        #expect(host.modules.map(\.name) == ["good", "notes"])

        func refusal(_ name: String) -> PluginRefusal? {
            guard
                case .refused(let reason) = report.entries.first(where: { $0.file.hasSuffix("/\(name).plugin") })?
                    .status
            else { return nil }
            return reason
        }
        let path = directory.path
        #expect(refusal("missing-entry") == .missingEntry(path: "\(path)/libmissing-entry.so"))
        #expect(
            refusal("wrong-major")
                == .abiMajor(PluginABIVersion(major: 2, minor: PluginABIVersion.host.minor), host: .host))
        #expect(refusal("newer-minor") == .newerMinor(Self.newerMinor, host: .host))
        #expect(refusal("newer-minor")?.description.contains("built for a newer tabbard") == true)
        #expect(refusal("null-table") == .noTable)
        #expect(
            refusal("small-table")
                == .tableTooSmall(size: PluginModule.minimumTableSize - 16, minimum: PluginModule.minimumTableSize))
        #expect(refusal("no-render") == .missingFunction("render"))
        #expect(refusal("misnamed") == .nameMismatch(table: "other", manifest: "misnamed"))
        #expect(refusal("not-elf") == .notELF(path: "\(path)/libnot-elf.so"))
        #expect(refusal("zz-duplicate") == .duplicateTab(id: "shared", plugin: "good"))
        #expect(refusal("manifest-newer") == .newerMinor(Self.newerMinor, host: .host))
        #expect(refusal("manifest-major") == .abiMajor(PluginABIVersion(major: 2, minor: 0), host: .host))
        if case .unreadable(let file, _) = refusal("no-module") {
            #expect(file == "\(path)/libno-module.so")
        } else {
            Issue.record("no-module: \(String(describing: refusal("no-module")))")
        }
        if case .manifest(let error) = refusal("broken") {
            #expect(error.line == 2)
        } else {
            Issue.record("broken: \(String(describing: refusal("broken")))")
        }

        // One log line per skipped plugin, naming the file and the reason.
        let skipped = captured.lines.filter { $0.contains(" skipped: ") }
        #expect(skipped.count == report.entries.filter { if case .refused = $0.status { true } else { false } }.count)
        #expect(
            skipped.contains(
                "tabbard[warning]: plugin \(path)/zz-duplicate.plugin skipped: tab id 'shared' is already offered by plugin 'good'"
            ))
        #expect(
            skipped.contains {
                $0.contains(
                    "\(path)/newer-minor.plugin skipped: built for a newer tabbard (ABI \(Self.newerMinor); this tabbard has \(PluginABIVersion.host))"
                )
            })
    }

    /// The minor after this host's, which it refuses.
    static let newerMinor = PluginABIVersion(major: PluginABIVersion.host.major, minor: PluginABIVersion.host.minor + 1)

    @Test("a newer minor with a bigger table is refused even when its manifest claims 1.0")
    func newerMinorTable() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("newer", in: directory, defines: ["NEWER_MINOR"])
        try directory.write("newer.plugin", testManifest("newer", tabs: ["newer-tab"]))
        // The listing trusts the manifest (it runs no code); loading reads the table.
        #expect(PluginHost.survey(directories: [directory.path], trust: .session).entries.map(\.status) == [.usable])
        let host = PluginHost(trust: .session, log: quietLog)
        let report = host.load(directories: [directory.path])
        #expect(report.entries.map(\.status) == [.refused(.newerMinor(Self.newerMinor, host: .host))])
    }

    @Test("a symbolic link is followed on a session instance")
    func sessionFollowsSymlinks() throws {
        let directory = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try compileFixture("linked", in: elsewhere)
        try FileManager.default.createSymbolicLink(
            atPath: "\(directory.path)/liblinked.so", withDestinationPath: "\(elsewhere.path)/liblinked.so")
        try directory.write("linked.plugin", testManifest("linked", tabs: ["linked-tab"]))
        let host = PluginHost(trust: .session, log: quietLog)
        #expect(host.load(directories: [directory.path]).entries.map(\.status) == [.loaded])
    }

    @Test("a call slower than 10 ms is logged with plugin, function and duration")
    func slowCallsAreLogged() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("slow", in: directory, defines: ["SLOW_RENDER"])
        try directory.write("slow.plugin", testManifest("slow", tabs: ["slow-tab"]))
        let captured = CapturedLog()
        let host = PluginHost(trust: .session, log: captured.log)
        host.load(directories: [directory.path])
        let tab = try #require(host.createTab(id: "slow-tab", sink: EventRecorder().sink))
        let content = try tab.render(page: "main")
        #expect(content == PluginContent(title: "Fixture", mimeType: "text/plain", body: "fixture"))
        #expect(
            captured.lines.contains {
                $0.hasPrefix("tabbard[warning]: plugin slow: render for tab slow-tab took ")
                    && $0.hasSuffix(" ms (limit 10 ms)")
            })
        #expect(!captured.lines.contains { $0.contains(": create for tab slow-tab took") })
    }
}
