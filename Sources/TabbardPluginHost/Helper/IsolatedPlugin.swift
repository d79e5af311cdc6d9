/// An isolated plugin as the daemon drives it, on the loop thread: its helper process kept
/// running, every call to it answered later (never waited on), and its tabs carried across
/// the helper's restarts. While the helper is down, a call that wants an answer fails at once
/// saying the plugin is unavailable and why, and a notice is dropped. A helper that said ready
/// takes calls once it was told its tabs again (`replay`), which its owner does as it takes
/// the helper's `helperReturned` from the news queue, from what is current then; until then
/// it counts as starting. Its news and its plugin's events go into that queue directly
/// (`PluginHelperProcess`, `PluginLink`).
final class IsolatedPlugin {
    /// The plugin's name.
    var name: String { helper.manifest.name }
    /// The helper process.
    let helper: PluginHelperProcess
    /// The link that was told its tabs (`replay`); a link of the helper takes calls only then.
    private weak var told: PluginLink?

    /// Drives `helper`.
    init(helper: PluginHelperProcess) {
        self.helper = helper
    }

    /// Starts the helper.
    func start() { helper.start() }

    /// Stops the helper for good (the plugin left the catalog, the daemon stops).
    func stop() { helper.stop() }

    /// The link of a helper that is ready and was told its tabs; nil otherwise.
    private var link: PluginLink? {
        guard let link = helper.link, link === told else { return nil }
        return link
    }

    /// Whether the helper is ready for calls.
    var isUp: Bool { link != nil }

    /// Whether the helper is starting: spawned, and not yet ready and told its tabs, nor ended.
    var isStarting: Bool { helper.status == .starting || (helper.status == .up && link == nil) }

    // MARK: The helper's return

    /// Tells a helper that said ready and was not told yet its tabs (`PluginReplay`: `tabs` with
    /// their stacks, in catalog order, `shown` the tab shown) and then `locale` (PAGE-5, "" for
    /// the default): a helper that came back lost its instances, with their locale. Nothing
    /// goes on its link before. Returns whether it was told.
    @discardableResult
    func replay(_ tabs: [(id: String, stack: [String])], shown: String?, locale: String) -> Bool {
        guard let link = helper.link, link !== told else { return false }
        told = link
        for call in PluginReplay.calls(for: tabs, shown: shown) { send(call) }
        if !locale.isEmpty { for (id, _) in tabs { send(.locale(tabID: id, locale: locale)) } }
        return true
    }

    // MARK: Calls

    /// Sends a call whose answer nobody waits for (a lifecycle or navigation notice, a tab
    /// created or destroyed); dropped while the helper is down, since the replay covers it.
    func send(_ call: PluginLinkCall) {
        link?.call(call) { _ in }
    }

    /// `page` of tab `id`, rendered by the helper.
    func content(of id: String, page: String, answered: @escaping (Result<PluginContent, PluginCallError>) -> Void) {
        call(.render(tabID: id, page: page)) { [name] result in
            answered(
                result.flatMap { reply in
                    guard case .content(let content) = reply else {
                        return .failure(Self.unexpected(reply, plugin: name, tab: id, function: "render"))
                    }
                    return .success(content)
                })
        }
    }

    /// The actions tab `id` accepts now.
    func actions(of id: String, answered: @escaping (Result<[String], PluginCallError>) -> Void) {
        call(.actions(tabID: id)) { [name] result in
            answered(
                result.flatMap { reply in
                    guard case .actions(let names) = reply else {
                        return .failure(Self.unexpected(reply, plugin: name, tab: id, function: "actions"))
                    }
                    return .success(names)
                })
        }
    }

    /// Whether the plugin did what `call` asked (navigate, activate).
    func perform(_ call: PluginLinkCall, of id: String, answered: @escaping (Result<Bool, PluginCallError>) -> Void) {
        self.call(call) { [name] result in
            answered(
                result.flatMap { reply in
                    guard case .done(let done) = reply else {
                        return .failure(Self.unexpected(reply, plugin: name, tab: id, function: call.function))
                    }
                    return .success(done)
                })
        }
    }

    /// Sends `call` and hands its reply on, or the reason there is none as a `PluginCallError`.
    /// The link ends on a reply that does not fit its call, so the callers' `unexpected`
    /// failures only name what a future reply kind would be.
    private func call(_ call: PluginLinkCall, answered: @escaping (Result<PluginLinkReply, PluginCallError>) -> Void) {
        let tab = call.tabID
        guard let link else {
            return answered(.failure(Self.unavailable(name, tab, call.function, because: reason)))
        }
        link.call(call) { [name] result in
            switch result {
            case .success(.failed(let reason)):
                // The helper's words, which a forged frame may fill with escape sequences, reach
                // the log and the caller's error message: their control characters are replaced.
                answered(
                    .failure(
                        PluginCallError(
                            plugin: name, tabID: tab, function: call.function, reason: PluginText.printable(reason))))
            case .success(let reply):
                answered(.success(reply))
            case .failure(let ending):
                answered(.failure(Self.unavailable(name, tab, call.function, because: ending.description)))
            }
        }
    }

    // MARK: Failures

    private static func unavailable(_ plugin: String, _ tab: String, _ function: String, because reason: String)
        -> PluginCallError
    {
        PluginCallError(
            plugin: plugin, tabID: tab, function: function, reason: "failed: the plugin is unavailable (\(reason))")
    }

    /// Why the helper takes no call now.
    private var reason: String {
        switch helper.status {
        case .starting, .up: "its helper is starting"
        case .down(let reason): reason
        case .disabled(let reason): "disabled after repeated failures; last: \(reason)"
        case .stopped: "its helper is stopped"
        }
    }

    private static func unexpected(_ reply: PluginLinkReply, plugin: String, tab: String, function: String)
        -> PluginCallError
    {
        PluginCallError(
            plugin: plugin, tabID: tab, function: function, reason: "failed: its helper answered \(reply.kind)")
    }
}

extension PluginLinkCall {
    /// The tab the call is for.
    var tabID: String {
        switch self {
        case .create(let id), .destroy(let id), .notice(let id, _), .navigate(let id, _), .render(let id, _),
            .actions(let id),
            .activate(let id, _), .locale(let id, _):
            id
        }
    }
}

extension PluginLinkReply {
    /// What kind of reply it is, for a reply that does not fit its call.
    var kind: String {
        switch self {
        case .done: "done"
        case .content: "content"
        case .actions: "actions"
        case .failed: "failed"
        }
    }
}
