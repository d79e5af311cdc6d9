import Foundation
import TabbardTestSupport
import Testing

/// A new build of a plugin installed over the old one, then SIGHUP (issue 42): the helper of an
/// isolated plugin starts again and runs the new code; a plugin loaded into the daemon keeps
/// the old code, since its library cannot be unloaded, and the log says a restart is needed.
/// Each build renders a body of its own, so `GetContent` tells which code runs.
@Suite("Plugins replaced by a new build")
struct ModuleReplacementTests {
    /// How the new build takes the old one's place.
    enum Replacement: String, CaseIterable, Sendable {
        /// As `install` does: the old file removed, the new one made in its place (a new inode).
        case installed = "install"
        /// As `cp` does: the old file written over (the same inode).
        case copied = "cp"
    }

    /// A plugin directory with plugin `inproc`, loaded into the daemon, and plugin `helped`,
    /// whose manifest isolates it, both rendering `body`.
    static func directory(body: String) throws -> String {
        let plugins = try FaultPlugin.directory(fault: nil)
        for (name, isolated) in [("inproc", false), ("helped", true)] {
            try FaultPlugin.build(name, defines: ["RENDER_BODY=\"\(body)\""], to: plugins + "/lib\(name).so")
            let manifest = FaultPlugin.manifest(name)
            try
                (isolated
                ? manifest.replacingOccurrences(of: "description =", with: "isolation = \"process\"\ndescription =")
                : manifest)
                .write(toFile: plugins + "/\(name).plugin", atomically: true, encoding: .utf8)
        }
        return plugins
    }

    /// Builds plugin `name` rendering `body` beside the directory, then puts it in place of
    /// its module as `replacement` says.
    static func replace(_ name: String, in plugins: String, body: String, by replacement: Replacement) throws {
        let module = plugins + "/lib\(name).so"
        let build = try makeTemporaryDirectory("tabbard-build") + "/lib\(name).so"
        try FaultPlugin.build(name, defines: ["RENDER_BODY=\"\(body)\""], to: build)
        let command =
            switch replacement {
            case .installed: ["/usr/bin/install", "-m", "0644", build, module]
            case .copied: ["/bin/cp", build, module]
            }
        let before = try FileManager.default.attributesOfItem(atPath: module)[.systemFileNumber] as? Int
        let result = try runCommand(command)
        guard result.status == 0 else { throw TestFailure("\(command) failed: \(result.errors)") }
        let after = try FileManager.default.attributesOfItem(atPath: module)[.systemFileNumber] as? Int
        // What the case is about: a new inode, or the same one written over.
        #expect(
            (before == after) == (replacement == .copied),
            "inode \(String(describing: before)) → \(String(describing: after))")
    }

    /// The body `GetContent` of `tab` answers; nil when it fails.
    static func body(_ address: String, _ tab: String) throws -> String? {
        let result = try runCommand([
            "/usr/bin/busctl", "--address=\(address)", "--timeout=5", "--json=short", "call", Names.service,
            Names.controller, Names.service, "GetContent", "s", tab,
        ])
        guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any] else { return nil }
        return (reply["data"] as? [Any])?.last as? String
    }

    /// Asks for the body of `tab` until it is `wanted`, for up to 30 s; returns the last answer.
    static func waitForBody(_ address: String, _ tab: String, _ wanted: String) throws -> String? {
        let deadline = Date().addingTimeInterval(30)
        var body = try Self.body(address, tab)
        while body != wanted && Date() < deadline {
            usleep(50_000)
            body = try Self.body(address, tab)
        }
        return body
    }

    @Test(
        "after SIGHUP an isolated plugin whose module was replaced runs the new build in a new helper; one in the daemon keeps the old build and the log says a restart is needed",
        arguments: Replacement.allCases)
    func replacedModule(_ replacement: Replacement) throws {
        let plugins = try Self.directory(body: "first build")
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let bus = daemon.bus.address
        #expect(try Self.waitForBody(bus, "helped-tab", "first build") == "first build", "\(daemon.log)")
        #expect(try Self.waitForBody(bus, "inproc-tab", "first build") == "first build", "\(daemon.log)")
        let helper = try #require(Self.helperPID(in: daemon.log, of: "helped"), "\(daemon.log)")
        try Self.replace("helped", in: plugins, body: "second build", by: replacement)
        // Written over in place, a library the daemon has mapped would change under its code.
        if replacement == .installed { try Self.replace("inproc", in: plugins, body: "second build", by: replacement) }
        kill(daemon.pid, SIGHUP)
        #expect(try Self.waitForBody(bus, "helped-tab", "second build") == "second build", "\(daemon.log)")
        #expect(Self.helperPID(in: daemon.log, of: "helped") != helper, "\(daemon.log)")
        #expect(
            daemon.log.contains(
                "plugin helped: \(plugins)/libhelped.so changed; its helper starts again with the new build"),
            "\(daemon.log)")
        guard replacement == .installed else { return }
        #expect(try Self.body(bus, "inproc-tab") == "first build")
        #expect(
            daemon.log.contains(
                "plugin inproc: \(plugins)/libinproc.so changed since it was loaded; restart tabbard to run the new build"
            ),
            "\(daemon.log)")
        // --list-plugins, another process, says so while that daemon runs, for that plugin alone.
        #expect(try Self.needingRestart(plugins, stateDirectory: daemon.stateDirectory) == ["inproc"])
        // Stopped, the daemon runs no build: what it recorded says nothing any more.
        _ = daemon.stop()
        #expect(try Self.needingRestart(plugins, stateDirectory: daemon.stateDirectory) == [])
    }

    /// The plugins `tabbard --list-plugins` says need a restart, for the daemon on `stateDirectory`.
    static func needingRestart(_ plugins: String, stateDirectory: String) throws -> [String] {
        let list = try runCommand([
            try PackagePaths.executable("tabbard"), "--list-plugins", "--plugin-dir", plugins,
            "--state-dir", stateDirectory,
        ]).output
        var blocks: [[String]] = []
        for line in list.split(separator: "\n").map(String.init) {
            if line.hasPrefix(" "), !blocks.isEmpty {
                blocks[blocks.count - 1].append(line)
            } else {
                blocks.append([line])
            }
        }
        let restart = "  restart needed: the running daemon has an earlier build of the module loaded"
        return blocks.filter { $0.contains(restart) }.map { String($0[0].prefix { $0 != " " }) }
    }

    /// The pid of the last helper of `plugin` the log says is ready.
    static func helperPID(in log: String, of plugin: String) -> Int? {
        let prefix = "plugin \(plugin): helper "
        return log.split(separator: "\n").reversed().lazy.compactMap { line -> Int? in
            guard let range = line.range(of: prefix), line.hasSuffix(" ready") else { return nil }
            return Int(line[range.upperBound...].dropLast(" ready".count))
        }.first
    }
}
