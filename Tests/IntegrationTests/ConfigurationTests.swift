import Foundation
import TabbardTestSupport
import Testing

/// The configuration file and the command lines that read it: a bad file stops the start with
/// its place named; `--check-config`, `--list-plugins`, `--probe-plugin` and `--version` print
/// what they should.
@Suite("Configuration and command lines")
struct ConfigurationTests {
    /// A bad configuration, and what the message must name.
    struct BadFile: Sendable, CustomStringConvertible {
        let text: String
        let place: String
        var description: String { place }
    }

    static let badFiles = [
        BadFile(text: "max_visible = 4\nbogus_key = 1\n", place: ":2: key 'bogus_key'"),
        BadFile(text: "# wrong type\nmax_visible = \"four\"\n", place: ":2: key 'max_visible'"),
        BadFile(text: "max_visible = 1\n", place: ":1: key 'max_visible'"),
        BadFile(text: "tabs = [\"alarm\"]\n\nlayout = \"sideways\"\n", place: ":3: key 'layout'"),
        BadFile(text: "[appearance]\ntint_color = \"blue\"\n", place: ":2: key 'appearance.tint_color'"),
        BadFile(text: "[appearance]\nsparkle = true\n", place: ":2: key 'appearance.sparkle'"),
        BadFile(text: "delegate_timeout_policy = \"maybe\"\n", place: ":1: key 'delegate_timeout_policy'"),
    ]

    static func tabbard(_ arguments: [String]) throws -> CommandResult {
        try runCommand([try PackagePaths.executable("tabbard")] + arguments, timeout: 20)
    }

    @Test("an unknown key or a bad value stops the start, naming file, line and key", arguments: badFiles)
    func badConfigurationStopsStart(bad: BadFile) throws {
        let bus = try PrivateBus()
        let config = try ReloadTests.configuration(bad.text)
        let result = try Self.tabbard([
            "--address", bus.address, "--config", config, "--plugin-dir",
            PackagePaths.stagedPlugins.path, "--state-dir", try makeTemporaryDirectory(),
        ])
        #expect(result.status != 0)
        #expect(result.errors.contains(config + bad.place), "\(result.errors)")
        let check = try Self.tabbard([
            "--check-config", "--config", config, "--plugin-dir", PackagePaths.stagedPlugins.path,
        ])
        #expect(check.status != 0)
        #expect(check.errors.contains(config + bad.place), "\(check.errors)")
    }

    @Test("--config names a file that must exist")
    func missingExplicitFile() throws {
        let result = try Self.tabbard(["--check-config", "--config", "/nonexistent/tabbard.toml"])
        #expect(result.status != 0 && result.errors.contains("/nonexistent/tabbard.toml"), "\(result.errors)")
    }

