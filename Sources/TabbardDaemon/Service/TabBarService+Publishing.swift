import DBus
import TabModel

extension TabBarService {
    /// Announces everything one request changed, in this order: new tab objects, one
    /// `PropertiesChanged` per changed object, the delegate signals, plugin lifecycle and
    /// navigation calls, departed tab objects, `Release` to a dropped delegate, and the state
    /// write its durability class asks for (STATE-4). The one place where events become effects.
    func publish(_ events: TabEvents) {
        for id in events.catalogAdded {
            exportTab(id)
            startPlugin(for: id)
        }
        announceProperties(events)
        if !events.signals.isEmpty {
            // Property changes go out before the signals that follow from them.
            connection.flushPropertyChanges()
            for signal in events.signals { emit(signal) }
        }
        if let transition = events.selection { runLifecycle(transition) }
        for change in events.navigation { syncPluginStack(change.tab) }
        for id in events.catalogRemoved { unexportTab(id) }
        if let released = events.releasedDelegate { sendRelease(to: released) }
        if events.controllerProperties.contains(.delegate) { watchDelegate() }
        if events.controllerProperties.contains(.customizing) { sessionWatch.sessionChanged() }
        persistence?.record(events.durability)
        // What plugins said during the calls above belongs to this same request.
        applyQueuedPluginEvents()
    }

    private func announceProperties(_ events: TabEvents) {
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
    }

    private func changed(_ path: DBus.ObjectPath, _ interface: String, _ names: [String]) {
        do {
            try connection.propertiesChanged(path, interface: interface, names)
        } catch {
            log.warning("cannot announce \(names.joined(separator: ", ")) of \(path): \(error)")
        }
    }

    private func emit(_ signal: DelegateSignal) {
        do {
            try signal.emit(on: connection)
        } catch {
            log.warning("cannot emit \(signal.member): \(error)")
        }
    }

    // MARK: - Plugins

    /// UIKit's order on every change of the shown tab: old will-disappear, new will-appear,
    /// old did-disappear, new did-appear. The More list has no plugin.
    private func runLifecycle(_ transition: SelectionTransition) {
        let old = transition.from.tabID.flatMap { pluginTabs[$0] }
        let new = transition.to.tabID.flatMap { pluginTabs[$0] }
        old?.willDisappear()
        new?.willAppear()
        old?.didDisappear()
        new?.didAppear()
    }

    /// Tells a tab's plugin how its stack changed since it was last told: a push, a pop, or
    /// for anything else (a restore, `Reset`) back to the root and up again.
    func syncPluginStack(_ id: String) {
        guard let tab = pluginTabs[id] else { return }
        let wanted = controller.stack(of: id)
        let known = pluginStacks[id] ?? [wanted.first ?? ""]
        guard wanted != known else { return }
        if wanted.count == known.count + 1, Array(wanted.dropLast()) == known {
            _ = tab.navigate(to: wanted.last!)
        } else if wanted.count + 1 == known.count, Array(known.dropLast()) == wanted {
            tab.back()
        } else {
            tab.popToRoot()
            for page in wanted.dropFirst() { _ = tab.navigate(to: page) }
        }
        pluginStacks[id] = wanted
    }

    // MARK: - Delegate

    /// Sends `Release` to a delegate the daemon stopped using while it is still on the bus.
    func sendRelease(to delegate: DelegateRegistration) {
        do {
            try connection.callWithoutReply(destination: delegate.owner, path: delegate.path,
                                            interface: BusNames.delegateInterface, method: "Release")
        } catch {
            log.info("cannot send Release to delegate \(delegate.propertyValue): \(error)")
        }
    }

    /// Follows the current delegate's connection: when it leaves the bus the delegate is
    /// dropped and waiting taps are decided as if there were none (TAP-5, TAP-7).
    private func watchDelegate() {
        delegateDeparture?.cancel()
        delegateDeparture = nil
        guard let delegate = controller.delegate else {
            gate.delegateGone()
            return
        }
        do {
            delegateDeparture = try connection.watchNameOwner(delegate.owner) { [unowned self] owner in
                guard owner == nil else { return }
                log.info("delegate \(delegate.propertyValue) left the bus")
                publish(controller.ownerLeft(delegate.owner))
            }
        } catch {
            log.warning("cannot watch delegate \(delegate.owner): \(error)")
        }
    }
}

extension ShownContent {
    /// The tab shown, if the content is a tab.
    var tabID: String? {
        if case .tab(let id) = self { return id }
        return nil
    }
}
