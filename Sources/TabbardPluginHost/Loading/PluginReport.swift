/// What the loader found and did with each manifest: the data behind
/// `tabbard --list-plugins` and the daemon's start-up log.
public struct PluginReport: Sendable, Equatable {
    /// What became of one plugin.
    public enum Status: Sendable, Equatable {
        /// Loaded, its tabs in the catalog.
        case loaded
        /// Passed every check that runs no plugin code (a listing loads nothing).
        case usable
        /// Left out because the configuration's `plugins` does not name it.
        case disabled
        /// Skipped for this reason.
        case refused(PluginRefusal)
    }

    /// One manifest and its outcome.
    public struct Entry: Sendable, Equatable {
        /// The manifest file.
        public var file: String
        /// The manifest, when it could be read.
        public var manifest: PluginManifest?
        /// The version the plugin reports, once loaded.
        public var version: String?
        /// What became of it.
        public var status: Status
        /// Whether the running daemon has an earlier build of its module loaded, which only a
        /// restart replaces.
        public var restartNeeded = false
        /// Where it runs (or would) and why; nil for a plugin that does not load.
        public var placement: PluginPlacement?

        /// An entry for `file`.
        public init(file: String, manifest: PluginManifest?, version: String? = nil, status: Status) {
            self.file = file
            self.manifest = manifest
            self.version = version
            self.status = status
        }
    }

    /// Every manifest found, in load order.
    public var entries: [Entry] = []
    /// Plugin directories that could not be listed or were refused, with the reason.
    public var unreadableDirectories: [String: String] = [:]
    /// The instance the plugins were found for, which the placements' words name.
    public var trust: PluginTrust = .session

    /// An empty report.
    public init() {}

    /// The entry for the plugin named `name`, if its manifest was read.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.manifest?.name == name }
    }

    /// Marks each plugin whose module the running daemon has loaded (`running`, each build by
    /// module path) as an earlier build than the file found now.
    package mutating func markRestartNeeded(running: [String: PluginModuleStamp]) {
        for index in entries.indices {
            guard let path = entries[index].manifest?.modulePath, let build = running[path] else { continue }
            entries[index].restartNeeded = PluginModuleStamp(path: path) != build
        }
    }

    /// The report as `tabbard --list-plugins` prints it: one block per manifest.
    public var text: String {
        var lines: [String] = []
        for (directory, reason) in unreadableDirectories.sorted(by: { $0.key < $1.key }) {
            lines.append("directory \(directory): \(reason)")
        }
        for entry in entries {
            let status: String =
                switch entry.status {
                case .loaded: "loaded"
                case .usable: "ok"
                case .disabled: "disabled"
                case .refused(let reason): "refused: \(reason)"
                }
            guard let manifest = entry.manifest else {
                lines.append("\(entry.file)\n  \(status)")
                continue
            }
            let version = entry.version.map { " \($0)" } ?? ""
            lines.append("\(manifest.name)\(version) (ABI \(manifest.abi)) \(entry.file)")
            if !manifest.description.isEmpty { lines.append("  \(manifest.description)") }
            lines.append("  status: \(status)")
            if let placement = entry.placement {
                lines.append("  runs: \(placement.text(plugin: manifest.name, trust: trust))")
            }
            lines.append("  module: \(manifest.modulePath)")
            if entry.restartNeeded {
                lines.append("  restart needed: the running daemon has an earlier build of the module loaded")
            }
            for tab in manifest.tabs {
                var line = "  tab \(tab.id): " + (tab.systemItem.map { "system item \($0)" } ?? "\"\(tab.title)\"")
                if !tab.actions.isEmpty { line += "; actions \(tab.actions.joined(separator: " "))" }
                lines.append(line)
            }
        }
        return lines.isEmpty ? "no plugins found\n" : lines.joined(separator: "\n") + "\n"
    }
}
