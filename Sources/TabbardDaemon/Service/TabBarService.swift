import DBus
import DaemonBase
import Loop
import TabModel
import TabbardPluginHost

/// The tab bar controller as served: it owns the model, changes it for each request
/// (`perform`, `check`), and turns what a change caused into its effects in one place
/// (`publish`): the bus objects and their announcements, the plugin instances, the delegate,
/// the customization session's watch and the state on disk, each kept by a helper of its own.
/// The helpers keep no reference to the service; what they need from the model is handed to
/// them with each call.
///
/// Threading: everything here runs on the loop thread. The type is `@unchecked Sendable` only
/// so that work posted from plugin threads can carry it back to that thread.
public final class TabBarService: @unchecked Sendable {
    /// The model: the single source of truth.
    var controller: TabController
    /// The objects on the bus, their access rule and their announcements.
    let objects: TabBarObjects
    /// The plugin instance of every catalog tab.
    let plugins: PluginTabs
    /// Taps waiting for the delegate, and the delegate itself (TAP-5, TAP-7).
    let gate: DelegateGate
    /// Ends a customization session whose owner leaves or goes idle (CUST-4, CUST-8).
    let sessionWatch: SessionWatch
    /// Saves state per STATE-4; nil with `--no-state`.
    let persistence: Persistence?
    /// Where log lines go.
    let log: Log
    /// The plugin calls of the request being answered (`answer`), made once its reply is
    /// sent; nil outside such a request, where `publish` makes them at once.
    var owedPluginCalls: [OwedPluginCall]?

    /// A service over a started controller and its helpers. Call `start()` next, then own the
    /// name.
    init(
        controller: TabController, objects: TabBarObjects, plugins: PluginTabs, gate: DelegateGate,
        sessionWatch: SessionWatch, persistence: Persistence?, log: Log
    ) {
        self.controller = controller
        self.objects = objects
        self.plugins = plugins
        self.gate = gate
        self.sessionWatch = sessionWatch
        self.persistence = persistence
        self.log = log
    }

    /// Puts every object on the bus, then starts one plugin instance per catalog tab, after the
    /// state was restored (STATE-3: a plugin that sets its own badge as it starts wins), and
    /// tells the shown tab it appears.
    func start() throws(DBusError) {
        try objects.export(self)
        // A helper that came back (or became ready) was told its tabs' state: their actions next.
        plugins.onHelperReturned = { [unowned self] plugin in
            for id in plugins.tabs(of: plugin) where plugins.isIsolated(id) { refreshActions(of: id) }
        }
        for id in controller.catalog.map(\.id) { startPlugin(for: id) }
        plugins.appear(controller.shownContent)
    }

    // MARK: - Changing the model

    /// Runs one model operation for a request and publishes what it changed. A model error
    /// becomes the D-Bus error of the contract; nothing changed then (ERR-2). `atMost` is the
    /// strongest durability class the operation can cause (STATE-4), as for `perform` below.
    func perform(
        atMost limit: Durability = .structural, _ operation: (inout TabController) throws(TabError) -> TabEvents
    ) throws(DBusError) {
        try perform(atMost: limit) { controller throws(TabError) in ((), try operation(&controller)) }
    }

    /// Like `perform`, for operations that also return a value for the reply. A structural
    /// change is on disk before anything of it is announced (STATE-4); when it cannot be
    /// written, the model is put back as it was and the caller gets `StateNotSaved`: nothing
    /// was announced, no plugin was called, nothing changed (ERR-2).
    ///
    /// Putting the model back needs a copy of it from before the operation, and the change
    /// then makes the model copy every collection it touches, a walk over every tab. Only a
    /// structural change is written before the reply, so an operation that can be no more
    /// than `volatile` (`atMost`: selection, badges, navigation, what is not saved at all)
    /// changes the model in place, and so does every operation when nothing is saved; the
    /// state writer lets go of the state it holds for that (`StateWriter.change`).
    func perform<Result>(
        atMost limit: Durability = .structural,
        _ operation: (inout TabController) throws(TabError) -> (Result, TabEvents)
    ) throws(DBusError) -> Result {
        let before = limit == .structural && persistence != nil ? controller : nil
        let outcome: (Result, TabEvents)
        // Whether the writer holds the model after the change already (every change it is to save).
        var handedOver = false
        // Whether the change's `PropertiesChanged` went out before the hand-over.
        var announced = false
        do {
            if before == nil, let writer = persistence?.writer {
                // A caller waits for the first signal above all (`TabBarObjects.announce`):
                // sent before the hand-over, which copies the whole model, when nothing else
                // is announced ahead of it (`publish`).
                outcome = try writer.change(by: { () throws(TabError) in try operation(&controller) }, then: { outcome in
                    guard announcesEachAtOnce(outcome.1) else { return }
                    objects.announce(outcome.1, eachAtOnce: true)
                    announced = true
                }, handingOver: { $0.1.durability != .none }, changed: { controller })
                handedOver = true
            } else {
                outcome = try operation(&controller)
            }
        } catch {
            throw error.dbusError
        }
        assert(outcome.1.durability <= limit, "an operation declared at most \(limit) made a \(outcome.1.durability) change")
        let written = outcome.1.durability == .structural
        if written, let persistence {
            do {
                try persistence.commit(controller)
            } catch {
                if let before { controller = before }
                throw ServiceError.stateNotSaved(error.description).dbusError
            }
        }
        publish(outcome.1, stateWritten: written, stateHandedOver: handedOver, announced: announced)
        return outcome.0
    }

    /// What `question` answers of the model, read in place: the property getters of every
    /// announcement read through here, and the hand-over of each change to the state writer. Any read of `controller` that spans a call into the
    /// model copies the whole model (a retain of every field, and a release after), since the
    /// compiler cannot see that the call leaves the service's model alone; a getter's closure,
    /// which holds the service `unowned`, copies it besides so that the service can be let go
    /// before the read. Here the service is held for the call (never inlined into a getter),
    /// and the model is lent for the call's length, through the one kind of access that rules
    /// out any other, so nothing is copied. No getter runs while the model is being changed.
    @inline(never)
    func reading<Answer>(_ question: (borrowing TabController) -> Answer) -> Answer {
        Self.lend(&controller, to: question)
    }

    private static func lend<Answer>(_ model: inout TabController, to question: (borrowing TabController) -> Answer) -> Answer {
        question(model)
    }

    /// Reads the model without changing it, mapping its errors; returns what `question` does.
    @discardableResult
    func check<Answer>(_ question: (TabController) throws(TabError) -> Answer) throws(DBusError) -> Answer {
        do {
            return try question(controller)
        } catch {
            throw error.dbusError
        }
    }
}
