/// An isolated plugin as the daemon drives it, on the loop thread: its helper process kept
/// running, every call to it answered later (never waited on), and its tabs carried across
/// the helper's restarts. While the helper is down, a call that wants an answer fails at once
/// saying the plugin is unavailable and why, and a notice is dropped; when the helper is ready
/// again, its tabs are created again with their current stacks and the shown one appears
/// (`PluginReplay`), from what the owner says is current. The owner hears of the helper's
/// return and of each start that settled as news (`PluginNews`), in order with the plugin's.
final class IsolatedPlugin {
    /// The plugin's name.
    var name: String { helper.manifest.name }
    /// The helper process.
    let helper: PluginHelperProcess

    /// The tabs that have an instance, in catalog order, with the stack each was last told
    /// about, and the tab shown: what a helper that comes back is told.
    private let current: () -> (tabs: [(id: String, stack: [String])], shown: String?)
    /// Where the plugin's host callbacks and the helper's news go, on the loop thread.
    private let receive: (PluginNews) -> Void

    /// Drives `helper`; `current` says what a returning helper is told, `receive` takes the
    /// plugin's events and the helper's news.
    init(
        helper: PluginHelperProcess, current: @escaping () -> (tabs: [(id: String, stack: [String])], shown: String?),
        receive: @escaping (PluginNews) -> Void
    ) {
        self.helper = helper
        self.current = current
        self.receive = receive
        helper.onUp = { [unowned self] link in returned(link) }
        helper.onDown = { [unowned self] _ in receive(.helperSettled(plugin: name)) }
        helper.onDisabled = { [unowned self] _ in receive(.helperSettled(plugin: name)) }
    }

    /// Starts the helper.
    func start() { helper.start() }

    /// Stops the helper for good (the plugin left the catalog, the daemon stops).
    func stop() { helper.stop() }

    /// Whether the helper is ready for calls.
    var isUp: Bool { helper.link != nil }

    /// Whether the helper is starting: spawned, neither ready nor ended yet.
    var isStarting: Bool { helper.status == .starting }

    // MARK: Calls

    /// Sends a call whose answer nobody waits for (a lifecycle or navigation notice, a tab
    /// created or destroyed); dropped while the helper is down, since the replay covers it.
    func send(_ call: PluginLinkCall) {
        helper.link?.call(call) { _ in }
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
        guard let link = helper.link else {
            return answered(.failure(unavailable(tab, call.function, because: Self.reason(of: helper.status))))
        }
        link.call(call) { [unowned self] result in
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
                answered(.failure(unavailable(tab, call.function, because: ending.description)))
            }
        }
    }

    // MARK: The helper's return

    private func returned(_ link: PluginLink) {
        link.onEvent = { [unowned self] tab, change in
            receive(.tab(PluginTabEvent(plugin: name, tabID: tab, change: change)))
        }
        let now = current()
        for call in PluginReplay.calls(for: now.tabs, shown: now.shown) { link.call(call) { _ in } }
        receive(.helperReturned(plugin: name))
        receive(.helperSettled(plugin: name))
    }

    // MARK: Failures

    private func unavailable(_ tab: String, _ function: String, because reason: String) -> PluginCallError {
        PluginCallError(
            plugin: name, tabID: tab, function: function, reason: "failed: the plugin is unavailable (\(reason))")
    }

    private static func reason(of status: PluginHelperProcess.Status) -> String {
        switch status {
        case .starting: "its helper is starting"
        case .up: "its helper is ready"
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