    @Test("--check-config without any configuration file says the built-in defaults are in force")
    func checkWithoutFile() throws {
        let home = try makeTemporaryDirectory()
        let result = try runCommand(
            [
                "/usr/bin/env", "-u", "TABBARD_CONFIG", "XDG_CONFIG_HOME=\(home)",
                try PackagePaths.executable("tabbard"), "--check-config",
                "--plugin-dir", PackagePaths.stagedPlugins.path,
            ], timeout: 20)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains("no configuration file (\(home)/tabbard/tabbard.toml does not exist)"),
            "\(result.output)")
        #expect(result.output.contains("built-in defaults"))
    }

    @Test("--check-config accepts a good file, counts the catalog and warns of tabs no plugin offers")
    func checkConfigPasses() throws {
        let config = try ReloadTests.configuration("tabs = [\"alarm\", \"ghost\"]\nselected = \"alarm\"\n")
        let result = try Self.tabbard([
            "--check-config", "--config", config, "--plugin-dir", PackagePaths.stagedPlugins.path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\(config): ok; 16 tabs from 3 plugins"), "\(result.output)")
        #expect(result.output.contains("'ghost'"), "\(result.output)")
    }

    @Test("--list-plugins lists each plugin with its status and tabs, disabled ones included")
    func listPlugins() throws {
        let config = try ReloadTests.configuration("plugins = [\"clock\", \"notes\"]\n")
        let result = try Self.tabbard([
            "--list-plugins", "--config", config, "--plugin-dir", PackagePaths.stagedPlugins.path,
        ])
        #expect(result.status == 0, "\(result.errors)")
        for line in [
            "clock (ABI 1.0)", "  status: ok", "  tab world-clock: \"World Clock\"", "media (ABI 1.0)",
            "  status: disabled", "  tab most-viewed: system item most-viewed", "notes (ABI 1.0)",
        ] {
            #expect(result.output.contains(line), "missing \(line) in:\n\(result.output)")
        }
    }

    @Test("--probe-plugin loads a module or a manifest's tabs and says ok; a file that is not a plugin is refused")
    func probePlugin() throws {
        let staged = PackagePaths.stagedPlugins.path
        let module = try Self.tabbard(["--probe-plugin", staged + "/libnotes.so"])
        // The module's own table: built against this header, 1.1 (its manifest still says 1.0).
        #expect(
            module.status == 0 && module.output == "ok: plugin notes 1.0.0 (ABI 1.2)\n",
            "\(module.output)\(module.errors)")
        let manifest = try Self.tabbard(["--probe-plugin", staged + "/clock.plugin"])
        #expect(manifest.status == 0, "\(manifest.errors)")
        #expect(
            manifest.output.contains("ok: plugin clock")
                && manifest.output.contains("tabs world-clock, alarm, stopwatch, timer render"),
            "\(manifest.output)")
        let other = try ReloadTests.configuration("not a plugin\n")
        let refused = try Self.tabbard(["--probe-plugin", other])
        #expect(refused.status == 1 && refused.output.hasPrefix("refused: "), "\(refused.output)")
    }

    @Test("--probe-plugin contains a plugin that crashes while it initialises: the probe fails, nothing else does")
    func probeContainsCrash() throws {
        let directory = try makeTemporaryDirectory("tabbard-crash")
        let source = directory + "/crash.c"
        try """
        #include <stdint.h>
        #include <stdlib.h>
        struct tabbard_plugin;
        struct tabbard_host;
        __attribute__((visibility("default")))
        const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t minor, const struct tabbard_host *host) {
            (void)minor; (void)host;
            abort();
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let compiled = try runCommand(["/usr/bin/cc", "-shared", "-fPIC", "-o", directory + "/libcrash.so", source])
        try #require(compiled.status == 0, "\(compiled.errors)")
        let probe = try Self.tabbard(["--probe-plugin", directory + "/libcrash.so"])
        #expect(probe.status != 0)
        #expect(!probe.output.hasPrefix("ok"), "\(probe.output)")
    }

    @Test(
        "the configured tabs and selected tab apply at start; a tab no plugin offers is left out with a warning (SEL-7)"
    )
    func configuredTabsAtStart() throws {
        let config = try ReloadTests.configuration(
            "tabs = [\"alarm\", \"ghost\", \"notes\"]\nselected = \"notes\"\nmax_visible = 3\n")
        let daemon = try DaemonProcess(arguments: ["--config", config])
        #expect(try stringsProperty(daemon.bus.address, "Tabs") == ["alarm", "notes"])
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "notes")
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 3)
        #expect(daemon.log.contains("'ghost'"), "\(daemon.log)")
        #expect(daemon.stop() == 0)
    }

    @Test("without --config the daemon reads $TABBARD_CONFIG; --plugin-dir replaces the file's plugin_dirs")
    func configurationFromEnvironment() throws {
        let config = try ReloadTests.configuration("plugin_dirs = [\"/nonexistent/plugins\"]\nmax_visible = 3\n")
        let daemon = try DaemonProcess(environment: ["TABBARD_CONFIG": config])
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 3)
        #expect(try stringsProperty(daemon.bus.address, "AvailableTabs").count == 16)
        #expect(!daemon.log.contains("/nonexistent/plugins"), "\(daemon.log)")
    }

    @Test(
        "--help prints the usage and exits 0; an unknown option exits 2 pointing at --help; --log-level filters the log"
    )
    func usageAndLogLevel() throws {
        let help = try Self.tabbard(["--help"])
        #expect(
            help.status == 0 && help.output.contains("--probe-plugin FILE") && help.output.contains("--check-config"),
            "\(help.output)")
        let wrong = try Self.tabbard(["--frobnicate"])
        #expect(
            wrong.status == 2 && wrong.errors.contains("--frobnicate") && wrong.errors.contains("tabbard --help"),
            "\(wrong.errors)")
        let quiet = try DaemonProcess(arguments: ["--log-level", "warning"])
        #expect(quiet.stop() == 0)
        #expect(!quiet.log.contains("loaded from") && !quiet.log.contains("serving"), "\(quiet.log)")
    }

    @Test("--version prints the version the Version property reports, and the Swift release plugins need")
    func version() throws {
        let printed = try Self.tabbard(["--version"])
        let daemon = try DaemonProcess()
        #expect(printed.status == 0)
        let version = try stringProperty(daemon.bus.address, "Version")
        #expect(
            printed.output.hasPrefix("tabbard \(version) (Swift ") && printed.output.hasSuffix(")\n"),
            "\(printed.output)")
    }
}
