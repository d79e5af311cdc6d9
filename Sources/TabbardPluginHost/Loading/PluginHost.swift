import DaemonBase

/// Finds, checks and loads plugins, and keeps them: the daemon's side of the plugin ABI.
///
/// Used on the daemon's loop thread. `load` scans the configured directories in order (then
/// manifests by file name), skips every plugin that fails a check with one log line naming
/// the file and the reason, and loads the rest with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`.
/// A plugin whose module or manifest is new or changed is probed first in a child process,
/// without waiting for it: its tabs are in the catalog meanwhile, without instances, and the
/// module loads when the probe passes (or its tabs leave the catalog when it fails), on the
/// loop thread, told as news in the admission's queue (`PluginNews.probeEnded`; only an
/// admission probes). Libraries are never unloaded: a later scan (SIGHUP) keeps what is
/// loaded, loads what is new, and leaves out what is no longer found or enabled. A scan that finds a new build of a loaded module (`PluginModuleStamp`) logs
/// that a restart is needed: the daemon keeps running the build it loaded, which
/// `buildsLoaded` records for `tabbard --list-plugins`.
///
/// A plugin whose isolation is `process` (the configuration's `[plugin.NAME]` table, else its
/// manifest, else `defaultIsolation`; on the system instance a third-party manifest's
/// `in-process` does not count, `PluginPlacement`) is never loaded here: its files pass the same checks,
/// its tabs join the catalog, and its code runs in a helper process of its own
/// (`PluginAdmission.helper`), driven by the plugin tabs. A scan that finds a new build of its
/// module names it in `rebuilt`, so that its helper starts again with it.
public final class PluginHost {
    /// Whether the system instance's ownership rules apply.
    public let trust: PluginTrust
    /// Where skipped plugins, slow calls and plugins' own lines are logged.
    public let log: Log
    /// Probes new module files in a child process and watches calls for hangs; nil where
    /// plugins are loaded without that guard (tests, probing itself).
    public let admission: PluginAdmission?
    /// Where a plugin runs when neither its manifest nor the configuration says: the daemon
    /// gives its instance's default (`PluginIsolation.default(for:)`).
    public let defaultIsolation: PluginIsolation
    /// Every module ever loaded, by plugin name; kept because a library is never unloaded.
    private var loaded: [String: PluginModule] = [:]
    /// The plugins whose probe runs, by name, with the module file checked before it, which
    /// is the one loaded when the probe passes.
    private var probing: [String: (manifest: PluginManifest, file: CheckedFile)] = [:]
    /// The manifests of the plugins in use after the last scan, in load order: those loaded
    /// (as they were loaded) and those being probed.
    private var inUse: [PluginManifest] = [] {
        didSet { indexTabs() }
    }
    /// The plugins in use that run in a helper process, by name, with the fingerprint of the
    /// module file their helper's failures are recorded under, and the build it was found as.
    private var isolated: [String: IsolatedEntry] = [:]
    private typealias IsolatedEntry = (
        manifest: PluginManifest, fingerprint: PluginFingerprint?, stamp: PluginModuleStamp?
    )
    /// The build of each module loaded into the daemon, as it was when it was loaded.
    private var loadedStamps: [String: PluginModuleStamp] = [:]
    /// Where the builds loaded into the daemon are recorded for `tabbard --list-plugins`;
    /// nil where nothing is recorded (tests, `--no-state`).
    package var buildsLoaded: PluginBuildsLoaded?

    /// The isolated plugins whose module file the last scan found changed since the scan
    /// before: their helpers run the earlier build until they start again.
    public private(set) var rebuilt: [String] = []

    /// Each catalog tab's plugin and declaration, by tab id, so creating a tab is O(1).
    private var tabsByID: [String: (plugin: String, tab: PluginTabDeclaration)] = [:]

    /// A host that logs to `log`, running a plugin whose manifest and configuration do not
    /// say where as `defaultIsolation` says.
    public init(
        trust: PluginTrust, log: Log, admission: PluginAdmission? = nil, defaultIsolation: PluginIsolation = .inProcess
    ) {
        self.trust = trust
        self.admission = admission
        self.log = log
        self.defaultIsolation = defaultIsolation
    }

    /// The plugins loaded and in use, in load order.
    public var modules: [PluginModule] {
        inUse.compactMap { loaded[$0.name] }
    }

    /// Whether a probe runs for a plugin in use: its tabs have no instances yet.
    public var isProbing: Bool { !probing.isEmpty }

    /// Whether the probe of plugin `name` runs.
    public func isProbing(_ name: String) -> Bool { probing[name] != nil }

