import Foundation
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The `isolation` key of a manifest and the `[plugin.NAME]` tables of the configuration that
/// override it (architecture.md, Plugins: Isolation; Configuration).
@Suite("Plugin isolation settings")
struct PluginIsolationSettingTests {
    let manifestHeader = "name = \"test\"\nmodule = \"libtest.so\"\nabi = \"1.0\"\n"
    let tab = "\n[[tabs]]\nid = \"t\"\ntitle = \"T\"\n"

    func manifest(_ text: String) throws(ConfigurationError) -> PluginManifest {
        try PluginManifest(parsing: text, file: "/plugins/test.plugin")
    }

    /// Where the plugin of `manifest` runs under `settings` on an instance of `trust` whose
    /// default is `unsaid`.
    func isolation(
        _ settings: PluginSettings, _ manifest: PluginManifest, unsaid: PluginIsolation = .inProcess,
        trust: PluginTrust = .session
    ) -> PluginIsolation {
        PluginPlacement(manifest, settings: settings, trust: trust, unsaid: unsaid).isolation
    }

    func configuration(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try DaemonConfiguration(toml: text, file: "t.toml")
    }

    @Test("a manifest without the key says nothing, so the instance's default decides; in-process and process are read")
    func manifestKey() throws {
        #expect(try manifest(manifestHeader + tab).isolation == nil)
        #expect(try manifest(manifestHeader + "isolation = \"in-process\"\n" + tab).isolation == .inProcess)
        #expect(try manifest(manifestHeader + "isolation = \"process\"\n" + tab).isolation == .process)
    }

