import DBus
import DaemonBase
import Loop
import TabModel
import TabbardBusContract

/// What tabbard shows on the bus (dbus-api.md): the controller object with its ObjectManager,
/// the bar, one object per catalog tab, and one per standalone bar and per item defined on it;
/// who may call them; and every announcement of a change (`PropertiesChanged`, the
/// controller's and the bars' signals).
///
/// The interface tables say what each object answers; their handlers read and change the
/// model through the service they are built for, handed in when the objects are exported.
final class TabBarObjects {
    /// The bus connection, attached to the loop.
    private let connection: Connection
    /// The daemon's `Version` and this run's `InstanceId`.
    private let identity: DaemonIdentity
    /// Who may change the bar; a reload can change the admin group, and with it which of the
    /// callers already connected are served first.
    var access: AccessPolicy {
        didSet { connection.rankCallersAgain() }
    }
    private let log: Log
    /// Connections leaving the bus, for the views (`watchDepartures`).
    private var departures: SignalSubscription?
    /// The object path of every exported tab object, by tab id.
    private var tabPaths: [String: DBus.ObjectPath] = [:]
    /// The batch being announced, nil between batches (SYNC-2).
    private(set) var batch: AnnouncedBatch?
    /// `PageChanged` of the selected tab (PAGE-4).
    private let pagePush: PagePush

    /// The objects of a daemon on `connection`. On the system instance, mutations are allowed
    /// only from root and the admin group from here on: checked for every call from the
    /// caller's user id, before any handler runs (dbus-api.md, Access).
    init(connection: Connection, loop: EventLoop, access: AccessPolicy, version: String, log: Log) {
        identity = DaemonIdentity(version: version)
        self.connection = connection
        pagePush = PagePush(connection: connection, loop: loop, log: log)
        self.access = access
        self.log = log
        guard access.enforced else { return }
        // Reads `access` at each call, so that a reload's admin group takes effect at once.
        connection.authorizer = { [unowned self] uid in self.access.mayChange(uid: uid) }
        // Those who may change the bar are served before readers (docs/reliability.md).
        connection.prioritizer = connection.authorizer
        // Their uids asked where no caller's calls queue ahead of the answer.
        do {
            try connection.askIdentitiesApart()
        } catch {
            log.warning("uids of callers are asked on the service's own connection: \(error.message)")
        }
    }

    // MARK: - Exports

    /// Puts the controller (with its ObjectManager), the bar, one object per catalog tab of
    /// `service`, and its standalone bars with their items (restored from the state, SBAR-1) on
    /// the bus. Called once, before the bus name is requested, so a client that sees the name
    /// finds every object in `GetManagedObjects`. None is announced with `InterfacesAdded`:
    /// until the name is owned no client knows whom to listen to, and the contract promises
    /// the signal only for objects that come later (dbus-api.md, SBAR-1).
    func export(_ service: TabBarService) throws(DBusError) {
        let controller = Self.heard(ControllerInterface(service, identity: identity).table, by: service)
        try connection.export(BusNames.controller, interfaces: [controller], objectManager: true, announced: false)
        try connection.export(
            BusNames.bar, interfaces: [Self.heard(BarInterface.controllersBar(service), by: service)], announced: false)
        let (catalog, bars) = service.model.read { ($0.catalog.map(\.id), $0.bars) }
        for id in catalog { exportTab(id, of: service, announced: false) }
        for bar in bars {
            exportBar(bar.name, of: service, announced: false)
            for item in bar.definedItems {
                exportItem(BarItemReference(bar: bar.name, item: item.id), of: service, announced: false)
            }
        }
    }

    /// Exports the object of catalog tab `id`; `InterfacesAdded` follows from the manager
    /// when `announced`.
    func exportTab(_ id: String, of service: TabBarService, announced: Bool = true) {
        do {
            let path = try DBus.ObjectPath(BusNames.tabPath(id))
            try connection.export(
                path,
                interfaces: [
                    Self.heard(TabInterface.table(id, service), by: service),
                    Self.heard(ContentInterface.table(id, service), by: service),
                ], announced: announced)
            tabPaths[id] = path
        } catch {
            log.error("cannot export tab \(id): \(error)")
        }
    }

    /// Takes a departed tab's object off the bus (`InterfacesRemoved`).
    func unexportTab(_ id: String) {
        pagePush.forget(id)
        if let path = tabPaths.removeValue(forKey: id) { connection.unexport(path) }
    }

    /// Exports the object of the standalone bar `name`; `InterfacesAdded` follows when
    /// `announced` (SBAR-1).
    func exportBar(_ name: String, of service: TabBarService, announced: Bool = true) {
        export(
            BusNames.barPath(name), Self.heard(BarInterface.standalone(name, service), by: service), "bar \(name)",
            announced: announced)
    }

