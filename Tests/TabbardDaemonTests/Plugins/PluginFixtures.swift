import Foundation
import Testing

@testable import TabbardDaemon

/// Where the package's files are, found from this source file (tests run from anywhere).
enum PackagePaths {
    /// The package root: three folders above this file.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Where `make plugins` stages the bundled plugins.
    static let stagedPlugins = root + "/.build/plugins"

    /// Where `make test-plugins` stages the test plugins (`swiftfault`).
    static let testPlugins = root + "/.build/test-plugins"

    /// The ABI header's include directory.
    static let include = root + "/Sources/TabbardPluginABI/include"

    /// The staged plugins directory, or a recorded failure saying how to make it.
    static func requireStagedPlugins(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        for name in ["clock", "media", "notes"] {
            let module = "\(stagedPlugins)/lib\(name).so"
            guard FileManager.default.fileExists(atPath: module),
                FileManager.default.fileExists(atPath: "\(stagedPlugins)/\(name).plugin")
            else {
                Issue.record(
                    "missing \(module) or its manifest: run `make plugins` (make test does) before swift test",
                    sourceLocation: sourceLocation)
                throw FixtureError.missing(module)
            }
        }
        return stagedPlugins
    }
}

/// A fixture could not be made; the test stops with the message already recorded.
enum FixtureError: Error {
    case missing(String)
    case compile(String)
}

/// A fresh temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    /// A directory in the system's temporary directory, or, `underBuild`, beneath the package's
    /// `.build`: a system instance refuses a plugin directory beneath `/tmp`, which all may
    /// write, and accepts one in a build tree that root owns.
    init(underBuild: Bool = false) throws {
        let base = underBuild ? PackagePaths.root + "/.build/test-plugin-dirs" : NSTemporaryDirectory()
        if underBuild {
            try FileManager.default.createDirectory(
                atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        var template = Array((base + "/tabbard-plugins-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError.missing("temporary directory") }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
        return file
    }

    /// Copies a staged bundled plugin (module and manifest) into the directory.
    func copyBundled(_ name: String, from staged: String) throws {
        for file in ["lib\(name).so", "\(name).plugin"] {
            try FileManager.default.copyItem(atPath: "\(staged)/\(file)", toPath: "\(path)/\(file)")
        }
    }
}

/// A manifest for a test plugin named `name` with module `lib<name>.so` and `tabs`.
func testManifest(_ name: String, abi: String = "1.0", tabs: [String], module: String? = nil) -> String {
    var text =
        "name = \"\(name)\"\nmodule = \"\(module ?? "lib\(name).so")\"\nabi = \"\(abi)\"\ndescription = \"test plugin\"\n"
    for tab in tabs { text += "\n[[tabs]]\nid = \"\(tab)\"\ntitle = \"Tab \(tab)\"\nactions = [\"poke\"]\n" }
    return text
}

/// Compiles `FixturePlugin.source` with `defines` into `directory/lib<name>.so`.
func compileFixture(
    _ name: String, in directory: TemporaryDirectory, defines: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let source = directory.path + "/\(name).c"
    try FixturePlugin.source.write(toFile: source, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        [
            "cc", "-std=c11", "-Wall", "-Werror", "-Wno-unused-function", "-Wno-unused-const-variable", "-shared",
            "-fPIC", "-I", PackagePaths.include,
            "-DPLUGIN_NAME=\"\(name)\"", "-o", "\(directory.path)/lib\(name).so", source,
        ] + defines.map { "-D\($0)" }
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        Issue.record("cc failed for fixture \(name): \(message)", sourceLocation: sourceLocation)
        throw FixtureError.compile(message)
    }
}

/// A small C plugin against the header alone; `-D` switches make each kind of bad plugin.
enum FixturePlugin {
    static let source = #"""
        #define _POSIX_C_SOURCE 200809L
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>
        #include <tabbard/plugin.h>

        static const struct tabbard_host *fixture_host;

        static void *fixture_create(void *user_data, const char *tab_id, struct tabbard_tab *tab) {
            (void)user_data; (void)tab_id;
            fixture_host->set_badge(tab, "");
            return tab; /* the tab pointer doubles as the instance: nothing else to keep */
        }
        static void fixture_destroy(void *instance) { (void)instance; }
        static bool fixture_render(void *instance, const char *page, struct tabbard_content *content) {
            (void)instance;
        #ifdef SLOW_RENDER
            struct timespec pause = {0, 30 * 1000 * 1000};
            nanosleep(&pause, NULL);
        #endif
            (void)page;
            content->title = "Fixture";
            content->body = "fixture";
            return true;
        }
        static bool fixture_activate(void *instance, const char *action) {
            fixture_host->content_changed(instance);
            return strcmp(action, "poke") == 0;
        }

        #ifdef NEWER_MINOR
        struct fixture_table { struct tabbard_plugin v1_0; void *(*appended_in_1_1)(void *); };
        #define TABLE_TYPE struct fixture_table
        #define V1(field) .v1_0.field
        #else
        #define TABLE_TYPE struct tabbard_plugin
        #define V1(field) .field
        #endif
        #ifndef ABI_MAJOR
        #define ABI_MAJOR TABBARD_PLUGIN_ABI_MAJOR
        #endif
        #ifndef TABLE_NAME
        #define TABLE_NAME PLUGIN_NAME
        #endif

        static const TABLE_TYPE fixture_table = {
        #ifdef SMALL_TABLE
            /* Two functions short of the smallest table the host takes. */
            V1(struct_size) = TABBARD_PLUGIN_SIZE_1_0 - 2 * sizeof(void *),
        #else
            V1(struct_size) = sizeof(TABLE_TYPE),
        #endif
            V1(abi_major) = ABI_MAJOR,
        #ifdef NEWER_MINOR
            V1(abi_minor) = TABBARD_PLUGIN_ABI_MINOR + 1,
        #else
            V1(abi_minor) = TABBARD_PLUGIN_ABI_MINOR,
        #endif
            V1(name) = TABLE_NAME,
            V1(version) = "0.1",
            V1(create) = fixture_create,
            V1(destroy) = fixture_destroy,
        #ifndef NO_RENDER
            V1(render) = fixture_render,
        #endif
            V1(activate) = fixture_activate,
        };

        #ifdef SWIFT_RELEASE
        /* What the Swift SDK exports: the Swift release that compiled the plugin. */
        const char *tabbard_plugin_swift_release_v1(void) { return SWIFT_RELEASE; }
        #endif

        #ifndef NO_ENTRY
        const struct tabbard_plugin *tabbard_plugin_entry_v1(uint32_t host_abi_minor, const struct tabbard_host *host) {
            (void)host_abi_minor;
            fixture_host = host;
        #ifdef CRASH_IN_ENTRY
            abort();
        #endif
        #ifdef NULL_TABLE
            return NULL;
        #else
            return (const struct tabbard_plugin *)&fixture_table;
        #endif
        }
        #else
        const struct tabbard_plugin *tabbard_plugin_entry_v2(void) { return (const struct tabbard_plugin *)&fixture_table; }
        #endif
        """#
}
