import DaemonBase

/// The check `tabbard --probe-plugin FILE` runs in a child process, so that a plugin that
/// crashes while it initialises takes down the child, never the daemon: load the module,
/// call its entry point, check its table. Given a manifest instead of a module, it also
/// checks the manifest, then creates each declared tab, renders its root page and destroys it.
public enum PluginProbe {
    /// What the probe found.
    public enum Outcome: Sendable, Equatable {
        /// Everything checked passed: the plugin's name, version and ABI, and the tabs tried.
        case passed(name: String, version: String, abi: PluginABIVersion, tabs: [String])
        /// The first check that failed.
        case failed(PluginRefusal)

        /// One line for the probe's output: `ok: …` or `refused: …`.
        public var text: String {
            switch self {
            case .passed(let name, let version, let abi, let tabs):
                "ok: plugin \(name) \(version) (ABI \(abi))"
                    + (tabs.isEmpty ? "" : "; tabs \(tabs.joined(separator: ", ")) render")
            case .failed(let reason):
                "refused: \(reason)"
            }
        }

        /// Whether the plugin passed.
        public var passed: Bool {
            if case .passed = self { return true }
            return false
        }
    }

    /// Probes `path`: a module (`.so`), or a manifest (`.plugin`) naming one. Plugin log
    /// lines and slow calls go to `log`. `moduleDescriptor`, given with a manifest, is the
    /// module file open on that descriptor (the daemon's own, `--module-fd`), probed in place
    /// of whatever lies at the manifest's module path.
    public static func run(
        path: String, trust: PluginTrust = .session, log: Log = Log(), moduleDescriptor: Int32? = nil
    ) -> Outcome {
        do throws(PluginRefusal) {
            let module: PluginModule
            if path.hasSuffix(".plugin") {
                module = try PluginModule.load(
                    manifestAt: path, trust: trust, log: log, moduleDescriptor: moduleDescriptor)
            } else {
                let (directory, name) = split(path)
                module = try PluginModule.load(
                    try CheckedFile.open(name, in: directory, trust: trust), manifest: nil, log: log)
            }
            var tried: [String] = []
            for tab in module.manifest?.tabs ?? [] {
                // What the plugin says about its tabs while probed goes nowhere.
                guard let instance = module.createTab(tab, sink: { _ in }) else {
                    throw .probeFailed("create for tab \(tab.id) returned NULL")
                }
                do {
                    _ = try instance.render(page: tab.rootPage)
                } catch {
                    throw .probeFailed(error.description)
                }
                instance.destroy()
                tried.append(tab.id)
            }
            return .passed(name: module.name, version: module.version, abi: module.abi, tabs: tried)
        } catch {
            return .failed(error)
        }
    }

    /// The directory and file name of `path`.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = slash == path.startIndex ? "/" : String(path[..<slash])
        return (directory, String(path[path.index(after: slash)...]))
    }
}
