import Foundation
import TabbardTestSupport
import Testing

/// The daemon's other input files under the same care as its state (docs/reliability.md): a
/// configuration or a manifest that is a FIFO, a device or huge is a clear refusal within a
/// second, never a hang; `--list-plugins`, which runs without the state directory's lock,
/// reads `plugins.state` without blocking and moves nothing.
@Suite("Hostile configuration, manifests and plugins.state")
struct InputFileFaultTests {
    /// `tabbard ARGUMENTS` as a process; fails the test if it takes more than 10 s.
    private func tabbard(_ arguments: [String]) throws -> CommandResult {
        try runCommand([try PackagePaths.executable("tabbard")] + arguments, timeout: 10)
    }

    @Test(
        "a FIFO, /dev/zero or a 5 MiB file as the configuration is refused at once, naming it, by --check-config and by the daemon"
    )
    func configuration() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let fifo = directory + "/fifo.toml"
        guard mkfifo(fifo, 0o600) == 0 else { throw TestFailure("mkfifo \(fifo)") }
        let huge = directory + "/huge.toml"
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(repeating: 0x23, count: 5 << 20)))
        let plugins = ["--plugin-dir", PackagePaths.stagedPlugins.path]
        for (file, reason) in [
            (fifo, "a FIFO, not a regular file"), ("/dev/zero", "a character device, not a regular file"),
            (huge, "more than the 4194304 allowed"),
        ] {
            let check = try tabbard(["--check-config", "--config", file] + plugins)
            #expect(
                check.status == 1 && check.errors.contains(file) && check.errors.contains(reason), "\(check.errors)")
            let bus = try PrivateBus()
            let serve = try tabbard(["--address", bus.address, "--config", file, "--no-state"] + plugins)
            #expect(serve.status == 1 && serve.errors.contains(reason), "\(serve.errors)")
        }
    }

    @Test("a FIFO as a plugin manifest is skipped with its reason; the daemon serves the other plugins")
    func manifest() throws {
        let directory = try makePluginDirectory("tabbard-plugins")
        for file in ["libnotes.so", "notes.plugin"] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.stagedPlugins.appendingPathComponent(file).path,
                toPath: directory + "/" + file)
        }
        guard mkfifo(directory + "/stuck.plugin", 0o600) == 0 else { throw TestFailure("mkfifo stuck.plugin") }
        let daemon = try DaemonProcess(pluginDirectory: directory) // Fails unless serving within 30 s.
        #expect(daemon.log.contains("\(directory)/stuck.plugin"), "log:\n\(daemon.log)")
        #expect(try describe(daemon.bus.address)["Tabs"] as? [String] == ["notes"])
        #expect(daemon.stop(within: 10) == 0, "log:\n\(daemon.log)")
        let list = try tabbard(["--list-plugins", "--plugin-dir", directory])
        #expect(list.status == 0 && list.output.contains("stuck.plugin"), "\(list.output)\(list.errors)")
    }

    @Test("--list-plugins reads a FIFO at plugins.state without blocking and leaves it where it is")
    func listPluginsWithoutLock() throws {
        let state = try makeTemporaryDirectory("tabbard-state")
        guard mkfifo(state + "/plugins.state", 0o600) == 0 else { throw TestFailure("mkfifo plugins.state") }
        let list = try tabbard([
            "--list-plugins", "--plugin-dir", PackagePaths.stagedPlugins.path, "--state-dir", state,
        ])
        #expect(list.status == 0 && list.output.contains("notes"), "\(list.output)\(list.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["plugins.state"])
    }
}
