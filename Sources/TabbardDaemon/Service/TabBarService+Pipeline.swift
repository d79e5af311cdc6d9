import DBus
import DaemonBase
import TabModel
import TabbardPluginHost

/// The steps of the request pipeline as the daemon takes them: the model, the state writer,
/// the bus objects, the plugin instances, the delegate and the customization sessions. The
/// order is `RequestPipeline.carryOut`'s; each step here does one thing.
extension TabBarService: RequestPipeline {
    // MARK: Run and commit

    /// Every change is made in place, under the model's lock. One that may be refused keeps the
    /// model from before it there (`ServedModel`) until it is committed or put back, and the
    /// state writer takes that in the meantime; one made in place for good (at most volatile)
    /// is acknowledged with it, since nothing can refuse it any more.
    func run<Answer>(_ change: ModelChange<Answer>) throws(TabError) -> (Answer, RequestOutcome) {
        let (answer, events) = try model.change(
            mayBeRefused: change.path == .refusable && persistence != nil,
            change.operation
        ) { $0.1.durability != .none }
        let calls = model.read { controller in OwedPluginCall.owed(by: events) { tab in controller.stack(of: tab) } }
        return (answer, RequestOutcome(events: events, path: change.path, pluginCalls: calls))
    }

    func commit(_ outcome: RequestOutcome) throws(FileError) {
        guard let persistence else { return }
        let saves = outcome.durability != .none
        switch outcome.path {
        case .inPlace:
            persistence.record(outcome.durability)
        case .refusable where outcome.durability == .structural:
            // A copy for the writer's thread, dropped before the model changes again.
            try persistence.commit(model.copy())
            model.commit(saves: saves, written: true)
        case .refusable:
            model.commit(saves: saves)
            persistence.record(outcome.durability)
        case .imposed:
            // Acknowledged as it was made (`run`): nobody can refuse it.
            persistence.record(outcome.durability)
        }
    }

    func rollBack(_ outcome: consuming RequestOutcome) {
        model.rollBack()
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
        // VIEW-5: a batch that changed nothing changed no view; VIEW-6: views are brought up to
        // date at the cost of what the batch changed of a presentation, judged only when one is open.
        let unchanged = self.views.isEmpty || events.isEmpty && !events.definitionsReplaced
        let views = unchanged ? [] : refreshViews(after: events.presentationChange)
        objects.announce(events, views: views, eachAtOnce: eachAtOnce)
        pushPage(events)
    }

    func retire(_ events: TabEvents) {
        // The other objects' changes go out before the tabs leave (`InterfacesRemoved`).
        if !events.catalogRemoved.isEmpty { objects.flushPropertyChanges() }
        for id in events.catalogRemoved {
            objects.unexportTab(id)
            plugins.end(id)
        }
        retireBarObjects(events.standaloneBars)
        if let released = events.releasedDelegate { gate.release(released) }
        if events.controllerProperties.contains(.locale) { localeChanged() }
        if events.controllerProperties.contains(.delegate) {
            gate.delegateChanged(to: model.read { $0.delegate }, model: self)
        }
        if events.controllerProperties.contains(.customizing) {
            sessionWatch.follow(.controller, owner: model.read { $0.session?.owner }) { [unowned self] owner in
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

    func openBatch() -> Bool {
        objects.openBatch(at: model.read { $0.revision })
    }

    func closeBatch() {
        guard let batch = objects.batch else { return }
        // `Revision` is not saved: setting it acknowledges nothing for the state writer.
        let moved = model.change(
            mayBeRefused: false,
            { controller in
                controller.closeBatch(openedAt: batch.revisionBefore, announced: batch.movesRevision)
            }, saves: { _ in false })
        objects.closeBatch(movingRevision: moved)
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

    /// A helper's or a probe's news met in the queue is heard in its place, in order.
    func nextQueuedPluginEvent() -> PluginTabEvent? {
        while let news = plugins.nextQueuedNews() {
            guard case .tab(let event) = news else {
                hear(news)
                continue
            }
            return event
        }
        return nil
    }

    func hasInstance(_ id: String) -> Bool {
        plugins.plugin(of: id) != nil
    }

    func notePush(_ page: String, by id: String) throws(TabError) {
        let stack = try model.read { controller throws(TabError) in
            try controller.checkNavigate(id, to: page)
            return controller.stack(of: id)
        }
        plugins.pushed(page, by: id, onto: stack)
    }

    func refused(_ event: PluginTabEvent, _ error: DBusError) {
        log.warning("plugin \(event.plugin), tab \(event.tabID): \(error.message)")
    }

    func refusedIcon(_ event: PluginTabEvent, _ reason: String) {
        let id = event.tabID
        let failures =
            plugins.fault(of: id, "tab \(id): \(reason)")
            .map { "; failures counted: \($0) (\(PluginAdmission.failureLimit) disable the plugin)" } ?? ""
        log.warning("plugin \(event.plugin), tab \(id): \(reason); refused, the icon set before stays\(failures)")
    }
}
