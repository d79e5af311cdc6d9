import TabModel

/// A plugin call a request owes and makes once its reply is sent (`RequestPipeline.carryOut`):
/// the lifecycle notices of a selection, or a tab's navigation stack as the request left it.
enum OwedPluginCall {
    /// The shown tab changed: the old one disappears, the new one appears.
    case show(SelectionTransition)
    /// The tab's stack changed to `stack`, taken when the request changed it.
    case sync(tab: String, stack: [String])
}

extension OwedPluginCall {
    /// The plugin calls `events` owe, in order: the selection's lifecycle notices, then each
    /// changed tab's stack as `stack` gives it after the request.
    static func owed(by events: TabEvents, stack: (String) -> [String]) -> [OwedPluginCall] {
        guard events.selection != nil || !events.navigation.isEmpty else { return [] }
        var calls: [OwedPluginCall] = []
        if let transition = events.selection { calls.append(.show(transition)) }
        for change in events.navigation { calls.append(.sync(tab: change.tab, stack: stack(change.tab))) }
        return calls
    }
}
