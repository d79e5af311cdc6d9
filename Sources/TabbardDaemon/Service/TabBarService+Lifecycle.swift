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
        connection.authorizer = { [access] uid, interface, member in
            access.allows(uid: uid, interface: interface, member: member)
        }
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

    /// SIGHUP: rescans the plugin directories (new plugins' tabs join the catalog, tabs of
    /// plugins no longer enabled leave it), then applies every configured setting whose value
    /// changed. A configuration that no longer parses is logged and the running one kept.
    func reload(_ setup: Setup?) {
        guard let setup else {
            log.warning("reload: the configuration has errors; keeping the running one")
            return
        }
        persistence?.flush()
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