    /// Exports the object of an item of a standalone bar; `InterfacesAdded` follows when
    /// `announced` (SBAR-1).
    func exportItem(_ item: BarItemReference, of service: TabBarService, announced: Bool = true) {
        export(
            BusNames.itemPath(item.item, bar: item.bar),
            Self.heard(ItemInterface.table(item.item, bar: item.bar, service), by: service),
            "item \(item.item) of bar \(item.bar)", announced: announced)
    }

    /// Takes a departed bar's object off the bus (`InterfacesRemoved`).
    func unexportBar(_ name: String) {
        connection.unexport(BusNames.barPath(name))
    }

    /// Takes a departed item's object off the bus (`InterfacesRemoved`).
    func unexportItem(_ item: BarItemReference) {
        connection.unexport(BusNames.itemPath(item.item, bar: item.bar))
    }

    /// Exports the object of `view`, announced with `InterfacesAdded` at once (VIEW-1).
    func exportView(_ view: OpenView, of service: TabBarService) {
        export(
            view.path, Self.heard(ViewInterface.table(view.number, service), by: service), "view \(view.number)",
            announced: true)
    }

    /// Takes a closed view's object off the bus (`InterfacesRemoved`), after what was noted
    /// of it is sent.
    func unexportView(_ view: OpenView) {
        connection.flushPropertyChanges()
        connection.unexport(view.path)
    }

    /// Calls `left` with the unique name of each connection that leaves the bus, from now on
    /// (VIEW-1: a view closes with its opener's connection). One subscription for every
    /// opener, made before any view can be opened, so that no departure goes unseen.
    func watchDepartures(_ left: @escaping (_ name: String) -> Void) {
        let rule = MatchRule(
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "NameOwnerChanged")
        do {
            departures = try connection.subscribe(rule) { message in
                guard let (name, _, newOwner) = try? message.decode(String.self, String.self, String.self),
                    newOwner.isEmpty, name.hasPrefix(":")
                else { return }
                left(name)
            }
        } catch {
            log.warning("cannot follow connections leaving the bus; views close only with Close: \(error)")
        }
    }

    /// The Unix user of the caller `name`, as the connection learned it before dispatching
    /// its call (system instance); nil when not asked.
    func uid(of name: String) -> UInt32? {
        connection.cachedUnixUser(of: name)
    }

    /// `interface` with every call and property write it answers told to the session watch
    /// of `service` (CUST-8: any of them from a session's owner keeps the session open).
    private static func heard(_ interface: Interface, by service: TabBarService) -> Interface {
        interface.telling { [unowned service] caller in service.sessionWatch.heard(from: caller) }
    }

    private func export(_ path: DBus.ObjectPath, _ interface: Interface, _ what: String, announced: Bool) {
        do {
            try connection.export(path, interfaces: [interface], announced: announced)
        } catch {
            log.error("cannot export \(what): \(error)")
        }
    }

    /// Dispatches no call from now on (the first step of a stop).
    func stopTakingCalls() {
        connection.stopDispatching()
    }

    /// The end of a stop: the name given back, and what is queued sent, for at most half a
    /// second: a bus that no longer reads the daemon must not delay its exit (the bus gives
    /// the name back when the connection closes anyway).
    func leaveBus() {
        connection.leaveBus(releasing: BusNames.service, within: .milliseconds(500))
    }

    // MARK: - Announcements

    /// Opens a batch at `revision` unless one is open; returns whether it opened one, which
    /// the caller then closes (SYNC-2).
    func openBatch(at revision: UInt64) -> Bool {
        guard batch == nil else { return false }
        batch = AnnouncedBatch(revisionBefore: revision)
        return true
    }

