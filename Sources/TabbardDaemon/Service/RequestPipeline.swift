import DBus
import DaemonBase
import TabModel
import TabbardPluginHost

/// The steps of one request, which `carryOut` takes in one written order for every request: a
/// method call, a tap the delegate decided later, a plugin's news and a reload alike.
///
/// 1. **Run** the model operation (`run`): its answer and a `RequestOutcome`, the value that
///    says everything the request caused. A model error is the request's error; nothing
///    changed (ERR-2).
/// 2. **Commit** (`commit`): a structural change is on disk before anything of it is announced;
///    when it cannot be written the model is put back (`rollBack`) and the caller gets
///    `StateNotSaved`, with nothing announced and no plugin called (STATE-4, ERR-2). Any other
///    change is handed to the state writer here, before the reply that acknowledges it.
/// 3. **Announce**: the objects and plugin instances that come (`bringIn`), the
///    `PropertiesChanged` and signals (`announce`), then the objects and instances that leave,
///    the delegate and the watches (`retire`).
/// 4. **Close** the batch (`closeBatch`, SYNC-2): the controller's `PropertiesChanged` with
///    `Revision`, one more than the last batch's, is its last signal.
/// 5. **Reply**, when someone waits for one.
/// 6. **Plugin calls** the request owes (`make`), after the reply, so that a caller never waits
///    on a plugin; before it only when instances start or end with the request
///    (`RequestOutcome.changesInstances`), in order with them.
/// 7. **Drain** what plugins said meanwhile (`apply`): each piece of news is a request of its
///    own through steps 1 to 6, a batch of its own, all before the loop dispatches the next
///    message.
///
/// A request opens its batch unless one is open (`asOneBatch`: a request that is a plugin call,
/// `Activate`, or a reload of several changes): then it, and the news its plugin calls bring
/// before the reply, are in that batch, which its opener closes.
///
/// Nothing here holds a lock: the state writer's is held inside `run` and `commit` alone, so
/// no D-Bus message is sent under it. Loop thread only.
protocol RequestPipeline: AnyObject {
    /// Runs `change` on the model; the model is unchanged when it throws.
    func run<Answer>(_ change: ModelChange<Answer>) throws(TabError) -> (Answer, RequestOutcome)
    /// Puts a structural change that may be refused on disk, or hands any other to the state
    /// writer as its durability asks (STATE-4); throws only when a refusable change could not
    /// be written.
    func commit(_ outcome: RequestOutcome) throws(FileError)
    /// Puts the model back as it was before `outcome`'s change, which could not be written.
    func rollBack(_ outcome: consuming RequestOutcome)
    /// Puts the objects that come with `events` on the bus and starts their plugin instances.
    func bringIn(_ events: TabEvents)
    /// Sends the `PropertiesChanged` and the signals of `events`; `eachAtOnce` sends each
    /// `PropertiesChanged` as it is noted, for a caller that waits for the first.
    func announce(_ events: TabEvents, eachAtOnce: Bool)
    /// Takes the objects that leave with `events` off the bus, ends their plugin instances,
    /// and follows the delegate and the customization sessions.
    func retire(_ events: TabEvents)
    /// Makes plugin calls a request owed, in order.
    func make(_ calls: [OwedPluginCall])
    /// Sends the `PropertiesChanged` noted so far (after a drain, before the next message).
    func flushAnnouncements()
    /// Opens a batch of announcements unless one is open; returns whether it opened one, which
    /// the caller then closes (SYNC-2).
    func openBatch() -> Bool
    /// Closes the open batch, if any: `Revision` moves once for it when it announced anything,
    /// and the controller's `PropertiesChanged` goes out last (SYNC-2).
    func closeBatch()
    /// The next piece of news a plugin sent inside a call of the daemon, in order.
    func nextQueuedPluginEvent() -> PluginTabEvent?
    /// Whether tab `id` still has its plugin instance (news of one destroyed meanwhile is dropped).
    func hasInstance(_ id: String) -> Bool
    /// A plugin pushed `page` onto the stack of its tab `id`: checks the push against the model
    /// (NAV-2) and notes that the plugin knows the page.
    func notePush(_ page: String, by id: String) throws(TabError)
    /// The model refused what a plugin said (ITEM-4, ITEM-5, NAV-2): logged with its name.
    func refused(_ event: PluginTabEvent, _ error: DBusError)
    /// An icon a plugin set was refused, by the model or where it entered (ICON-2, ICON-3):
    /// logged, and counted as a failure of the plugin; the icon set before stays.
    func refusedIcon(_ event: PluginTabEvent, _ reason: String)
}

// MARK: - The executor

