import DBus
import TabModel

/// What tabbard shows on the bus (dbus-api.md): the controller object with its ObjectManager,
/// the bar, and one object per catalog tab; who may call them; and every announcement of a
/// change (`PropertiesChanged`, the controller's signals).
///
/// The interface tables say what each object answers; their handlers read and change the
/// model through the service they are built for, handed in when the objects are exported.
final class TabBarObjects {
    /// The bus connection, attached to the loop.
    private let connection: Connection
    /// The daemon's version, the `Version` property.
    private let version: String
    /// Who may change the bar; a reload can change the admin group.
    var access: AccessPolicy
    private let log: Log
    /// The object path of every exported tab object, by tab id.
    private var tabPaths: [String: DBus.ObjectPath] = [:]

    /// The objects of a daemon on `connection`. On the system instance, mutations are allowed
    /// only from root and the admin group from here on: checked for every call from the
    /// caller's user id, before any handler runs (dbus-api.md, Access).
    init(connection: Connection, access: AccessPolicy, version: String, log: Log) {
        self.connection = connection
        self.access = access
        self.version = version
        self.log = log
        guard access.enforced else { return }
        // Reads `access` at each call, so that a reload's admin group takes effect at once.
        connection.authorizer = { [unowned self] uid in self.access.mayChange(uid: uid) }
    }

    // MARK: - Exports

    /// Puts the controller (with its ObjectManager), the bar and one object per catalog tab of
    /// `service` on the bus. Called once, before the bus name is requested, so a client that
    /// sees the name finds every object.
    func export(_ service: TabBarService) throws(DBusError) {
        try connection.export(BusNames.controller, interfaces: [ControllerInterface(service, version: version).table],
                              objectManager: true)
        try connection.export(BusNames.bar, interfaces: [BarInterface.table(service)])
        for id in service.controller.catalog.map(\.id) { exportTab(id, of: service) }
    }

    /// Exports the object of catalog tab `id`; `InterfacesAdded` follows from the manager.
    func exportTab(_ id: String, of service: TabBarService) {
        do {
            let path = try DBus.ObjectPath(BusNames.tabPath(id))
            try connection.export(path, interfaces: [TabInterface.table(id, service)])
            tabPaths[id] = path
        } catch {
            log.error("cannot export tab \(id): \(error)")
        }
    }

    /// Takes a departed tab's object off the bus (`InterfacesRemoved`).
    func unexportTab(_ id: String) {
        if let path = tabPaths.removeValue(forKey: id) { connection.unexport(path) }
    }

    /// Dispatches no call from now on (the first step of a stop).
    func stopTakingCalls() {
        connection.stopDispatching()
    }

    /// The end of a stop: the name given back, and everything sent.
    func leaveBus() {
        _ = try? connection.releaseName(BusNames.service)
        connection.flush()
    }

    // MARK: - Announcements

    /// One `PropertiesChanged` per changed object, then the signals, in order: property
    /// changes go out before the signals that follow from them.
    func announce(_ events: TabEvents) {
        if !events.controllerProperties.isEmpty {
            changed(BusNames.controller, BusNames.controllerInterface, events.controllerProperties.map(\.rawValue))
        }
        for change in events.tabProperties {
            guard let path = tabPaths[change.tab] else { continue }
            changed(path, BusNames.tabInterface, change.properties.map(\.rawValue))
        }
        if !events.barProperties.isEmpty {
            changed(BusNames.bar, BusNames.barInterface, events.barProperties.map(\.rawValue))
        }
        guard !events.signals.isEmpty else { return }
        connection.flushPropertyChanges()
        for signal in events.signals {
            do {
                try signal.emit(on: connection)
            } catch {
                log.warning("cannot emit \(signal.member): \(error)")
            }
        }
    }

    private func changed(_ path: DBus.ObjectPath, _ interface: String, _ names: [String]) {
        do {
            try connection.propertiesChanged(path, interface: interface, names)
        } catch {
            log.warning("cannot announce \(names.joined(separator: ", ")) of \(path): \(error)")
        }
    }
}
