import DBus
import TabModel

extension TabBarService {
    /// Announces everything one request changed, in this order: new tab objects with their
    /// plugin instances, new bar and item objects, one `PropertiesChanged` per changed object,
    /// the delegate signals, the bar signals, plugin lifecycle and navigation calls, departed
    /// tab, item and bar objects, `Release` to a dropped delegate, the watches of the delegate
    /// and of the session, and the state write its durability class asks for (STATE-4), unless
    /// `stateWritten` says the request wrote it already; `stateHandedOver` says the state
    /// writer holds the model after the request already (`StateWriter.change`), so that only
    /// its write is scheduled; `announced` says its `PropertiesChanged` went out already, each
    /// at once, before the hand-over (`perform`). The one place where events become effects.
    ///
    /// While a request is answered (`answer`), its lifecycle and navigation calls, and what
    /// plugins say during them, wait for its reply, unless it adds or removes tabs: a plugin
    /// instance is started and ended in order with them, so that request makes every call it
    /// owes in place.
    func publish(_ events: TabEvents, stateWritten: Bool = false, stateHandedOver: Bool = false, announced: Bool = false) {
        let owing = owesPluginCalls(events)
        if !owing, let owed = owedPluginCalls, !owed.isEmpty {
            owedPluginCalls = []
            make(owed)
        }
        for id in events.catalogAdded {
            objects.exportTab(id, of: self)
            startPlugin(for: id)
        }
        exportBarObjects(events.standaloneBars)
        if !announced { objects.announce(events, eachAtOnce: announcesEachAtOnce(events)) }
        if let transition = events.selection { call(.show(transition), owing: owing) }
        for change in events.navigation { call(.sync(tab: change.tab, stack: controller.stack(of: change.tab)), owing: owing) }
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
        if !owing { applyQueuedPluginEvents() }
    }

    /// Whether the `PropertiesChanged` of `events` are sent each as soon as it is noted
    /// (`TabBarObjects.announce`): a request answered through `answer` notes no further change
    /// before its reply, unless its tabs or bars come or go: it makes its plugin calls in
    /// place then, and keeps its `InterfacesAdded`/`InterfacesRemoved` where they were.
    func announcesEachAtOnce(_ events: TabEvents) -> Bool {
        owesPluginCalls(events) && events.standaloneBars.isEmpty
    }

    /// Whether the request that caused `events` leaves its plugin calls until its reply is
    /// sent: one answered through `answer` that neither adds nor removes tabs.
    private func owesPluginCalls(_ events: TabEvents) -> Bool {
        owedPluginCalls != nil && events.catalogAdded.isEmpty && events.catalogRemoved.isEmpty
    }

    /// Answers one request: runs `request`, which changes the model and replies, and then
    /// makes the plugin calls it owed (`publish`). At window 1 a caller waits for the reply,
    /// which comes after the request's signals: the plugins' lifecycle calls in front of them
    /// would add their time to every call. The state is handed over before the reply as
    /// before, so a plugin that hangs in one of these calls leaves the acknowledged state to
    /// the hang watch (STATE-4); and they are made before the loop dispatches the next message,
    /// so every later request finds the plugins told. What they said meanwhile is announced
    /// then too, before the next message: the loop dispatches every queued call in one turn,
    /// and left for the end of the turn it would go out with the next request's changes,
    /// with that request's values.
    func answer<Answer>(_ request: () throws(DBusError) -> Answer) throws(DBusError) -> Answer {
        assert(owedPluginCalls == nil, "requests are answered one at a time: dispatch does not nest")
        owedPluginCalls = []
        defer {
            let owed = owedPluginCalls ?? []
            owedPluginCalls = nil
            make(owed)
            applyQueuedPluginEvents()
            objects.flushPropertyChanges()
        }
        return try request()
    }

    /// Makes `call` now, or, when the request being answered is `owing` it, once its reply is sent.
    private func call(_ call: OwedPluginCall, owing: Bool) {
        if owing {
            owedPluginCalls!.append(call)
            return
        }
        switch call {
        case .show(let transition): plugins.show(transition)
        case .sync(let tab, let stack): plugins.sync(tab, to: stack)
        }
    }

    /// Makes plugin calls a request owed, in the order it owed them.
    private func make(_ owed: [OwedPluginCall]) {
        for owedCall in owed { call(owedCall, owing: false) }
    }

    /// Applies what plugins said meanwhile, as part of the request that made the calls.
    private func applyQueuedPluginEvents() {
        while let event = plugins.nextQueuedEvent() { apply(event) }
    }
}
