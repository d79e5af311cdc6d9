import DBus
import TabModel
import TabbardPluginHost

/// Where the model and the plugins meet: what a plugin says becomes a model change held to a
/// client's rules, and what a client asks of a tab's content reaches its plugin after the
/// model's checks.
extension TabBarService {
    /// Creates the plugin instance of tab `id`, replays its navigation stack to it and reads
    /// its live actions; a tab in a helper has them read once its helper is ready.
    func startPlugin(for id: String) {
        plugins.setLocale(model.read { $0.locale }) // PAGE-5: told before its first render.
        let started = plugins.start(id, stack: model.read { $0.stack(of: id) })
        if started && !plugins.isIsolated(id) { refreshActions(of: id) }
    }

    /// What the plugin system said, on the loop thread, in its order (`PluginNews`): a tab's
    /// news is a request of its own; a helper that came back (or became ready) was told its
    /// tabs' state, so their actions are read next; a settled helper or an ended probe may
    /// complete the start (`READY=1`).
    func hear(_ news: PluginNews) {
        switch news {
        case .tab(let event):
            apply(event)
        case .helperReturned(let plugin):
            for id in plugins.tabs(of: plugin) where plugins.isIsolated(id) { refreshActions(of: id) }
        case .helperSettled:
            announceReadyOnceSettled()
        case .probeEnded(let plugin, let loaded):
            probeEnded(plugin, loaded: loaded)
            announceReadyOnceSettled()
        }
    }

    /// The probe of `plugin` ended, on the loop thread: when it `loaded` (into the daemon, or,
    /// for a plugin a reload isolated while the probe ran, into its helper), each of its tabs
    /// gets its instance with its current stack, and the shown one appears; when it was
    /// skipped, its tabs leave the catalog as they would at a reload.
    private func probeEnded(_ plugin: String, loaded: Bool) {
        guard loaded else {
            do throws(DBusError) {
                let catalog = plugins.catalog
                try carryOut(.imposed { controller throws(TabError) in try controller.replaceCatalog(catalog) })
            } catch {
                log.error("plugin \(plugin) left out: \(error.message)")
            }
            return
        }
        let tabs = Set(plugins.tabs(of: plugin))
        for id in model.read({ $0.catalog.map(\.id) }) where tabs.contains(id) { startPlugin(for: id) }
        let shown = model.read { $0.shownContent }
        if let tab = shown.tabID, tabs.contains(tab) { plugins.appear(shown) }
        // What the instances said as they started is applied like any other plugin news.
        while let news = plugins.nextQueuedNews() { hear(news) }
    }

    /// `Navigate` (NAV-2): the model's checks first, then the plugin must know the page, then
    /// the push; `reply` answers the caller.
    func navigate<Reply>(_ id: String, to page: String, reply: () throws(DBusError) -> Reply) throws(DBusError) -> Reply
    {
        try check { controller throws(TabError) in try controller.checkNavigate(id, to: page) }
        let known: Bool
        do {
            known = try plugins.navigate(id, to: page, from: model.read { $0.stack(of: id) })
        } catch {
            throw error.dbusError
        }
        guard known else {
            throw TabError.invalidArgument(
                "Tab \(OffendingValue.quoted(id)) has no page \(OffendingValue.quoted(page))."
            ).dbusError
        }
        return try carryOut(.navigate(id, to: page)) { _ throws(DBusError) in try reply() }
    }

    /// `GetContent`: the top page of a tab's stack as its plugin renders it.
    func content(of id: String) throws(DBusError) -> PluginContent {
        try check { controller throws(TabError) in try controller.requireCatalogTab(id) }
        do {
            return try plugins.content(of: id, page: model.read { $0.stack(of: id).last ?? "" })
        } catch {
            throw error.dbusError
        }
    }

    /// `Activate`: forwards an action to the plugin, then takes the plugin's word on what
    /// actions it offers now (starting a stopwatch turns `start` into `stop`).
    func activate(_ action: String, of id: String) throws(DBusError) {
        try check { controller throws(TabError) in try controller.checkAction(id, action) }
        // What the plugin says while it acts is in the request's batch (SYNC-2).
        try asOneBatch { () throws(DBusError) in
            do throws(PluginFailure) {
                try plugins.activate(action, of: id)
            } catch {
                throw error.dbusError
            }
            refreshActions(of: id)
        }
    }

