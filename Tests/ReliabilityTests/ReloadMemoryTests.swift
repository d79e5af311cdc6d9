import Foundation
import TabbardTestSupport
import Testing

/// Resident memory over many SIGHUP reloads of an unchanged configuration: a reload re-reads
/// the configuration and every manifest, so whatever reading them leaks shows here.
@Suite("Reloads leak nothing")
struct ReloadMemoryTests {
    /// One run: what is loaded, and the figure it must stay under.
    struct Setting: Sendable, CustomStringConvertible {
        let description: String
        /// Tabs of the extra plugin whose manifest is re-read on every reload (0: none).
        let manyTabs: Int
    }

    static let settings = [
        Setting(description: "the configuration and the bundled plugins", manyTabs: 0),
        Setting(description: "the configuration, the bundled plugins and a 200-tab manifest", manyTabs: 200),
    ]

    /// A plugin that serves any tab its manifest declares.
    static let source = #"""
        #include <string.h>
        #include <tabbard/plugin.h>

        static void *many_create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
            (void)user_data; (void)tab_id;
            return tab;
        }
        static void many_destroy(void *instance) { (void)instance; }
        static bool many_render(void *instance, const char *page, struct tabbard_content *content) {
            (void)instance; (void)page;
            content->title = "Many";
            content->body = "one of many";
            return true;
        }
        static const char *const many_action_names[] = {"open", "close"};
        static bool many_actions(void *instance, struct tabbard_actions *actions) {
            (void)instance;
            actions->names = many_action_names;
            actions->count = 2;
            return true;
        }
        static bool many_activate(void *instance, const char *action) {
            (void)instance;
            return strcmp(action, "open") == 0 || strcmp(action, "close") == 0;
        }
        static const struct tabbard_plugin many_table = {
            .struct_size = sizeof(struct tabbard_plugin),
            .abi_major = TABBARD_PLUGIN_ABI_MAJOR,
            .abi_minor = TABBARD_PLUGIN_ABI_MINOR,
            .name = "many",
            .version = "0.1",
            .create = many_create,
            .destroy = many_destroy,
            .render = many_render,
            .actions = many_actions,
            .activate = many_activate,
        };
        const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
            (void)host_abi_minor; (void)host;
            return &many_table;
        }
        """#

    /// The staged bundled plugins, plus plugin `many` with `tabs` tabs when `tabs` > 0.
    static func pluginDirectory(manyTabs tabs: Int) throws -> String {
        let directory = try makePluginDirectory("tabbard-plugins")
        for name in ["clock", "media", "notes"] {
            for file in ["lib\(name).so", "\(name).plugin"] {
                try FileManager.default.copyItem(
                    atPath: PackagePaths.stagedPlugins.appendingPathComponent(file).path,
                    toPath: directory + "/" + file)
            }
        }
        guard tabs > 0 else { return directory }
        try source.write(toFile: directory + "/many.c", atomically: true, encoding: .utf8)
        let include = PackagePaths.root.appendingPathComponent("Sources/TabbardPluginABI/include").path
        let compiled = try runCommand(
            [
                "/usr/bin/env", "cc", "-std=c11", "-Wall", "-Werror", "-shared", "-fPIC", "-I", include,
                "-o", directory + "/libmany.so", directory + "/many.c",
            ], timeout: 60)
        guard compiled.status == 0 else { throw TestFailure("cc failed: \(compiled.errors)") }
        try TOMLCorpus.manifest(name: "many", tabs: tabs).write(
            toFile: directory + "/many.plugin", atomically: true, encoding: .utf8)
        return directory
    }

    @Test("VmRSS grows by under 1 KiB per SIGHUP reload", arguments: settings)
    func reloadsLeakNothing(setting: Setting) throws {
        let config = try makeTemporaryDirectory("tabbard-config") + "/tabbard.toml"
        try TOMLCorpus.configuration.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(
            arguments: ["--config", config], pluginDirectory: try Self.pluginDirectory(manyTabs: setting.manyTabs))
        let log = try LogFollower(path: daemon.logFile)
        let reloads = Variant.pick(short: 300, long: 2_000)
        let warmUp = reloads / 10
        var baseline = 0
        var peak = 0
        let began = Date()
        for reload in 1...reloads {
            kill(daemon.pid, SIGHUP)
            guard log.waitForLine(containing: "reloaded: ", timeout: 10) else {
                Issue.record("reload \(reload) did not finish; log:\n\(daemon.log.suffix(4_000))")
                return
            }
            let resident = residentKiB(daemon.pid)
            if reload == warmUp { baseline = resident }
            peak = max(peak, resident)
        }
        let final = residentKiB(daemon.pid)
        let perReload = Double(final - baseline) * 1024 / Double(reloads - warmUp)
        print(
            "reload memory (\(setting)): \(reloads) reloads in \(Int(Date().timeIntervalSince(began))) s; VmRSS \(baseline) KiB after \(warmUp), "
                + "\(final) KiB at the end, peak \(peak) KiB: \(Int(perReload.rounded())) bytes per reload")
        #expect(baseline > 0)
        #expect(perReload < 1024, "VmRSS \(baseline) KiB after \(warmUp) reloads, \(final) KiB after \(reloads)")
        #expect(daemon.stop() == 0, "log:\n\(daemon.log.suffix(4_000))")
    }
}

/// Reads a growing log file from where it last stopped, line by line.
final class LogFollower {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TestFailure("cannot open \(path)") }
        lseek(descriptor, 0, SEEK_END) // Only what is logged from now on.
    }

    deinit { close(descriptor) }

    /// Waits (at most `timeout` seconds) for a new line containing `text`; answers whether one came.
    func waitForLine(containing text: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.contains(text) { return true }
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
                continue
            }
            guard Date() < deadline else { return false }
            usleep(1_000)
        }
    }
}