    @Test("a manifest's isolation other than in-process or process is refused at its line")
    func manifestKeyRefused() {
        let refused = #expect(throws: ConfigurationError.self) {
            try manifest(manifestHeader + "isolation = \"thread\"\n" + tab)
        }
        #expect(
            refused
                == ConfigurationError(
                    file: "/plugins/test.plugin", line: 4, key: "isolation",
                    reason: "'thread' is neither in-process nor process"))
        let wrongType = #expect(throws: ConfigurationError.self) {
            try manifest(manifestHeader + "isolation = true\n" + tab)
        }
        #expect(wrongType?.key == "isolation" && wrongType?.reason == "must be a string, not boolean")
    }

    @Test("a changed isolation is a changed manifest")
    func isolationIsPartOfTheManifest() throws {
        #expect(try manifest(manifestHeader + tab) != manifest(manifestHeader + "isolation = \"process\"\n" + tab))
    }

    @Test("[plugin.NAME] isolation is read per plugin; a plugin without a table keeps its manifest's")
    func configurationTables() throws {
        let read = try configuration(
            """
            [plugin.clock]
            isolation = "process"

            [plugin.notes]
            isolation = "in-process"

            [plugin.media]
            """)
        #expect(
            read.pluginSettings == [
                "clock": PluginSettings(isolation: .process), "notes": PluginSettings(isolation: .inProcess),
                "media": PluginSettings(),
            ])
        #expect(try configuration("").pluginSettings.isEmpty)
    }

    @Test(
        "37.7: on the system instance a third-party manifest's in-process is passed over for the instance's default; a bundled plugin's manifest and [plugin.NAME] still put a plugin in the daemon"
    )
    func systemInstancePlacement() throws {
        let thirdParty = try manifest(manifestHeader + "isolation = \"in-process\"\n" + tab)
        let bundled = try manifest(
            manifestHeader.replacingOccurrences(of: "\"test\"", with: "\"clock\"") + "isolation = \"in-process\"\n"
                + tab)
        let unsaid = try manifest(manifestHeader + tab)
        func placement(
            _ manifest: PluginManifest, _ settings: PluginSettings = PluginSettings(), trust: PluginTrust = .system
        ) -> PluginPlacement {
            PluginPlacement(manifest, settings: settings, trust: trust, unsaid: .default(for: trust))
        }
        #expect(placement(thirdParty) == PluginPlacement(isolation: .process, reason: .manifestPassedOver))
        #expect(
            placement(thirdParty).text(plugin: "test", trust: .system)
                == "in a helper process, the system instance's default (its manifest's in-process counts only for the bundled plugins here)"
        )
        #expect(
            placement(thirdParty, PluginSettings(isolation: .inProcess))
                == PluginPlacement(isolation: .inProcess, reason: .configuration))
        #expect(placement(bundled) == PluginPlacement(isolation: .inProcess, reason: .manifest))
        #expect(placement(unsaid) == PluginPlacement(isolation: .process, reason: .instanceDefault))
        #expect(placement(thirdParty, trust: .session) == PluginPlacement(isolation: .inProcess, reason: .manifest))
    }

    @Test("the configuration overrides the manifest, both ways")
    func overrideOrder() throws {
        let isolated = try manifest(manifestHeader + "isolation = \"process\"\n" + tab)
        let inDaemon = try manifest(manifestHeader + tab)
        #expect(isolation(PluginSettings(), isolated) == .process)
        #expect(isolation(PluginSettings(), inDaemon) == .inProcess)
        #expect(isolation(PluginSettings(isolation: .inProcess), isolated) == .inProcess)
        #expect(isolation(PluginSettings(isolation: .process), inDaemon) == .process)
    }

    @Test(
        "by default a plugin runs in a helper on the system instance and in the daemon on a session instance; the manifest and [plugin.NAME] override the default"
    )
    func instanceDefaults() throws {
        #expect(PluginIsolation.default(for: .system) == .process)
        #expect(PluginIsolation.default(for: .session) == .inProcess)
        let unsaid = try manifest(manifestHeader + tab)
        let inDaemon = try manifest(manifestHeader + "isolation = \"in-process\"\n" + tab)
        let isolated = try manifest(manifestHeader + "isolation = \"process\"\n" + tab)
        #expect(isolation(PluginSettings(), unsaid, unsaid: .process) == .process)
        #expect(isolation(PluginSettings(), unsaid, unsaid: .inProcess) == .inProcess)
        #expect(isolation(PluginSettings(), inDaemon, unsaid: .process) == .inProcess)
        #expect(isolation(PluginSettings(), isolated, unsaid: .inProcess) == .process)
        #expect(isolation(PluginSettings(isolation: .inProcess), unsaid, unsaid: .process) == .inProcess)
        #expect(isolation(PluginSettings(isolation: .process), inDaemon, unsaid: .inProcess) == .process)
    }

    @Test("the bundled plugins' manifests say in-process: they run in the daemon on either instance")
    func bundledPluginsRunInTheDaemon() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        for name in ["clock", "media", "notes"] {
            let file = staged + "/\(name).plugin"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(try PluginManifest(parsing: text, file: file).isolation == .inProcess, "\(file)")
        }
    }

    @Test("a bad [plugin.NAME] table stops the start naming file, line and key")
    func configurationRefusals() {
        let value = #expect(throws: ConfigurationError.self) {
            try configuration("[plugin.clock]\nisolation = \"sandbox\"\n")
        }
        #expect(
            value?.description == "t.toml:2: key 'plugin.clock.isolation': 'sandbox' is neither in-process nor process")
        let unknown = #expect(throws: ConfigurationError.self) {
            try configuration("[plugin.clock]\nisolation = \"process\"\nnice = 5\n")
        }
        #expect(unknown?.description == "t.toml:3: key 'plugin.clock.nice': unknown key")
        let notTable = #expect(throws: ConfigurationError.self) { try configuration("[plugin]\nclock = \"process\"\n") }
        #expect(notTable?.key == "plugin.clock" && notTable?.reason == "must be a table, not string")
        let badName = #expect(throws: ConfigurationError.self) {
            try configuration("[plugin.\"no/slash\"]\nisolation = \"process\"\n")
        }
        #expect(
            badName?.key?.hasPrefix("plugin.") == true && badName?.reason.contains("not a valid plugin name") == true)
        let plain = #expect(throws: ConfigurationError.self) { try configuration("plugin = 3\n") }
        #expect(plain?.reason == "must be a table of [plugin.NAME] tables, not integer")
    }
}