    /// Whether plugin `name` is in use and runs in a helper process of its own.
    public func isIsolated(_ name: String) -> Bool { isolated[name] != nil }

    /// The isolated plugins in use, in load order.
    public var isolatedPlugins: [String] {
        inUse.map(\.name).filter { isolated[$0] != nil }
    }

    /// A helper process for isolated plugin `name`, not started; nil when it is not in use, or
    /// there is no admission to build helpers (tests that load plugins only in process).
    func helper(for name: String) -> PluginHelperProcess? {
        guard let (manifest, fingerprint, _) = isolated[name], let admission else { return nil }
        return admission.helper(for: manifest, fingerprint: fingerprint)
    }

    /// Counts a failure of the module loaded for plugin `name` in `plugins.state`, as a flood
    /// is: nothing ends, and 3 disable the plugin at its next load. Returns the count; nil when
    /// nothing records it (no admission, or no fingerprint).
    func fault(of name: String, _ reason: String) -> Int? {
        guard let fingerprint = loaded[name]?.callGuard?.fingerprint, let admission else { return nil }
        return admission.records.recordFailure(fingerprint, reason: reason)
    }

    /// The plugin in use whose manifest declares catalog tab `id`; nil if none does. A lookup,
    /// not a walk of `catalog`: it runs once per tab while a probe runs.
    public func plugin(offering id: String) -> String? { tabsByID[id]?.plugin }

    /// The catalog in load order: each tab declared by a plugin in use, with its plugin's name.
    public var catalog: [(plugin: String, tab: PluginTabDeclaration)] {
        inUse.flatMap { manifest in manifest.tabs.map { (manifest.name, $0) } }
    }

    /// Creates the instance of catalog tab `id`, whose host callbacks go to `sink`; nil if no
    /// loaded plugin offers it or the plugin declines (logged).
    public func createTab(id: String, sink: @escaping PluginEventSink) -> PluginTab? {
        guard let (plugin, tab) = tabsByID[id], probing[plugin] == nil, let module = loaded[plugin] else { return nil }
        return module.createTab(tab, sink: sink)
    }

    private func indexTabs() {
        tabsByID = [:]
        for entry in catalog where tabsByID[entry.tab.id] == nil { tabsByID[entry.tab.id] = entry }
    }

