import DBus
import Loop
import TabModel

/// The tab bar controller as served on the bus. It owns the model, the plugin tab instances
/// and the state store, answers every method of the API, and turns the model's events into
/// D-Bus signals, plugin calls and disk writes, in one place (`publish`).
///
/// Threading: everything here runs on the loop thread. The type is `@unchecked Sendable` only
/// so that work posted from plugin threads can carry it back to that thread.
public final class TabBarService: @unchecked Sendable {
    /// The bus connection, attached to `loop`.
    let connection: Connection
    /// The loop everything runs on.
    let loop: EventLoop
    /// Where log lines go.
    let log: Log
    /// Applies the events plugins sent on the loop thread during the daemon's calls into them
    /// (`PluginEventRelay.drain`); set once the relay knows the service.
    var applyQueuedPluginEvents: () -> Void = {}
    /// Who may change the bar; a reload can change the admin group.
    var access: AccessPolicy
    /// The daemon's version, the `Version` property.
    let version: String
    /// The model: the single source of truth.
    var controller: TabController
    /// The loaded plugins.
    let plugins: PluginHost
    /// One plugin instance per catalog tab.
    var pluginTabs: [String: PluginTab] = [:]
    /// The object path of every exported tab object, by tab id.
    var tabPaths: [String: DBus.ObjectPath] = [:]
    /// The navigation stack each plugin instance was last told about, to tell it only the
    /// difference when the model's stack changes.
    var pluginStacks: [String: [String]] = [:]
    /// Saves state per STATE-4; nil with `--no-state`.
    let persistence: Persistence?
    /// Taps waiting for the delegate (TAP-7).
    var gate: DelegateGate!
    /// Ends a customization session whose owner leaves or goes idle (CUST-4, CUST-8).
    var sessionWatch: SessionWatch!
    /// Watches the delegate's connection, to drop it when it leaves the bus.
    var delegateDeparture: SignalSubscription?
    /// Pings systemd's watchdog, when it asks for pings.
    var watchdog: LoopTimer?

    /// A service over a started controller. Call `exportObjects()` next, then own the name.
    init(
        connection: Connection, loop: EventLoop, log: Log, access: AccessPolicy, version: String,
        controller: TabController, plugins: PluginHost, persistence: Persistence?,
        customizationTimeout: Duration
    ) {
        self.connection = connection
        self.loop = loop
        self.log = log
        self.access = access
        self.version = version
        self.controller = controller
        self.plugins = plugins
        self.persistence = persistence
        self.gate = DelegateGate(service: self)
        self.sessionWatch = SessionWatch(service: self, idleTimeout: customizationTimeout)
    }

    // MARK: - Changing the model

    /// Runs one model operation for a request and publishes what it changed. A model error
    /// becomes the D-Bus error of the contract; nothing changed then (ERR-2).
    func perform(_ operation: (inout TabController) throws(TabError) -> TabEvents) throws(DBusError) {
        let events: TabEvents
        do {
            events = try operation(&controller)
        } catch {
            throw error.dbusError
        }
        publish(events)
    }

    /// Like `perform`, for operations that also return a value for the reply.
    func perform<Result>(
        _ operation: (inout TabController) throws(TabError) -> (Result, TabEvents)
    ) throws(DBusError) -> Result {
        let outcome: (Result, TabEvents)
        do {
            outcome = try operation(&controller)
        } catch {
            throw error.dbusError
        }
        publish(outcome.1)
        return outcome.0
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
