import Foundation
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

@Suite("Probing a plugin in a child process")
struct PluginProbeTests {
    @Test("a bundled module passes, reporting its name, version and ABI")
    func bundledModulePasses() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let outcome = PluginProbe.run(path: "\(staged)/libclock.so", log: quietLog)
        #expect(outcome == .passed(name: "clock", version: "1.0.0", abi: .host, tabs: []))
        #expect(outcome.text == "ok: plugin clock 1.0.0 (ABI \(PluginABIVersion.host))")
    }

    @Test("a manifest is probed with every tab created and rendered")
    func manifestProbeRendersTabs() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let outcome = PluginProbe.run(path: "\(staged)/notes.plugin", log: quietLog)
        #expect(outcome == .passed(name: "notes", version: "1.0.0", abi: .host, tabs: ["notes"]))
    }

    @Test("a module without the entry symbol fails with that reason")
    func missingEntryFails() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("bare", in: directory, defines: ["NO_ENTRY"])
        let outcome = PluginProbe.run(path: "\(directory.path)/libbare.so", log: quietLog)
        #expect(outcome == .failed(.missingEntry(path: "\(directory.path)/libbare.so")))
        #expect(outcome.text == "refused: \(directory.path)/libbare.so does not export tabbard_plugin_entry_v1")
        #expect(!outcome.passed)
    }

    @Test("a table without a valid name fails")
    func namelessTableFails() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("nameless", in: directory, defines: ["TABLE_NAME=\"bad name\""])
        #expect(
            PluginProbe.run(path: "\(directory.path)/libnameless.so", log: quietLog)
                == .failed(.invalidName("bad name")))
    }

    @Test("a plugin that crashes in its entry point takes down only the probing process")
    func crashInInit() async throws {
        let directory = try TemporaryDirectory()
        try compileFixture("crash", in: directory, defines: ["CRASH_IN_ENTRY"])
        let module = "\(directory.path)/libcrash.so"
        // The daemon runs the probe in a child it spawns; an exit test is such a child.
        await #expect(processExitsWith: .signal(SIGABRT)) { [module = module as String] in
            _ = PluginProbe.run(path: module, log: quietLog)
        }
    }

    @Test("a text file is not an ELF shared object")
    func textFileFails() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("libtext.so", "just text, long enough to hold an ELF header\n")
        #expect(PluginProbe.run(path: file, log: quietLog) == .failed(.notELF(path: file)))
    }
}
