import DBus
import DaemonBase
import Loop
import TabModel
import TabbardPluginHost

/// The tab bar controller as served: it owns the model, reads it for each request (`check`),
/// and carries out each change through the one request pipeline (`RequestPipeline.carryOut`),
/// whose steps it provides (`TabBarService+Pipeline`): the bus objects and their
/// announcements, the plugin instances, the delegate, the customization session's watch and
/// the state on disk, each kept by a part of its own. Those parts keep no reference to the
/// service; what they need from the model is handed to them with each call.
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
    /// The open views (VIEW-1): not part of the model, never saved.
    let views = OpenViews()

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
        objects.watchDepartures { [unowned self] name in openerLeft(name) }
        // A helper that came back (or became ready) was told its tabs' state: their actions next.
        plugins.onHelperReturned = { [unowned self] plugin in
            for id in plugins.tabs(of: plugin) where plugins.isIsolated(id) { refreshActions(of: id) }
        }
        for id in controller.catalog.map(\.id) { startPlugin(for: id) }
        plugins.appear(controller.shownContent)
    }

    // MARK: - Reading the model

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
