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
    /// The model, the single source of truth, behind the lock it shares with the state writer
    /// and the hang watch; changed in place, on this thread alone.
    let model: ServedModel
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
    /// Tells the service manager when the plugins found at start are settled (`READY=1`).
    let notifier: ServiceNotifier
    /// Whether `READY=1` was sent.
    var announcedReady = false
    /// Where log lines go.
    let log: Log
    /// The open views (VIEW-1): not part of the model, never saved.
    let views = OpenViews()

    /// A service over a started controller and its helpers. Call `start()` next, then own the
    /// name.
    init(
        model: ServedModel, objects: TabBarObjects, plugins: PluginTabs, gate: DelegateGate,
        sessionWatch: SessionWatch, persistence: Persistence?, notifier: ServiceNotifier, log: Log
    ) {
        self.model = model
        self.objects = objects
        self.plugins = plugins
        self.gate = gate
        self.sessionWatch = sessionWatch
        self.persistence = persistence
        self.notifier = notifier
        self.log = log
    }

    /// Puts every object on the bus, then starts one plugin instance per catalog tab, after the
    /// state was restored (STATE-3: a plugin that sets its own badge as it starts wins), and
    /// tells the shown tab it appears.
    func start() throws(DBusError) {
        try objects.export(self)
        objects.watchDepartures { [unowned self] name in openerLeft(name) }
        // Plugin tabs are made before the service, whose model's catalog they give.
        plugins.onNews = { [unowned self] news in hear(news) }
        for id in model.read({ $0.catalog.map(\.id) }) { startPlugin(for: id) }
        plugins.appear(model.read { $0.shownContent })
    }

    // MARK: - Reading the model

    /// Reads the model without changing it, mapping its errors; returns what `question` does.
    @discardableResult
    func check<Answer>(_ question: (TabController) throws(TabError) -> Answer) throws(DBusError) -> Answer {
        do {
            return try model.read { controller throws(TabError) in try question(controller) }
        } catch {
            throw error.dbusError
        }
    }
}
