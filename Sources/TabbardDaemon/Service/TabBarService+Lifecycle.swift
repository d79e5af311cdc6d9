import DBus
import TabModel

extension TabBarService {
    /// One line for `systemctl status` and the log.
    var statusLine: String {
        let (shownContent, tabs, catalog) = model.read { ($0.shownContent, $0.tabs.count, $0.catalog.count) }
        let shown =
            switch shownContent {
            case .tab(let id): "showing \(id)"
            case .moreList: "showing the More list"
            case .nothing: "nothing selected"
            }
        let summary = "\(tabs) tabs of \(catalog), \(shown)"
        return persistence?.failure.map { "\(summary); \($0)" } ?? summary
    }

    /// `READY=1`, once: when every plugin found at start is loaded or skipped and every helper
    /// started at start is ready or ended. Callers are served while a new plugin is probed, and
    /// its tabs get their instances when it passes; what is ordered after the service finds
    /// the plugins answering, in the daemon or in helpers alike.
    func announceReadyOnceSettled() {
        guard !announcedReady, !plugins.isProbing, !plugins.isStartingHelpers else { return }
        announcedReady = true
        notifier.ready(status: statusLine)
    }

    /// The first step of a stop: no call is dispatched from now on, so that nothing is
    /// acknowledged after the state is saved. Calls already read from the socket stay
    /// unanswered; the bus answers their callers when the daemon leaves it.
    func stopTakingCalls() {
        objects.stopTakingCalls()
    }

    /// The end of every stop (SIGTERM, SIGINT, losing the bus): everything acknowledged on
    /// disk (STATE-4), the delegate released, the name given back. Returns false, after
    /// logging why, when the state could not be saved.
    func stop() -> Bool {
        let failure = persistence?.flush()
        if let failure { log.error("cannot save state at stop: \(failure)") }
        if let delegate = model.read({ $0.delegate }) { gate.release(delegate) }
        objects.leaveBus()
        return failure == nil
    }

    /// SIGHUP: applies the daemon's own settings, rescans `pluginDirectories` (new plugins'
    /// tabs join the catalog, tabs of plugins no longer enabled leave it), then applies every
    /// configured setting whose value changed.
    func reload(_ configuration: DaemonConfiguration, pluginDirectories: [String]) {
        _ = persistence?.flush() // A failure is retried and shown like any other.
        applyDaemonSettings(configuration)
        let catalog = plugins.rescan(
            directories: pluginDirectories, enabled: configuration.plugins.map(Set.init),
            settings: configuration.pluginSettings)
        do throws(DBusError) {
            // One batch for the catalog and the settings (SYNC-2).
            let notes = try asOneBatch { () throws(DBusError) in
                try carryOut(.imposed { controller throws(TabError) in try controller.replaceCatalog(catalog) })
                return try carryOut(
                    .imposed { controller throws(TabError) in
                        let outcome = try controller.applyConfiguration(configuration.controller)
                        return (outcome.notes, outcome.events)
                    })
            }
            for note in notes { log.notice(note) }
            log.notice("reloaded: \(statusLine)")
        } catch {
            log.error("reload: \(error.message)")
        }
    }

    /// The settings of the daemon itself, outside the model, that a reload applies:
    /// `admin_group`, `customization_timeout_s` and `flush_interval_ms`.
    private func applyDaemonSettings(_ configuration: DaemonConfiguration) {
        let access = objects.access
        if configuration.adminGroup != access.adminGroup {
            log.notice("reload: admin_group is now '\(configuration.adminGroup)' (was '\(access.adminGroup)')")
            objects.access = AccessPolicy(enforced: access.enforced, adminGroup: configuration.adminGroup)
        }
        sessionWatch.idleTimeout = .seconds(configuration.customizationTimeoutSeconds)
        persistence?.flushInterval = .milliseconds(configuration.flushIntervalMs)
    }
}
