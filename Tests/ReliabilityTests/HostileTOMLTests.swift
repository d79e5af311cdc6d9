import Foundation
import TabbardTestSupport
import Testing

/// TOML that once aborted every tabbard process that read it (the vendored C++ parser hit an
/// assertion): now each is refused with its file and line, at start, at SIGHUP, in
/// `--check-config` and `--list-plugins`, and a bad manifest costs only its own plugin.
@Suite("Hostile TOML never aborts a tabbard process")
struct HostileTOMLTests {
    static func tabbard(_ arguments: [String]) throws -> CommandResult {
        try runCommand([try PackagePaths.executable("tabbard")] + arguments, timeout: 20)
    }

    /// A plugin directory with copies of the staged bundled plugins, and `bad.plugin` holding `text`.
    static func pluginDirectory(badManifest text: String) throws -> String {
        let directory = try makePluginDirectory("tabbard-plugins")
        for file in ["libclock.so", "clock.plugin", "libnotes.so", "notes.plugin"] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.stagedPlugins.appendingPathComponent(file).path,
                toPath: directory + "/" + file)
        }
        try text.write(toFile: directory + "/bad.plugin", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("--check-config refuses each former abort with file and line, exit 1", arguments: TOMLInputs.formerAborts)
    func checkConfig(text: String) throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try Self.tabbard([
            "--check-config", "--config", config, "--plugin-dir", PackagePaths.stagedPlugins.path,
        ])
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors.contains(config + ":1"), "\(result.errors)")
    }

    @Test(
        "a manifest holding a former abort is skipped by --list-plugins and at start; the other plugins serve",
        arguments: TOMLInputs.formerAborts)
    func badManifest(text: String) throws {
        let plugins = try Self.pluginDirectory(badManifest: "name = \"bad\"\n" + text + "\n")
        let list = try Self.tabbard([
            "--list-plugins", "--plugin-dir", plugins, "--state-dir", try makeTemporaryDirectory(),
        ])
        #expect(list.status == 0, "\(list.errors)")
        #expect(
            list.output.contains("bad.plugin") && list.output.contains("invalid manifest: line 2"), "\(list.output)")
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        #expect((try describe(daemon.bus.address)["Tabs"] as? [String])?.contains("notes") == true)
        #expect(daemon.log.contains("bad.plugin"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }

    @Test("a SIGHUP that finds a former abort in the configuration keeps the running configuration")
    func reloadKeepsRunning() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = directory + "/tabbard.toml"
        try "tabs = [\"alarm\", \"notes\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        for text in TOMLInputs.formerAborts {
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            let before = daemon.log.components(separatedBy: "keeping the running one").count
            kill(daemon.pid, SIGHUP)
            let deadline = Date().addingTimeInterval(10)
            while daemon.log.components(separatedBy: "keeping the running one").count == before, Date() < deadline,
                kill(daemon.pid, 0) == 0
            {
                usleep(10_000)
            }
            #expect(kill(daemon.pid, 0) == 0, "the daemon died on \(text); log:\n\(daemon.log)")
        }
        #expect(try describe(daemon.bus.address)["Tabs"] as? [String] == ["alarm", "notes"])
        #expect(daemon.log.contains(config + ":1"), "\(daemon.log)")
        #expect(daemon.stop() == 0, "\(daemon.log)")
    }
}