    /// Scans `directories` and loads every enabled plugin that passes the checks (all of
    /// them when `enabled` is nil), or starts its probe; a plugin that `settings` (the
    /// configuration's `[plugin.NAME]` tables) or its manifest isolate is checked and kept for
    /// its helper instead. Returns what became of each manifest (a plugin being probed or
    /// isolated is `usable`).
    @discardableResult
    public func load(
        directories: [String], enabled: Set<String>? = nil,
        settings: [String: PluginSettings] = [:]
    ) -> PluginReport {
        let scan = PluginDirectoryScan(directories: directories, trust: trust)
        for (directory, reason) in scan.unreadableDirectories {
            log.info("plugin directory \(directory) skipped: \(reason)")
        }
        for (directory, refusal) in scan.untrustedDirectories {
            log.warning("plugin directory \(directory) skipped: \(refusal)")
        }
        var used: [PluginManifest] = []
        var isolatedNow: [String: IsolatedEntry] = [:]
        let (trust, unsaid) = (trust, defaultIsolation)
        let placed = { (manifest: PluginManifest) in
            PluginPlacement(
                manifest, settings: settings[manifest.name] ?? PluginSettings(), trust: trust, unsaid: unsaid)
        }
        let report = Self.evaluate(scan, enabled: enabled) { manifest throws(PluginRefusal) in
            let placement = placed(manifest)
            let isolation = placement.isolation
            if let earlier = loaded[manifest.name] {
                // Never unloaded, so never reloaded either: a changed module needs a restart.
                if earlier.manifest != manifest {
                    log.notice(
                        "plugin \(manifest.name): \(manifest.file) changed since it was loaded; restart tabbard to apply it"
                    )
                }
                if let stamp = loadedStamps[manifest.name], PluginModuleStamp(path: earlier.path) != stamp {
                    log.notice(
                        "plugin \(manifest.name): \(earlier.path) changed since it was loaded; restart tabbard to run the new build "
                            + "(a library loaded into the daemon cannot be unloaded)")
                }
                if isolation == .process {
                    log.notice(
                        "plugin \(manifest.name) is loaded into the daemon; restart tabbard to run it in a helper process"
                    )
                }
                used.append(earlier.manifest ?? manifest)
                return earlier.version
            }
            if let running = probing[manifest.name] {
                // Not loaded yet, so a new isolation applies: isolated now, the plugin goes to
                // its helper when the probe ends, never into the daemon.
                if isolation == .process {
                    isolatedNow[manifest.name] = (
                        running.manifest, try admission?.screenIsolated(running.file),
                        PluginModuleStamp(descriptor: running.file.descriptor)
                    )
                    if isolated[manifest.name] == nil {
                        log.info("plugin \(manifest.name) runs in a helper process once its probe has ended")
                    }
                }
                used.append(running.manifest) // Its outcome decides; a later scan sees any change.
                return nil
            }
            let file = try CheckedFile.open(manifest.module, in: manifest.directory, trust: trust)
            try file.requireSharedObject()
            if isolation == .process {
                // Never loaded here: the helper runs its code, so no probe is needed either.
                isolatedNow[manifest.name] = (
                    manifest, try admission?.screenIsolated(file), PluginModuleStamp(descriptor: file.descriptor)
                )
                if isolated[manifest.name] == nil {
                    if placement.reason == .manifestPassedOver {
                        log.notice(PluginPlacement.passedOverNotice(plugin: manifest.name))
                    }
                    log.info(
                        "plugin \(manifest.name) runs in a helper process: \(manifest.tabs.map(\.id).joined(separator: ", "))"
                    )
                }
                used.append(manifest)
                return nil
            }
            switch try admission?.screen(file, manifest: manifest, trust: trust) ?? .admitted(nil) {
            case .admitted(let fingerprint):
                let module = try loadModule(file, manifest: manifest, fingerprint: fingerprint)
                used.append(manifest)
                return module.version
            case .probe(let probation):
                probing[manifest.name] = (manifest, file)
                admission?.probe(manifest, probation, module: file) { [weak self] outcome in
                    self?.probeEnded(manifest.name, outcome)
                }
                used.append(manifest)
                return nil
            }
        } refused: { file, reason in
            log.warning("plugin \(file) skipped: \(reason)")
        }
        rebuilt = used.map(\.name).filter { name in
            guard let earlier = isolated[name], let now = isolatedNow[name] else { return false }
            return earlier.stamp != now.stamp
        }
        isolated = isolatedNow
        inUse = used
        // Once per scan, for every module the scan loaded: the file is replaced with an fsync.
        recordBuilds()
        return Self.completed(report, scan: scan, trust: trust, placement: placed)
    }

    /// Loads the checked module `file` of `manifest` into the daemon, watched under `fingerprint`.
    @discardableResult
    private func loadModule(_ file: CheckedFile, manifest: PluginManifest, fingerprint: PluginFingerprint?)
        throws(PluginRefusal) -> PluginModule
    {
        // A flood is counted as a failure when there is an admission to count it; logged always.
        let onFlood =
            admission?.floodCounter(plugin: manifest.name, fingerprint: fingerprint)
            ?? PluginCallbackAllowance.logging(plugin: manifest.name, to: log)
        // Watched from dlopen on: a crash or a hang while the module loads is its plugin's.
        let callGuard = admission?.callGuard(plugin: manifest.name, fingerprint: fingerprint)
        let module = try PluginModule.load(
            file, manifest: manifest, log: log, allowance: PluginCallbackAllowance(onFlood: onFlood),
            callGuard: callGuard)
        loaded[manifest.name] = module
        loadedStamps[manifest.name] = PluginModuleStamp(descriptor: file.descriptor)
        log.info(
            "plugin \(manifest.name) \(module.version) loaded from \(module.path): \(manifest.tabs.map(\.id).joined(separator: ", "))"
        )
        return module
    }

    /// Records the build of every module loaded into the daemon, by its manifest's module path.
    private func recordBuilds() {
        guard buildsLoaded != nil else { return }
        var builds: [String: PluginModuleStamp] = [:]
        for (name, stamp) in loadedStamps {
            builds[loaded[name]?.manifest?.modulePath ?? loaded[name]?.path ?? name] = stamp
        }
        buildsLoaded?.record(builds)
    }

