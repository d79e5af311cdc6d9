import DaemonBase
import DBus
import TabModel
import TabbardPluginHost

/// The steps of the request pipeline as the daemon takes them: the model, the state writer,
/// the bus objects, the plugin instances, the delegate and the customization sessions. The
/// order is `RequestPipeline.carryOut`'s; each step here does one thing.
extension TabBarService: RequestPipeline {
    // MARK: Run and commit

    /// A change made in place is handed to the state writer as it is made, with the writer's
    /// held state let go meanwhile (`StateWriter.change`): a held copy shares the model's
    /// storage, and a change in place would then copy every collection it touches (every
    /// tab's state at 10,000 tabs, for one badge). A refusable change keeps a copy of the
    /// model from before it, to put back when it cannot be written.
    func run<Answer>(_ change: ModelChange<Answer>) throws(TabError) -> (Answer, RequestOutcome) {
        let rollback = change.path == .refusable && persistence != nil ? controller : nil
        let (answer, events): (Answer, TabEvents)
        if change.path == .inPlace, let writer = persistence?.writer {
            (answer, events) = try writer.change(&controller, by: change.operation) { $0.1.durability != .none }
        } else {
            (answer, events) = try change.operation(&controller)
        }
        let calls = OwedPluginCall.owed(by: events) { tab in controller.stack(of: tab) }
        return (answer, RequestOutcome(events: events, path: change.path, pluginCalls: calls, rollback: rollback))
    }

    func commit(_ outcome: RequestOutcome) throws(FileError) {
        guard let persistence else { return }
        switch outcome.path {
        case .inPlace:
            persistence.recordHeld(outcome.durability)
        case .refusable where outcome.durability == .structural:
            try persistence.commit(controller)
        case .refusable, .imposed:
            // Lent in place, so that the model is copied once, into what the writer holds.
            reading { persistence.record(outcome.durability, $0) }
        }
    }

    func rollBack(_ outcome: consuming RequestOutcome) {
        if let before = outcome.rollback { controller = before }
    }

    // MARK: Announce

    func bringIn(_ events: TabEvents) {
        for id in events.catalogAdded {
            objects.exportTab(id, of: self)
            startPlugin(for: id)
        }
        exportBarObjects(events.standaloneBars)
    }

    func announce(_ events: TabEvents, eachAtOnce: Bool) {
        // VIEW-5: a batch that changed nothing changed no view.
        objects.announce(events, views: events.isEmpty ? [] : refreshViews(), eachAtOnce: eachAtOnce)
    }

    func retire(_ events: TabEvents) {
        for id in events.catalogRemoved {
            objects.unexportTab(id)
            plugins.end(id)
        }
        retireBarObjects(events.standaloneBars)
        if let released = events.releasedDelegate { gate.release(released) }
        if events.controllerProperties.contains(.delegate) { gate.delegateChanged(to: controller.delegate, model: self) }
        if events.controllerProperties.contains(.customizing) {
            sessionWatch.follow(.controller, owner: controller.session?.owner) { [unowned self] owner in
                endSession(owner: owner)
            }
        }
    }

    /// CUST-4, CUST-8: the controller's session ends as if its owner had ended it.
    private func endSession(owner: String) {
        do throws(DBusError) {
            try carryOut(.imposed { controller in controller.endSession(owner: owner).events })
        } catch {
            log.error("ending the customization session of \(owner): \(error.message)")
        }
    }

    func flushAnnouncements() {
        objects.flushPropertyChanges()
    }

    // MARK: Plugins

    func make(_ calls: [OwedPluginCall]) {
        for call in calls {
            switch call {
            case .show(let transition): plugins.show(transition)
            case .sync(let tab, let stack): plugins.sync(tab, to: stack)
            }
        }
    }

    func nextQueuedPluginEvent() -> PluginTabEvent? {
        plugins.nextQueuedEvent()
    }

    func hasInstance(_ id: String) -> Bool {
        plugins.plugin(of: id) != nil
    }

    func notePush(_ page: String, by id: String) throws(TabError) {
        try controller.checkNavigate(id, to: page)
        plugins.pushed(page, by: id, onto: controller.stack(of: id))
    }

    func refused(_ event: PluginTabEvent, _ error: DBusError) {
        log.warning("plugin \(event.plugin), tab \(event.tabID): \(error.message)")
    }

    func refusedIcon(_ event: PluginTabEvent, _ reason: String) {
        let id = event.tabID
        let failures = plugins.fault(of: id, "tab \(id): \(reason)")
            .map { "; failures counted: \($0) (\(PluginAdmission.failureLimit) disable the plugin)" } ?? ""
        log.warning("plugin \(event.plugin), tab \(id): \(reason); refused, the icon set before stays\(failures)")
    }
}
