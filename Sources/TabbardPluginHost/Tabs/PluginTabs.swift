import DaemonBase
import Loop
import TabModel

/// The catalog's tabs as their plugins see them: one running instance per tab, the navigation
/// stack each instance was last told about, UIKit's will/did order when the shown tab changes,
/// content and actions, and the events plugins send back.
///
/// A tab of an isolated plugin has no instance here: its plugin's helper (`IsolatedPlugin`)
/// creates one, started with the plugin's first tab and stopped with its last, and is told the
/// same calls in the same order over the link, without waiting; what the helper is told when it
/// comes back (`PluginReplay`) is read from here: the tabs started, their stacks, the tab shown.
///
/// It changes no model: the service asks it to bring the instances in line with the model
/// after each change, and applies the events it hands back. Everything a plugin says passes
/// here on its way to the model, from the daemon or from a helper: its events, pages and
/// actions are screened for control characters here (`PluginTextScreen`), and a helper's
/// events reach only the tabs of its own plugin.
///
/// Threading: used on the loop thread. Everything the plugin system says comes through one
/// queue (`PluginNewsQueue`, the admission's), which every producer is given as it is made: the
/// sink of each instance here (host callbacks, from any thread), a helper's link (its plugin's
/// events), a helper process (it came back, its start settled) and the host (a probe ended).
/// This drains it in order (`nextQueuedNews`): a plugin that calls back from inside a call the
/// daemon made into it (an action, a navigation, a tab appearing) is heard once the request
/// that made the call has published its own changes, and joins its single announcement per
/// object before the reply; news outside a request is handed on within the next loop turn,
/// through the one closure the owner gives (`onNews`).
package final class PluginTabs {
    private let host: PluginHost
    private let loop: EventLoop
    private let log: Log
    /// Control characters in what plugins say.
    private let screen: PluginTextScreen
    /// One instance per catalog tab whose plugin created one.
    private var instances: [String: PluginTab] = [:]
    /// The navigation stack each instance was last told about, to tell it only the difference
    /// when the model's stack changes.
    private var stacks: [String: [String]] = [:]
    /// News not yet handed on: what the plugins said, and the news of helpers and probes.
    private let news: PluginNewsQueue
    /// The helpers of the isolated plugins with a tab started, by plugin name.
    private var isolated: [String: IsolatedPlugin] = [:]
    /// The plugin of each tab started in a helper, by tab id.
    private var isolatedTabs: [String: String] = [:]
    /// Helpers stopped whose process is not collected yet (`retire`).
    private var retiring: [IsolatedPlugin] = []
    /// The tab shown as last told to the plugins; nil for the More list or no tab.
    private var shown: String?
    /// The pages, by plugin and page name, whose cut was logged (PAGE-2).
    private var cutPages: Set<[String]> = []
    /// The controller's locale as the plugins were told it (PAGE-5).
    private var locale = ""

    /// The tabs of the plugins `host` has loaded, driven on `loop`; their news waits in the
    /// queue of the host's admission (a queue of their own without one).
    package init(host: PluginHost, loop: EventLoop, log: Log) {
        self.host = host
        self.loop = loop
        self.log = log
        news = host.admission?.news ?? PluginNewsQueue(loop: loop)
        screen = PluginTextScreen(log: log)
        // Before the bus's own hook, as this is made before the connection is attached: news
        // from outside a request is heard before the turn's messages, as posted work would be.
        loop.addTurnHook { [news, weak self] in
            if !news.isEmpty { self?.handOn() }
        }
    }

    /// Where the news goes, on the loop thread, in order: the owner's one way in, set once as it
    /// starts its plugins. The one closure given after construction: the owner is built after
    /// this, on the catalog read here. News that comes inside a call of the daemon waits in the
    /// queue for `nextQueuedNews`.
    package var onNews: ((PluginNews) -> Void)?

    // MARK: - The catalog

    /// Every tab the plugins in use offer, in load order.
    package var catalog: [TabDefinition] {
        host.catalog.map { $0.tab.definition(plugin: $0.plugin) }
    }

    /// Whether a plugin in use is still being probed (its tabs have no instances yet).
    package var isProbing: Bool { host.isProbing }

    /// Scans the plugin directories again (SIGHUP): new plugins load (or start their probe),
    /// plugins no longer found or enabled leave the catalog; loaded libraries stay mapped. The
    /// helper of an isolated plugin whose module file changed starts again with the new build,
    /// told its tabs' state as after any restart (`PluginReplay`). `settings` are the
    /// configuration's `[plugin.NAME]` tables. Returns the new catalog.
    package func rescan(directories: [String], enabled: Set<String>?, settings: [String: PluginSettings])
        -> [TabDefinition]
    {
        host.load(directories: directories, enabled: enabled, settings: settings)
        for plugin in host.rebuilt {
            guard let earlier = isolated.removeValue(forKey: plugin) else { continue }
            log.notice(
                "plugin \(plugin): \(earlier.helper.manifest.modulePath) changed; its helper starts again with the new build"
            )
            retire(earlier)
            // The host made the earlier helper, so it makes this one: the plugin is still isolated.
            _ = startHelper(of: plugin)
        }
        return catalog
    }

    // MARK: - Instances

    /// Creates the instance of tab `id` and replays `stack` to it; its host callbacks reach
    /// `onNews` on the loop thread. False when its plugin created none (logged): the tab then
    /// has no content and no actions.
    package func start(_ id: String, stack: [String]) -> Bool {
        // A plugin isolated while its probe runs starts in its helper once the probe ended.
        if let plugin = host.plugin(offering: id), host.isIsolated(plugin), !host.isProbing(plugin) {
            return startIsolated(id, of: plugin, stack: stack)
        }
        guard let tab = host.createTab(id: id, sink: sink()) else {
            if let plugin = probedPlugin(of: id) {
                log.info("tab \(id): plugin \(plugin) is being probed; its instance starts when the probe passes")
            } else {
                log.warning("tab \(id): its plugin did not create an instance; content and actions are unavailable")
            }
            return false
        }
        instances[id] = tab
        stacks[id] = Array(stack.prefix(1))
        if !locale.isEmpty { tab.setLocale(locale) }
        sync(id, to: stack)
        return true
    }

    /// Starts tab `id` of isolated `plugin` in its helper, starting the helper with the
    /// plugin's first tab. A helper not ready yet is told once it is, by the replay.
    private func startIsolated(_ id: String, of plugin: String, stack: [String]) -> Bool {
        guard let helper = isolated[plugin] ?? startHelper(of: plugin) else {
            log.warning("tab \(id): plugin \(plugin) has no helper; content and actions are unavailable")
            return false
        }
        isolatedTabs[id] = plugin
        stacks[id] = stack
        for call in PluginReplay.calls(for: [(id, stack)], shown: nil) { helper.send(call) }
        if !locale.isEmpty { helper.send(.locale(tabID: id, locale: locale)) }
        return true
    }

    /// Starts the helper of isolated `plugin`; nil when the host cannot make one.
    private func startHelper(of plugin: String) -> IsolatedPlugin? {
        guard let process = host.helper(for: plugin) else { return nil }
        let helper = IsolatedPlugin(helper: process)
        isolated[plugin] = helper
        helper.start()
        return helper
    }

    /// Tells the helper of `plugin`, which came back, what it is told before anything else: its
    /// started tabs in catalog order with their stacks, the tab shown, and the locale, which it
    /// lost with its instances (PAGE-5).
    private func replay(toHelperOf plugin: String) {
        let started = tabs(of: plugin).filter { isolatedTabs[$0] != nil }.map { ($0, stacks[$0] ?? []) }
        isolated[plugin]?.replay(started, shown: shown, locale: locale)
    }

    /// Whether the helper of an isolated plugin is starting: neither ready nor ended yet.
    package var isStartingHelpers: Bool { isolated.values.contains { $0.isStarting } }

    /// The helper of isolated `plugin`, while one of its tabs is started.
    func helper(of plugin: String) -> PluginHelperProcess? { isolated[plugin]?.helper }

    /// Ends the instance of a tab that left the catalog; its plugin's library stays mapped.
    /// The last tab of an isolated plugin stops its helper.
    package func end(_ id: String) {
        instances.removeValue(forKey: id)?.destroy()
        stacks[id] = nil
        guard let plugin = isolatedTabs.removeValue(forKey: id) else { return }
        isolated[plugin]?.send(.destroy(tabID: id))
        if !isolatedTabs.values.contains(plugin), let helper = isolated.removeValue(forKey: plugin) {
            retire(helper)
        }
    }

    /// Stops `helper` for good, and keeps it until its process is collected, so that none is
    /// left a zombie; those collected meanwhile are let go.
    private func retire(_ helper: IsolatedPlugin) {
        helper.stop()
        retiring.removeAll { !$0.helper.isCollecting }
        if helper.helper.isCollecting { retiring.append(helper) }
    }

    /// The plugin of tab `id`, when an instance runs for it, here or in a helper.
    package func plugin(of id: String) -> String? { instances[id]?.plugin ?? isolatedTabs[id] }

    /// Counts a failure of the plugin of tab `id` that ends nothing by itself (ICON-3: an icon
    /// it may not set): in a helper within its failure window, in the daemon in
    /// `plugins.state` as a flood is. Returns the failures now counted, nil when none is kept.
    @discardableResult
    package func fault(of id: String, _ reason: String) -> Int? {
        if let plugin = isolatedTabs[id] { return isolated[plugin]?.helper.fault(reason) }
        guard let plugin = instances[id]?.plugin else { return nil }
        return host.fault(of: plugin, reason)
    }

    /// Whether tab `id` runs in a helper: its plugin answers later.
    package func isIsolated(_ id: String) -> Bool { isolatedTabs[id] != nil }

    // MARK: - Lifecycle and navigation

    /// Tells the shown tab at start that it appears.
    package func appear(_ shown: ShownContent) {
        self.shown = shown.tabID
        guard let id = shown.tabID else { return }
        tell(id, .willAppear)
        tell(id, .didAppear)
    }

    /// UIKit's order on every change of the shown tab: old will-disappear, new will-appear,
    /// old did-disappear, new did-appear. The More list has no plugin.
    package func show(_ transition: SelectionTransition) {
        let (old, new) = (transition.from.tabID, transition.to.tabID)
        shown = new
        if let old { tell(old, .willDisappear) }
        if let new { tell(new, .willAppear) }
        if let old { tell(old, .didDisappear) }
        if let new { tell(new, .didAppear) }
    }

    /// Tells a tab's plugin how its stack changed since it was last told: a push, a pop, or
    /// for anything else (a restore, `Reset`) back to the root and up again.
    package func sync(_ id: String, to wanted: [String]) {
        guard instances[id] != nil || isolatedTabs[id] != nil else { return }
        let known = stacks[id] ?? [wanted.first ?? ""]
        guard wanted != known else { return }
        if wanted.count == known.count + 1, Array(wanted.dropLast()) == known {
            push(wanted.last!, onto: id)
        } else if wanted.count + 1 == known.count, Array(known.dropLast()) == wanted {
            tell(id, .back)
        } else {
            tell(id, .popToRoot)
            for page in wanted.dropFirst() { push(page, onto: id) }
        }
        stacks[id] = wanted
    }

    /// Tells the plugin of tab `id` a lifecycle or navigation notice, in the daemon or in its
    /// helper; nothing for a tab without an instance.
    private func tell(_ id: String, _ notice: PluginLinkNotice) {
        if let tab = instances[id] {
            tab.notice(notice)
        } else if let plugin = isolatedTabs[id] {
            isolated[plugin]?.send(.notice(tabID: id, notice))
        }
    }

    /// Tells the plugin of tab `id` that `page` is pushed, the model having decided already.
    private func push(_ page: String, onto id: String) {
        if let tab = instances[id] {
            _ = tab.navigate(to: page)
        } else if let plugin = isolatedTabs[id] {
            isolated[plugin]?.send(.navigate(tabID: id, page: page))
        }
    }

    /// NAV-2: pushes `page` onto the instance of tab `id`, whose stack is `stack`; false when
    /// the plugin does not know the page. The plugin has navigated already when this returns
    /// true, so the model's change that follows is not told to it again.
    package func navigate(_ id: String, to page: String, from stack: [String]) throws(PluginFailure) -> Bool {
        guard try instance(id).navigate(to: page) else { return false }
        stacks[id] = stack + [page]
        return true
    }

    /// The plugin of tab `id` pushed `page` onto `stack` itself: it must not be told again.
    package func pushed(_ page: String, by id: String, onto stack: [String]) {
        stacks[id] = stack + [page]
    }

    // MARK: - Content and actions

    /// `page` of tab `id` as its plugin renders it; the title is the page's name when the
    /// plugin gives none.
    package func content(of id: String, page: String) throws(PluginFailure) -> PluginContent {
        let tab = try instance(id)
        do {
            return titled(try tab.render(page: page), page: page, of: id, by: tab.plugin)
        } catch {
            throw .pluginFailed("\(error)")
        }
    }

    /// PAGE-5: tells every instance, in the daemon or in a helper, the controller's `locale`
    /// (a POSIX name, or "" for the default language), and each one started later.
    package func setLocale(_ locale: String) {
        guard locale != self.locale else { return }
        self.locale = locale
        for tab in instances.values { tab.setLocale(locale) }
        for (id, plugin) in isolatedTabs { isolated[plugin]?.send(.locale(tabID: id, locale: locale)) }
    }

    /// PAGE-5: every started tab's content changed with the locale, as if its plugin had said
    /// so; applied after the request that changed the locale, as its plugins' news are.
    package func queueLocaleContentChanges() {
        for id in catalog.map(\.id) {
            guard let plugin = plugin(of: id) else { continue }
            news.post(.tab(PluginTabEvent(plugin: plugin, tabID: id, change: .contentChanged)))
        }
    }

    /// PAGE-2: the page `page` of tab `id` was cut to its bounds (`why`); logged once per
    /// plugin and page, since a page that is too long stays so at every render.
    package func pageCut(_ id: String, page: String, why: String) {
        guard let plugin = plugin(of: id), cutPages.insert([plugin, page]).inserted else { return }
        log.warning(
            "plugin \(plugin): page \(OffendingValue.quoted(page)) of tab \(OffendingValue.quoted(id)) is over its bounds (\(why)); "
                + "its last rows, then its text, are left out (said once for this plugin and page)")
    }

    /// Forwards `action` to the plugin of tab `id`.
    package func activate(_ action: String, of id: String) throws(PluginFailure) {
        let tab = try instance(id)
        guard tab.activate(action) else { throw Self.refused(action, of: id, by: tab.plugin) }
    }

    /// A page's content as published: screened, and titled with the page's name when the
    /// plugin gives no title.
    private func titled(_ content: PluginContent, page: String, of id: String, by plugin: String) -> PluginContent {
        var titled = screen.content(content, plugin: plugin, tab: id)
        if titled.title.isEmpty { titled.title = page }
        return titled
    }

    /// The failure of an action the plugin did not perform.
    private static func refused(_ action: String, of id: String, by plugin: String) -> PluginFailure {
        .pluginFailed(
            "Plugin '\(plugin)' refused action \(OffendingValue.quoted(action)) of tab \(OffendingValue.quoted(id)).")
    }

    // MARK: - Calls answered later (tabs in a helper)

    /// `page` of isolated tab `id` as its helper renders it, answered later on the loop thread:
    /// within the call deadline, else a failure saying the plugin is unavailable.
    package func content(
        ofIsolated id: String, page: String, answered: @escaping (Result<PluginContent, PluginFailure>) -> Void
    ) {
        guard let helper = startedHelper(of: id, answered) else { return }
        helper.content(of: id, page: page) { [self, name = helper.name] result in
            answered(result.map { titled($0, page: page, of: id, by: name) }.mapError { .pluginFailed("\($0)") })
        }
    }

    /// Forwards `action` to the helper of isolated tab `id`, answered later on the loop thread.
    package func activate(
        _ action: String, ofIsolated id: String, answered: @escaping (Result<Void, PluginFailure>) -> Void
    ) {
        guard let helper = startedHelper(of: id, answered) else { return }
        helper.perform(.activate(tabID: id, action: action), of: id) { [name = helper.name] result in
            switch result {
            case .success(true): answered(.success(()))
            case .success(false): answered(.failure(Self.refused(action, of: id, by: name)))
            case .failure(let error): answered(.failure(.pluginFailed("\(error)")))
            }
        }
    }

    /// NAV-2: asks the helper of isolated tab `id` whether it knows `page`, and tells it the
    /// push; answered later on the loop thread with whether it knew the page. The model pushes
    /// after the answer: `pushed(_:by:onto:)` if its stack is still the one asked from, else
    /// `resync` tells the plugin the model's stack again.
    package func navigate(
        _ id: String, toIsolated page: String, answered: @escaping (Result<Bool, PluginFailure>) -> Void
    ) {
        guard let helper = startedHelper(of: id, answered) else { return }
        helper.perform(.navigate(tabID: id, page: page), of: id) { result in
            answered(result.mapError { .pluginFailed("\($0)") })
        }
    }

    /// Tells the plugin of tab `id` its stack again from the root, whatever it was told: after
    /// a push answered while the model's stack changed.
    package func resync(_ id: String, to wanted: [String]) {
        tell(id, .popToRoot)
        for page in wanted.dropFirst() { push(page, onto: id) }
        stacks[id] = wanted
    }

    /// The helper of started isolated tab `id`; else answers `answered` with the failure and
    /// returns nil.
    private func startedHelper<Value>(of id: String, _ answered: (Result<Value, PluginFailure>) -> Void)
        -> IsolatedPlugin?
    {
        guard let plugin = isolatedTabs[id] else {
            answered(.failure(.pluginFailed("Tab \(OffendingValue.quoted(id)) has no running plugin instance.")))
            return nil
        }
        return isolated[plugin]
    }

    /// The actions the plugin of tab `id` offers now; empty without an instance.
    package func actions(of id: String) throws(PluginCallError) -> [String] {
        guard let tab = instances[id] else { return [] }
        return try screen.actions(try tab.actions(), plugin: tab.plugin, tab: id).get()
    }

    /// The actions the helper of isolated tab `id` offers now, answered later on the loop
    /// thread (at once when the helper is down).
    package func actions(ofIsolated id: String, answered: @escaping (Result<[String], PluginCallError>) -> Void) {
        guard let plugin = isolatedTabs[id] else {
            return answered(
                .failure(
                    PluginCallError(
                        plugin: host.plugin(offering: id) ?? "none", tabID: id, function: "actions",
                        reason: "failed: the tab is not started")))
        }
        // A started tab's helper runs until its plugin's last tab ends.
        isolated[plugin]!.actions(of: id) { [self] result in
            answered(result.flatMap { screen.actions($0, plugin: plugin, tab: id) })
        }
    }

    private func instance(_ id: String) throws(PluginFailure) -> PluginTab {
        guard let tab = instances[id] else {
            if let plugin = probedPlugin(of: id) {
                throw .pluginFailed(
                    "Plugin '\(plugin)' of tab \(OffendingValue.quoted(id)) is unavailable: it is being probed.")
            }
            throw .pluginFailed("Tab \(OffendingValue.quoted(id)) has no running plugin instance.")
        }
        return tab
    }

    /// The plugin of catalog tab `id` when its probe is running.
    private func probedPlugin(of id: String) -> String? {
        guard host.isProbing, let plugin = host.plugin(offering: id) else { return nil }
        return host.isProbing(plugin) ? plugin : nil
    }

    /// The catalog tabs of `plugin`, in catalog order.
    package func tabs(of plugin: String) -> [String] {
        host.catalog.filter { $0.plugin == plugin }.map(\.tab.id)
    }

    // MARK: - Events from plugins

    /// The next piece of news not handed on yet, in order: what a plugin said (screened for
    /// control characters; dropped when nothing of it is left), or a helper's or a probe's news.
    /// A helper that came back is told its tabs here, before its news is handed on.
    package func nextQueuedNews() -> PluginNews? {
        while let next = news.next() {
            switch next {
            case .tab(let event):
                guard let event = screen.event(event) else { continue }
                return .tab(event)
            case .helperReturned(let plugin):
                replay(toHelperOf: plugin)
                return next
            case .helperSettled, .probeEnded:
                return next
            }
        }
        return nil
    }

    /// Hands the news that came outside a request on to the owner, once a loop turn; before the
    /// owner gives its way in, the news waits.
    private func handOn() {
        guard let onNews else { return }
        while let next = nextQueuedNews() { onNews(next) }
    }

    /// The sink of one instance: never blocks, never applies an event inside the plugin call
    /// that sent it.
    private func sink() -> PluginEventSink {
        { [news] event in news.post(.tab(event)) }
    }
}

extension ShownContent {
    /// The tab shown, if the content is a tab.
    package var tabID: String? {
        if case .tab(let id) = self { return id }
        return nil
    }
}