    /// The probe of plugin `name` ended: a plugin still in use loads, or leaves the catalog
    /// with the same log line as any plugin skipped; one isolated meanwhile loads nothing, and
    /// its tabs may start in its helper.
    private func probeEnded(_ name: String, _ outcome: Result<PluginFingerprint, PluginRefusal>) {
        guard let (manifest, file) = probing.removeValue(forKey: name) else { return }
        // Left out by a scan meanwhile: a later scan that wants it finds its outcome remembered.
        guard inUse.contains(where: { $0.name == name }) else { return }
        guard isolated[name] == nil else {
            // The outcome is remembered, but judges only a plugin in the daemon: in a helper
            // a failure costs the plugin, not the daemon (`screenIsolated`).
            admission?.news.post(.probeEnded(plugin: name, loaded: true))
            return
        }
        do throws(PluginRefusal) {
            try loadModule(file, manifest: manifest, fingerprint: try outcome.get())
            recordBuilds()
            indexTabs()
            admission?.news.post(.probeEnded(plugin: name, loaded: true))
        } catch {
            log.warning("plugin \(manifest.file) skipped: \(error)")
            inUse.removeAll { $0.name == name }
            admission?.news.post(.probeEnded(plugin: name, loaded: false))
        }
    }

    /// Lists what `load` would find, running no plugin code: every check up to `dlopen`, the
    /// remembered outcomes in `records` (a failed probe, a plugin disabled after hangs), and
    /// where each plugin would run under `settings` (the configuration's `[plugin.NAME]`) on
    /// an instance of `trust` with its default isolation.
    public static func survey(
        directories: [String], trust: PluginTrust, enabled: Set<String>? = nil,
        records: PluginRecords? = nil, settings: [String: PluginSettings] = [:]
    ) -> PluginReport {
        let scan = PluginDirectoryScan(directories: directories, trust: trust)
        let report = evaluate(scan, enabled: enabled) { manifest throws(PluginRefusal) in
            let file = try CheckedFile.open(manifest.module, in: manifest.directory, trust: trust)
            try file.requireSharedObject()
            if let records, let module = PluginFingerprint(descriptor: file.descriptor, path: file.path) {
                // A pair not vouched for would be probed at the next start: usable until then.
                let probation = PluginAdmission.Probation(
                    module: module, manifest: PluginAdmission.fingerprint(of: manifest, trust: trust))
                _ = try PluginAdmission.remembered(probation, in: records)
            }
            return nil
        } refused: { _, _ in
        }
        return completed(report, scan: scan, trust: trust) { manifest in
            PluginPlacement(
                manifest, settings: settings[manifest.name] ?? PluginSettings(), trust: trust,
                unsaid: .default(for: trust))
        }
    }

    /// `report` with the directories `scan` could not use, and where each plugin that loads or
    /// would load runs (`placement`).
    private static func completed(
        _ report: PluginReport, scan: PluginDirectoryScan, trust: PluginTrust,
        placement: (PluginManifest) -> PluginPlacement
    ) -> PluginReport {
        var result = report
        result.trust = trust
        for (directory, reason) in scan.unreadableDirectories { result.unreadableDirectories[directory] = reason }
        for (directory, refusal) in scan.untrustedDirectories {
            result.unreadableDirectories[directory] = refusal.description
        }
        for index in result.entries.indices {
            guard let manifest = result.entries[index].manifest else { continue }
            switch result.entries[index].status {
            case .loaded, .usable: result.entries[index].placement = placement(manifest)
            case .disabled, .refused: break
            }
        }
        return result
    }

    /// The checks common to loading and listing, in order; `accept` does the module part
    /// (returning the plugin's version once loaded) and claims the plugin's tab ids.
    private static func evaluate(
        _ scan: PluginDirectoryScan, enabled: Set<String>?,
        accept: (PluginManifest) throws(PluginRefusal) -> String?,
        refused: (String, PluginRefusal) -> Void
    ) -> PluginReport {
        var report = PluginReport()
        var pluginFiles: [String: String] = [:] // plugin name → first manifest file
        var tabOwners: [String: String] = [:] // tab id → plugin name (first loaded wins)
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
                if let first = pluginFiles[manifest.name] {
                    throw .duplicatePlugin(name: manifest.name, firstFile: first)
                }
                try PluginABIVersion.host.check(manifest.abi)
                if let (id, owner) = manifest.tabs.lazy.compactMap({ tab in tabOwners[tab.id].map { (tab.id, $0) } })
                    .first
                {
                    throw .duplicateTab(id: id, plugin: owner)
                }
                let version = try accept(manifest)
                pluginFiles[manifest.name] = candidate.file
                for tab in manifest.tabs { tabOwners[tab.id] = manifest.name }
                report.entries.append(
                    .init(
                        file: candidate.file, manifest: manifest, version: version,
                        status: version == nil ? .usable : .loaded))
            } catch {
                refused(candidate.file, error)
                report.entries.append(.init(file: candidate.file, manifest: manifest, status: .refused(error)))
            }
        }
        return report
    }
}
