import Foundation
import Testing
import TabbardTestSupport

/// Plugins that crash or hang (issue 8): a module that crashes at load is found by a probe
/// in a child process and skipped, and remembered; a call that hangs makes the daemon exit
/// for systemd to restart it with its state, and three hangs disable the module file.
@Suite("Plugins that crash or hang")
struct PluginFaultTests {
    /// A plugin with one tab, `<name>-tab`, whose faults `-D` switches choose.
    static let source = #"""
    #define _POSIX_C_SOURCE 200809L
    #include <stdlib.h>
    #include <string.h>
    #include <unistd.h>
    #include <tabbard/plugin.h>

    static void *fault_create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
        (void)user_data; (void)tab_id;
        return tab;
    }
    static void fault_destroy(void *instance) { (void)instance; }
    static bool fault_render(void *instance, const char *page, struct tabbard_content *content) {
        (void)instance; (void)page;
        content->title = "Fault";
        content->body = "fault";
        return true;
    }
    static const char *const fault_action_names[] = {"poke"};
    static bool fault_actions(void *instance, struct tabbard_actions *actions) {
        (void)instance;
        actions->names = fault_action_names;
        actions->count = 1;
        return true;
    }
    static bool fault_activate(void *instance, const char *action) {
        (void)instance;
    #ifdef HANG_IN_ACTIVATE
        for (;;) sleep(1);
    #endif
        return strcmp(action, "poke") == 0;
    }
    static const struct tabbard_plugin fault_table = {
        .struct_size = sizeof(struct tabbard_plugin),
        .abi_major = TABBARD_PLUGIN_ABI_MAJOR,
        .abi_minor = TABBARD_PLUGIN_ABI_MINOR,
        .name = PLUGIN_NAME,
        .version = "0.1",
        .create = fault_create,
        .destroy = fault_destroy,
        .render = fault_render,
        .actions = fault_actions,
        .activate = fault_activate,
    };
    const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
        (void)host_abi_minor; (void)host;
    #ifdef CRASH_IN_ENTRY
        abort();
    #endif
        return &fault_table;
    }
    """#

    /// A plugin directory with a copy of the bundled clock plugin and, when `fault` is
    /// given, plugin `name` compiled with that define.
    static func pluginDirectory(fault: (name: String, define: String)?) throws -> String {
        let directory = try makeTemporaryDirectory("tabbard-plugins")
        for file in ["libclock.so", "clock.plugin"] {
            try FileManager.default.copyItem(atPath: PackagePaths.stagedPlugins.appendingPathComponent(file).path,
                                             toPath: directory + "/" + file)
        }
        guard let (name, define) = fault else { return directory }
        let source = directory + "/\(name).c"
        try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
        let include = PackagePaths.root.appendingPathComponent("Sources/TabbardPluginABI/include").path
        let compiled = try runCommand(["/usr/bin/env", "cc", "-std=c11", "-Wall", "-Werror", "-shared", "-fPIC", "-I", include,
                                       "-DPLUGIN_NAME=\"\(name)\"", "-D\(define)", "-o", directory + "/lib\(name).so", source],
                                      timeout: 60)
        guard compiled.status == 0 else { throw TestFailure("cc failed for \(name): \(compiled.errors)") }
        let manifest = "name = \"\(name)\"\nmodule = \"lib\(name).so\"\nabi = \"1.0\"\ndescription = \"faulty test plugin\"\n"
            + "\n[[tabs]]\nid = \"\(name)-tab\"\ntitle = \"Faulty\"\nactions = [\"poke\"]\n"
        try manifest.write(toFile: directory + "/\(name).plugin", atomically: true, encoding: .utf8)
        return directory
    }

    /// The remembered outcomes in the daemon's state directory.
    static func records(_ daemon: DaemonProcess) -> [String] {
        let text = (try? String(contentsOfFile: daemon.stateDirectory + "/plugins.state", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits (at most `timeout` seconds) until the daemon exits on its own, leaving it for
    /// `stop` to reap; returns whether it exited.
    static func waitForExit(_ daemon: DaemonProcess, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var info = siginfo_t()  // Zeroed: si_signo stays 0 while the process runs.
            if waitid(P_PID, id_t(daemon.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info.si_signo == SIGCHLD { return true }
            usleep(20_000)
        }
        return false
    }

    static func occurrences(of text: String, in log: String) -> Int {
        log.components(separatedBy: text).count - 1
    }

    @Test("a plugin that crashes in its entry point is skipped with the probe's reason, the others serve, and the next start skips it without probing")
    func crashAtLoad() throws {
        let plugins = try Self.pluginDirectory(fault: (name: "crasher", define: "CRASH_IN_ENTRY"))
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let bus = daemon.bus.address
        #expect(daemon.log.contains("plugin \(plugins)/crasher.plugin skipped: probe failed: crashed (signal \(SIGABRT)"), "\(daemon.log)")
        #expect(try stringsProperty(bus, "AvailableTabs") == ["world-clock", "alarm", "stopwatch", "timer"])
        #expect(try busctlCall(bus, "GetContent", "s", "world-clock").contains("text/"))
        let remembered = Self.records(daemon)
        #expect(remembered.contains { $0.hasPrefix("bad 1 ") && $0.contains("/libcrasher.so\tcrashed (signal \(SIGABRT)") }, "\(remembered)")
        #expect(remembered.contains { $0.hasPrefix("ok 0 ") && $0.contains("/libclock.so\t") }, "\(remembered)")

        try daemon.restart()
        #expect(Self.occurrences(of: "crasher.plugin skipped: probe failed: crashed", in: daemon.log) == 2, "\(daemon.log)")
        #expect(daemon.log.contains("(remembered; replace or touch"), "\(daemon.log)")
        #expect(Self.records(daemon) == remembered)  // Not probed again: the record is unchanged.
        #expect(daemon.stop() == 0)

        // --list-plugins reads the same records.
        let listed = try runCommand([try PackagePaths.executable("tabbard"), "--list-plugins", "--plugin-dir", plugins,
                                     "--state-dir", daemon.stateDirectory])
        #expect(listed.status == 0 && listed.output.contains("  status: refused: probe failed: crashed (signal \(SIGABRT)"),
                "\(listed.output)\(listed.errors)")
    }

    @Test("a good plugin is probed at its first start only; a replaced module file is probed again")
    func goodPluginProbedOnce() throws {
        let plugins = try Self.pluginDirectory(fault: nil)
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let passed = "/libclock.so passed its probe in a child process"
        #expect(Self.occurrences(of: passed, in: daemon.log) == 1, "\(daemon.log)")
        try daemon.restart()
        #expect(Self.occurrences(of: passed, in: daemon.log) == 1, "\(daemon.log)")
        #expect(try stringsProperty(daemon.bus.address, "AvailableTabs").contains("world-clock"))

        // Touched: another mtime, another file as far as the records go.
        daemon.stop()
        let later = Date().addingTimeInterval(5)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: plugins + "/libclock.so")
        try daemon.start()
        #expect(Self.occurrences(of: passed, in: daemon.log) == 2, "\(daemon.log)")
        // The record of the file's earlier version is gone.
        #expect(Self.records(daemon).filter { $0.contains("/libclock.so\t") }.count == 1, "\(Self.records(daemon))")
        #expect(daemon.stop() == 0)
    }

    @Test("--no-state probes at every start and remembers nothing")
    func noStateProbesEveryTime() throws {
        let plugins = try Self.pluginDirectory(fault: nil)
        let daemon = try DaemonProcess(arguments: ["--no-state"], pluginDirectory: plugins)
        try daemon.restart()
        #expect(Self.occurrences(of: "/libclock.so passed its probe in a child process", in: daemon.log) == 2, "\(daemon.log)")
        #expect(!FileManager.default.fileExists(atPath: daemon.stateDirectory + "/plugins.state"))
        #expect(daemon.stop() == 0)
    }

    @Test("a call that hangs makes the daemon exit non-zero; it comes back with its state; after three hangs the plugin is disabled")
    func hangExitsAndDisables() throws {
        let plugins = try Self.pluginDirectory(fault: (name: "hanger", define: "HANG_IN_ACTIVATE"))
        let daemon = try DaemonProcess(environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "300"], pluginDirectory: plugins)
        let bus = daemon.bus.address
        try busctlCall(bus, "SetTabs", "as", "3", "hanger-tab", "stopwatch", "world-clock")
        try busctlCall(bus, "SetBadge", "ss", "stopwatch", "7")
        usleep(1_500_000)  // A badge reaches the disk within the flush interval (100 ms; STATE-4).
        for failure in 1...3 {
            // The reply never comes: the daemon exits while the call is in the plugin.
            _ = try runCommand(["/usr/bin/busctl", "--address=\(bus)", "--timeout=20", "call", Names.service, Names.controller,
                                Names.service, "Activate", "ss", "hanger-tab", "poke"], timeout: 30)
            #expect(Self.waitForExit(daemon, timeout: 20), "\(daemon.log)")
            #expect(daemon.stop() == 70)
            #expect(Self.occurrences(of: "plugin hanger: activate for tab hanger-tab did not return within 300 ms; exiting", in: daemon.log)
                    == failure, "\(daemon.log)")
            #expect(Self.records(daemon).contains { $0.hasPrefix("ok \(failure) ") && $0.contains("/libhanger.so\t") },
                    "\(Self.records(daemon))")
            try daemon.start()
            // Restored as systemd's restart would find it.
            #expect(try stringsProperty(bus, "Tabs") == (failure < 3 ? ["hanger-tab", "stopwatch", "world-clock"] : ["stopwatch", "world-clock"]),
                    "\(daemon.log)")
            #expect(try stringProperty(bus, "BadgeValue", path: Names.tab("stopwatch"), interface: Names.tabInterface) == "7")
            if failure == 3 { break }
        }
        #expect(daemon.log.contains("hanger.plugin skipped: disabled after 3 failures (last: activate for tab hanger-tab did not return within 300 ms); replace or touch"),
                "\(daemon.log)")
        #expect(!(try stringsProperty(bus, "AvailableTabs")).contains("hanger-tab"))
        #expect(daemon.stop() == 0)
        let listed = try runCommand([try PackagePaths.executable("tabbard"), "--list-plugins", "--plugin-dir", plugins,
                                     "--state-dir", daemon.stateDirectory])
        #expect(listed.status == 0 && listed.output.contains("  status: refused: disabled after 3 failures"), "\(listed.output)\(listed.errors)")
    }
}
