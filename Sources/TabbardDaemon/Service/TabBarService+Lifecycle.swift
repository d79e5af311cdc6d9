import DBus
import TabModel

extension TabBarService {
    /// One line for `systemctl status` and the log.
    var statusLine: String {
        let shown = switch controller.shownContent {
        case .tab(let id): "showing \(id)"
        case .moreList: "showing the More list"
        case .nothing: "nothing selected"
        }
        return "\(controller.tabs.count) tabs of \(controller.catalog.count), \(shown)"
    }

    /// On the system instance, mutations only from root and the admin group: checked for
    /// every call from the caller's user id, before any handler runs (dbus-api.md, Access).
    func enforceAccess() {
        guard access.enforced else { return }
        // Reads `access` at each call, so that a reload's admin group takes effect at once.
        connection.authorizer = { [unowned self] uid in access.mayChange(uid: uid) }
    }

    /// A clean stop (SIGTERM, SIGINT): everything on disk (STATE-4), the delegate released,
    /// the name given back.
    func stop() {
        watchdog?.cancel()
        persistence?.flush()
        if let delegate = controller.delegate { sendRelease(to: delegate) }
        _ = try? connection.releaseName(BusNames.service)
        connection.flush()
    }

    /// The settings of the daemon itself, outside the model, that a reload applies:
    /// `admin_group`, `customization_timeout_s` and `flush_interval_ms`.
    private func applyDaemonSettings(_ configuration: DaemonConfiguration) {
        if configuration.adminGroup != access.adminGroup {
            log.notice("reload: admin_group is now '\(configuration.adminGroup)' (was '\(access.adminGroup)')")
            access = AccessPolicy(enforced: access.enforced, adminGroup: configuration.adminGroup)
        }
        sessionWatch.idleTimeout = .seconds(configuration.customizationTimeoutSeconds)
        persistence?.flushInterval = .milliseconds(configuration.flushIntervalMs)
    }

    /// SIGHUP: applies the daemon's own settings, rescans the plugin directories (new plugins'
    /// tabs join the catalog, tabs of plugins no longer enabled leave it), then applies every
    /// configured setting whose value changed. A configuration that no longer parses is logged and the running one kept.
    func reload(_ setup: Setup?) {
        guard let setup else {
            log.warning("reload: the configuration has errors; keeping the running one")
            return
        }
        persistence?.flush()
        applyDaemonSettings(setup.configuration)
        _ = plugins.load(directories: setup.pluginDirectories, enabled: setup.configuration.plugins.map(Set.init))
        let catalog = plugins.catalog.map { $0.tab.definition(plugin: $0.plugin.name) }
        do {
            publish(try controller.replaceCatalog(catalog))
            let outcome = try controller.applyConfiguration(setup.configuration.controller)
            for note in outcome.notes { log.notice(note) }
            publish(outcome.events)
            log.notice("reloaded: \(statusLine)")
        } catch {
            log.error("reload: \(error.message)")
        }
    }
}