extension RequestPipeline {
    /// Carries out a request that a caller waits for: `reply` sends the answer of `change`
    /// (step 4) and its result is returned, after the plugin calls and the drain.
    func carryOut<Answer, Reply>(
        _ change: ModelChange<Answer>, reply: (Answer) throws(DBusError) -> Reply
    ) throws(DBusError) -> Reply {
        try carryOut(change, caller: true, drains: true, reply: reply)
    }

    /// Carries out a request nobody waits a reply for (plugin news, a reload, a session whose
    /// owner left, a property `Set`, whose reply the bus sends after the handler); returns
    /// the answer of `change`.
    @discardableResult
    func carryOut<Answer>(_ change: ModelChange<Answer>) throws(DBusError) -> Answer {
        try carryOut(change, caller: false, drains: true) { answer throws(DBusError) in answer }
    }

    /// The one order of a request's effects (see the type); `reply` is step 4, a reply when a
    /// `caller` waits for one. `drains` is false for news applied by a drain already under way,
    /// which takes the rest of the queue itself.
    private func carryOut<Answer, Reply>(
        _ change: ModelChange<Answer>, caller: Bool, drains: Bool, reply: (Answer) throws(DBusError) -> Reply
    ) throws(DBusError) -> Reply {
        let opened = openBatch()
        let (answer, outcome): (Answer, RequestOutcome)
        do {
            (answer, outcome) = try run(change)
        } catch {
            if opened { closeBatch() }
            throw error.dbusError
        }
        do {
            try commit(outcome)
        } catch {
            rollBack(outcome)
            if opened { closeBatch() }
            throw ServiceError.stateNotSaved(error.description).dbusError
        }
        let events = outcome.events
        let callsFirst = outcome.changesInstances
        bringIn(events)
        // A caller waits for the first signal above all: sent as soon as it is noted, unless
        // objects come or go with the request, whose InterfacesAdded/Removed keep their place.
        announce(events, eachAtOnce: caller && !callsFirst && events.standaloneBars.isEmpty)
        if callsFirst { make(outcome.pluginCalls) }
        retire(events)
        // A reply comes after its batch's close, whoever opened the batch.
        if opened || caller { closeBatch() }
        let replied = Result { () throws(DBusError) in try reply(answer) }
        if !callsFirst { make(outcome.pluginCalls) }
        if drains {
            while let event = nextQueuedPluginEvent() { apply(event, drains: false) }
            // Left for the end of the loop's turn, they would go out with the next request's.
            if caller { flushAnnouncements() }
        }
        return try replied.get()
    }

    /// Carries out the requests `body` makes as one batch (SYNC-2), closed when it returns,
    /// before the reply the bus sends after it: a request that is a plugin call (`Activate`),
    /// with what the plugin says meanwhile, or a reload's changes.
    func asOneBatch<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let opened = openBatch()
        defer { if opened { closeBatch() } }
        return try body()
    }

    // MARK: Plugin news

    /// Applies what a plugin said about one of its tabs: a request of its own, with nobody
    /// waiting. Values a plugin sends are held to the same rules as a client's (ITEM-4,
    /// ITEM-5, NAV-2); a refused one is logged with the plugin's name.
    func apply(_ event: PluginTabEvent) {
        apply(event, drains: true)
    }

    private func apply(_ event: PluginTabEvent, drains: Bool) {
        let id = event.tabID
        guard hasInstance(id) else { return } // The instance was destroyed meanwhile.
        do throws(DBusError) {
            let change: ModelChange<Void>
            switch event.change {
            case .badge(let value): change = .setBadge(id, text: value)
            case .badgeColor(let color): change = .setBadgeColor(id, to: color)
            case .title(let title):
                change = .refusable { controller throws(TabError) in try controller.setTitle(id, to: title) }
            case .enabled(let enabled):
                change = .refusable { controller throws(TabError) in try controller.setEnabled(id, enabled) }
            case .contentChanged: change = .contentChanged(id)
            case .pushPage(let page):
                do {
                    try notePush(page, by: id)
                } catch {
                    throw error.dbusError
                }
                change = .navigate(id, to: page)
            case .iconNames(let icon, let selected):
                change = .refusable { controller throws(TabError) in
                    try controller.setIconNames(id, icon: icon, selected: selected)
                }
            case .iconPixmaps(let pixmaps):
                change = .refusable { controller throws(TabError) in try controller.setIconPixmaps(id, to: pixmaps) }
            case .iconRefused(let reason):
                refusedIcon(event, reason)
                return
            }
            try carryOut(change, caller: false, drains: drains) { _ throws(DBusError) in }
        } catch {
            switch event.change {
            case .iconNames, .iconPixmaps:
                // The model's sentence, its full stop dropped: the line goes on.
                refusedIcon(event, error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message)
            default:
                refused(event, error)
            }
        }
    }
}
