import DBus
import TabModel

extension TabBarService {
    /// Announces everything one request changed, in this order: new tab objects with their
    /// plugin instances, new bar and item objects, one `PropertiesChanged` per changed object,
    /// the delegate signals, the bar signals, plugin lifecycle and navigation calls, departed
    /// tab, item and bar objects, `Release` to a dropped delegate, the watches of the delegate and of the session, and the state write its
    /// durability class asks for (STATE-4), unless `stateWritten` says the request wrote it
    /// already; `stateHandedOver` says the state writer holds the model after the request
    /// already (`StateWriter.change`), so that only its write is scheduled. The one place
    /// where events become effects.
    func publish(_ events: TabEvents, stateWritten: Bool = false, stateHandedOver: Bool = false) {
        for id in events.catalogAdded {
            objects.exportTab(id, of: self)
            startPlugin(for: id)
        }
        exportBarObjects(events.standaloneBars)
        objects.announce(events)
        if let transition = events.selection { plugins.show(transition) }
        for change in events.navigation { plugins.sync(change.tab, to: controller.stack(of: change.tab)) }
        for id in events.catalogRemoved {
            objects.unexportTab(id)
            plugins.end(id)
        }
        retireBarObjects(events.standaloneBars)
        if let released = events.releasedDelegate { gate.release(released) }
        if events.controllerProperties.contains(.delegate) { gate.delegateChanged(to: controller.delegate, model: self) }
        if events.controllerProperties.contains(.customizing) {
            sessionWatch.follow(.controller, owner: controller.session?.owner) { [unowned self] owner in
                publish(controller.endSession(owner: owner).events)
            }
        }
        // Handed over before the reply, so that any stop can write what was acknowledged; lent
        // in place, so that the model is copied once, into what the writer holds.
        if !stateWritten, let persistence {
            let durability = events.durability
            if stateHandedOver {
                persistence.recordHeld(durability)
            } else {
                reading { persistence.record(durability, $0) }
            }
        }
        // What plugins said during the calls above belongs to this same request.
        while let event = plugins.nextQueuedEvent() { apply(event) }
    }
}