    /// Announces `events` in the open batch: one `PropertiesChanged` per changed object other
    /// than the controller, then the signals, in order: property changes go out before the
    /// signals that follow from them, the controller's signals before the bars' (SBAR-3..5).
    /// The controller's own changes wait for the batch's close. Objects that leave with this
    /// request announce no change of their own.
    ///
    /// With `eachAtOnce`, each object's `PropertiesChanged` is sent as soon as its change is
    /// noted rather than all of them together, in the same order. A caller waiting for the
    /// reply waits for the first signal above all, since the bus routes each signal while the
    /// next is made: this sends it before the other objects are looked up. Only for a request
    /// that notes nothing more before its reply (`RequestPipeline.carryOut`), so that each
    /// object is still announced once per request.
    ///
    /// The views whose presentation the request changed (`views`) are announced first, before
    /// the controller's own change (VIEW-5).
    func announce(_ events: TabEvents, views: [TabBarService.ViewChange] = [], eachAtOnce: Bool = false) {
        announce(viewChanges: views, sending: eachAtOnce)
        let bars = events.standaloneBars
        // By position in the interface tables, which list each property enum in order: no
        // name is built or looked up for an announcement. `Revision` is the close's to add.
        var controllerChanges = events.controllerProperties.compactMap { $0 == .revision ? nil : $0.tablePosition }
        if !bars.barsAdded.isEmpty || !bars.barsRemoved.isEmpty {
            controllerChanges.append(ControllerInterface.barsPosition)
        } // SBAR-1
        assert(batch != nil, "announcements are made in a batch")
        if events.movesRevision { batch?.movesRevision = true }
        batch?.controllerChanges += controllerChanges
        for change in events.tabProperties {
            guard let path = tabPaths[change.tab] else { continue }
            // PAGE-4: ContentRevision is announced on .Content only, so a client of the bar alone is never woken by it.
            let positions = change.properties.compactMap(TabInterface.position(of:))
            if !positions.isEmpty { changed(path, BusNames.tabInterface, positions, sending: eachAtOnce) }
            if change.properties.contains(.contentRevision) {
                changed(path, BusNames.contentInterface, [0], sending: eachAtOnce)
            }
        }
        // BAR-1: the controller's bar mirrors what it shows of the controller.
        let barChanges =
            events.barProperties.map(\.barMirror.tablePosition)
            + events.controllerProperties.compactMap { $0.barMirror?.tablePosition }
        if !barChanges.isEmpty {
            changed(BusNames.bar, BusNames.barInterface, barChanges, sending: eachAtOnce)
        }
        for change in bars.barProperties where !bars.barsRemoved.contains(change.bar) {
            changed(
                BusNames.barPath(change.bar), BusNames.barInterface, change.properties.map(\.tablePosition),
                sending: eachAtOnce)
        }
        for change in bars.itemProperties where !bars.itemsRemoved.contains(change.item) {
            changed(
                BusNames.itemPath(change.item.item, bar: change.item.bar), BusNames.itemInterface,
                change.properties.map(\.tablePosition), sending: eachAtOnce)
        }
        guard !events.signals.isEmpty || !bars.signals.isEmpty else { return }
        connection.flushPropertyChanges()
        for signal in events.signals {
            do {
                try signal.emit(on: connection)
            } catch {
                log.warning("cannot emit \(signal.member): \(error)")
            }
        }
        for signal in bars.signals {
            do {
                try signal.emit(on: connection)
            } catch {
                log.warning("cannot emit \(signal.kind.member) of bar \(signal.bar): \(error)")
            }
        }
    }

    /// Closes the open batch (SYNC-2): what it noted goes out, then its last signal, the
    /// controller's `PropertiesChanged` with the batch's controller changes and, when
    /// `movingRevision`, the new `Revision`. A batch's announcements of its own, such as a
    /// view's `PropertiesChanged` (VIEW-5), are noted before this point.
    func closeBatch(movingRevision: Bool) {
        guard var closing = batch else { return }
        batch = nil
        connection.flushPropertyChanges()
        if movingRevision { closing.controllerChanges.append(ControllerProperty.revision.tablePosition) }
        guard !closing.controllerChanges.isEmpty else { return }
        changed(BusNames.controller, BusNames.controllerInterface, closing.controllerChanges, sending: true)
    }

    /// Notes each view's changed properties (VIEW-5). With `sending`, sends them at once
    /// instead, after what was noted before, views alike sharing one marshalled body (VIEW-6);
    /// noted, a view's changes merge with any it has noted later in the batch.
    func announce(viewChanges: [TabBarService.ViewChange], sending: Bool = false) {
        for change in viewChanges {
            let positions = change.properties.map(\.tablePosition)
            guard sending else {
                for path in change.paths { changed(path, BusNames.viewInterface, positions, sending: false) }
                continue
            }
            do {
                try connection.propertiesChanged(alike: change.paths, interface: BusNames.viewInterface, at: positions)
            } catch {
                log.warning("cannot announce the properties at \(positions) of views \(change.paths): \(error)")
            }
        }
    }

    /// PAGE-4: the content of tab `id`, which is selected, changed; `render` makes its page when
    /// it goes out.
    func pageChanged(_ id: String, render: @escaping PagePush.Render) {
        guard let path = tabPaths[id] else { return }
        pagePush.changed(id, path: path, render: render)
    }

    /// Sends the property changes noted so far, before objects leave the bus.
    func flushPropertyChanges() {
        connection.flushPropertyChanges()
    }

    /// Notes the properties at `positions` in the table of `interface` of the object at `path`;
    /// `sending` sends the `PropertiesChanged` now (`announce`'s `eachAtOnce`).
    private func changed(_ path: DBus.ObjectPath, _ interface: String, _ positions: [Int], sending: Bool) {
        do {
            try connection.propertiesChanged(path, interface: interface, at: positions)
        } catch {
            log.warning("cannot announce the properties at \(positions) of \(interface) of \(path): \(error)")
        }
        if sending { connection.flushPropertyChanges() }
    }
}
