/// Finds, checks and loads plugins, and keeps them: the daemon's side of the plugin ABI.
///
/// Used on the daemon's loop thread. `load` scans the configured directories in order (then
/// manifests by file name), skips every plugin that fails a check with one log line naming
/// the file and the reason, and loads the rest with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`.
/// Libraries are never unloaded: a later scan (SIGHUP) keeps what is loaded, loads what is
/// new, and leaves out what is no longer found or enabled.
public final class PluginHost {
    /// Whether the system instance's ownership rules apply.
    public let trust: PluginTrust
    /// Where skipped plugins, slow calls and plugins' own lines are logged.
    public let log: Log
    /// Probes new module files in a child process and watches calls for hangs; nil where
    /// plugins are loaded without that guard (tests, probing itself).
    public let admission: PluginAdmission?
    /// Every module ever loaded, by plugin name; kept because a library is never unloaded.
    private var loaded: [String: PluginModule] = [:]
    /// The plugins in use after the last scan, in load order.
    public private(set) var modules: [PluginModule] = [] {
        didSet { indexTabs() }
    }
    /// Each catalog tab's plugin and declaration, by tab id, so creating a tab is O(1).
    private var tabsByID: [String: (plugin: PluginModule, tab: PluginTabDeclaration)] = [:]

    /// A host that logs to `log`.
    public init(trust: PluginTrust, log: Log, admission: PluginAdmission? = nil) {
        self.trust = trust
        self.admission = admission
        self.log = log
    }

    /// The catalog in load order: each tab declared by a plugin in use, with its plugin.
    public var catalog: [(plugin: PluginModule, tab: PluginTabDeclaration)] {
        modules.flatMap { module in (module.manifest?.tabs ?? []).map { (module, $0) } }
    }

    /// Creates the instance of catalog tab `id`, whose host callbacks go to `sink`; nil if no
    /// plugin in use offers it or the plugin declines (logged).
    public func createTab(id: String, sink: @escaping PluginEventSink) -> PluginTab? {
        guard let (module, tab) = tabsByID[id] else { return nil }
        return module.createTab(tab, sink: sink)
    }

    private func indexTabs() {
        tabsByID = [:]
        for entry in catalog where tabsByID[entry.tab.id] == nil { tabsByID[entry.tab.id] = entry }
    }

    /// Scans `directories` and loads every enabled plugin that passes the checks (all of
    /// them when `enabled` is nil). Returns what became of each manifest.
    @discardableResult
    public func load(directories: [String], enabled: Set<String>? = nil) -> PluginReport {
        let scan = PluginDirectoryScan(directories: directories, trust: trust)
        for (directory, reason) in scan.unreadableDirectories {
            log.info("plugin directory \(directory) skipped: \(reason)")
        }
        var inUse: [PluginModule] = []
        let report = Self.evaluate(scan, enabled: enabled) { manifest throws(PluginRefusal) in
            let module: PluginModule
            if let earlier = loaded[manifest.name] {
                // Never unloaded, so never reloaded either: a changed module needs a restart.
                if earlier.manifest != manifest {
                    log.notice("plugin \(manifest.name): \(manifest.file) changed since it was loaded; restart tabbard to apply it")
                }
                module = earlier
            } else {
                let file = try CheckedFile.open(manifest.module, in: manifest.directory, trust: trust)
                try file.requireSharedObject()
                let fingerprint = try admission?.admit(file, manifest: manifest)
                module = try PluginModule.load(file, manifest: manifest, log: log)
                module.callGuard = admission?.callGuard(for: module, fingerprint: fingerprint)
                loaded[manifest.name] = module
                log.info("plugin \(manifest.name) \(module.version) loaded from \(module.path): \(manifest.tabs.map(\.id).joined(separator: ", "))")
            }
            inUse.append(module)
            return module.version
        } refused: { file, reason in
            log.warning("plugin \(file) skipped: \(reason)")
        }
        modules = inUse
        var result = report
        for (directory, reason) in scan.unreadableDirectories { result.unreadableDirectories[directory] = reason }
        return result
    }

    /// Lists what `load` would find, running no plugin code: every check up to `dlopen`, and
    /// the remembered outcomes in `records` (a failed probe, a plugin disabled after hangs).
    public static func survey(directories: [String], trust: PluginTrust, enabled: Set<String>? = nil,
                              records: PluginRecords? = nil) -> PluginReport {
        let scan = PluginDirectoryScan(directories: directories, trust: trust)
        var report = evaluate(scan, enabled: enabled) { manifest throws(PluginRefusal) in
            let file = try CheckedFile.open(manifest.module, in: manifest.directory, trust: trust)
            try file.requireSharedObject()
            if let records, let fingerprint = PluginFingerprint(descriptor: file.descriptor, path: file.path),
               let record = records.record(for: fingerprint) {
                try PluginAdmission.check(record, of: fingerprint)
            }
            return nil
        } refused: { _, _ in }
        for (directory, reason) in scan.unreadableDirectories { report.unreadableDirectories[directory] = reason }
        return report
    }

    /// The checks common to loading and listing, in order; `accept` does the module part
    /// (returning the plugin's version once loaded) and claims the plugin's tab ids.
    private static func evaluate(
        _ scan: PluginDirectoryScan, enabled: Set<String>?,
        accept: (PluginManifest) throws(PluginRefusal) -> String?,
        refused: (String, PluginRefusal) -> Void
    ) -> PluginReport {
        var report = PluginReport()
        var pluginFiles: [String: String] = [:]  // plugin name → first manifest file
        var tabOwners: [String: String] = [:]  // tab id → plugin name (first loaded wins)
        for candidate in scan.candidates {
            let manifest: PluginManifest
            switch candidate.manifest {
            case .failure(let reason):
                refused(candidate.file, reason)
                report.entries.append(.init(file: candidate.file, manifest: nil, status: .refused(reason)))
                continue
            case .success(let read):
                manifest = read
            }
            if let enabled, !enabled.contains(manifest.name) {
                report.entries.append(.init(file: candidate.file, manifest: manifest, status: .disabled))
                continue
            }
            do throws(PluginRefusal) {
                if let first = pluginFiles[manifest.name] { throw .duplicatePlugin(name: manifest.name, firstFile: first) }
                try PluginABIVersion.host.check(manifest.abi)
                if let (id, owner) = manifest.tabs.lazy.compactMap({ tab in tabOwners[tab.id].map { (tab.id, $0) } }).first {
                    throw .duplicateTab(id: id, plugin: owner)
                }
                let version = try accept(manifest)
                pluginFiles[manifest.name] = candidate.file
                for tab in manifest.tabs { tabOwners[tab.id] = manifest.name }
                report.entries.append(.init(file: candidate.file, manifest: manifest, version: version, status: version == nil ? .usable : .loaded))
            } catch {
                refused(candidate.file, error)
                report.entries.append(.init(file: candidate.file, manifest: manifest, status: .refused(error)))
            }
        }
        return report
    }
}