    // MARK: Tabs in a helper: answered later

    /// Whether `GetContent`, `Activate` and `Navigate` on tab `id` are answered later: its
    /// plugin runs in a helper, which the daemon never waits on.
    func answersLater(_ id: String) -> Bool { plugins.isIsolated(id) }

    /// `GetContent` on a tab in a helper: the model's checks now, the page when the helper
    /// rendered it or failed to within its deadline.
    func content(of id: String, answered: @escaping (Result<PluginContent, DBusError>) -> Void) throws(DBusError) {
        try check { controller throws(TabError) in try controller.requireCatalogTab(id) }
        let page = model.read { $0.stack(of: id).last ?? "" }
        plugins.content(ofIsolated: id, page: page) { answered($0.mapError(\.dbusError)) }
    }

    /// `Activate` on a tab in a helper: the model's checks now, the answer once the helper
    /// performed the action and its actions were read again, as for a plugin in the daemon, so
    /// that the reply finds `Actions` current. The actions are asked right behind the action,
    /// without waiting for it: a helper answers in order, so they are those after the action,
    /// and the reply waits for one more answer, not one more round trip.
    func activate(_ action: String, of id: String, answered: @escaping (Result<Void, DBusError>) -> Void)
        throws(DBusError)
    {
        try check { controller throws(TabError) in try controller.checkAction(id, action) }
        var outcome: Result<Void, DBusError>?
        var actionsRead = false
        // Whichever of the two answers comes last sends the reply.
        let answerOnceBoth = {
            if let outcome, actionsRead { answered(outcome) }
        }
        plugins.activate(action, ofIsolated: id) { result in
            outcome = result.mapError(\.dbusError)
            answerOnceBoth()
        }
        refreshActions(of: id) {
            actionsRead = true
            answerOnceBoth()
        }
    }

    /// `Navigate` (NAV-2) on a tab in a helper: the model's checks now, then the plugin must
    /// know the page, then the push, checked again since the model may have changed meanwhile.
    func navigate(_ id: String, to page: String, answered: @escaping (Result<Void, DBusError>) -> Void)
        throws(DBusError)
    {
        try check { controller throws(TabError) in try controller.checkNavigate(id, to: page) }
        let asked = model.read { $0.stack(of: id) }
        plugins.navigate(id, toIsolated: page) { [weak self] result in
            guard let self else { return }
            do throws(DBusError) {
                guard try result.mapError(\.dbusError).get() else {
                    throw TabError.invalidArgument(
                        "Tab \(OffendingValue.quoted(id)) has no page \(OffendingValue.quoted(page))."
                    ).dbusError
                }
                let stack = model.read { $0.stack(of: id) }
                if stack == asked { plugins.pushed(page, by: id, onto: stack) }
                defer { if stack != asked { plugins.resync(id, to: model.read { $0.stack(of: id) }) } }
                try carryOut(.navigate(id, to: page)) { _ throws(DBusError) in answered(.success(())) }
            } catch {
                answered(.failure(error))
            }
        }
    }

    /// Reads a tab's actions from its plugin into the model, then runs `read`; a tab in a
    /// helper answers later.
    func refreshActions(of id: String, then read: @escaping () -> Void = {}) {
        guard let plugin = plugins.plugin(of: id) else { return read() }
        guard plugins.isIsolated(id) else {
            setActions(Result { () throws(PluginCallError) in try plugins.actions(of: id) }, of: id, plugin: plugin)
            return read()
        }
        plugins.actions(ofIsolated: id) { [weak self] answer in
            self?.setActions(answer, of: id, plugin: plugin)
            read()
        }
    }

    /// Puts the actions `answer` lists into the model, or logs why there are none; nothing for a
    /// tab whose instance ended meanwhile.
    private func setActions(_ answer: Result<[String], PluginCallError>, of id: String, plugin: String) {
        guard plugins.plugin(of: id) != nil else { return }
        do {
            let actions = try answer.get()
            try carryOut(.setActions(id, to: actions))
        } catch {
            log.warning("plugin \(plugin): actions of tab \(id): \(error)")
        }
    }
}
