import Foundation

/// A C plugin with one tab, `<name>-tab`, and a fault chosen by a `-D` switch
/// (`CRASH_IN_ENTRY`, `HANG_IN_ACTIVATE`), compiled during a test.
public enum FaultPlugin {
    /// A plugin with one tab, `<name>-tab`, whose faults `-D` switches choose.
    public static let source = #"""
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
    public static func directory(fault: (name: String, define: String)?) throws -> String {
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
}
