/// What a plugin's helper is told when it comes back after it ended: it lost every instance,
/// so each of its tabs that had one is created again, in catalog order, and taken up its
/// current navigation stack page by page (NAV-2: a fresh instance stands at its root page);
/// then the tab shown, if it is one of them, appears in UIKit's order, will before did, as at
/// the daemon's start. Nothing else is replayed: the model kept the badges, titles and stacks.
enum PluginReplay {
    /// The calls, in order, for `tabs` (id and current stack, root first, in catalog order)
    /// when `shown` is the tab shown (nil for the More list or no tab).
    static func calls(for tabs: [(id: String, stack: [String])], shown: String?) -> [PluginLinkCall] {
        var calls: [PluginLinkCall] = []
        for (id, stack) in tabs {
            calls.append(.create(tabID: id))
            for page in stack.dropFirst() { calls.append(.navigate(tabID: id, page: page)) }
        }
        if let shown, tabs.contains(where: { $0.id == shown }) {
            calls.append(.notice(tabID: shown, .willAppear))
            calls.append(.notice(tabID: shown, .didAppear))
        }
        return calls
    }
}
