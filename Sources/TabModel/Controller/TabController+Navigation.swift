/// Navigation stacks inside tabs (NAV-1, NAV-2). Whether the plugin knows a page is the
/// daemon's question to the plugin, asked before `navigate`; the model checks the rest.
/// Every change comes back as a `NavigationChange` so the daemon tells the plugin.
extension TabController {
    /// Pushes `page` on the stack of catalog tab `id` (`Navigate`, or a plugin's push). Throws
    /// `NoSuchTab`, or `InvalidArgument` for a malformed page or a stack deeper than 32. O(1).
    public mutating func navigate(_ id: String, to page: String) throws(TabError) -> TabEvents {
        try checkNavigate(id, to: page)
        return updateTab(id, [.page, .depth]) { $0.stack.append(page) }
    }

    /// Throws what `navigate` would throw, changing nothing: the daemon asks this before it
    /// asks the plugin whether it knows the page. O(1).
    public func checkNavigate(_ id: String, to page: String) throws(TabError) {
        try requireCatalogTab(id)
        try PageName.validate(page)
        guard runtime[catalogPosition[id]!].stack.count < Self.maximumDepth else {
            throw .invalidArgument(
                "Tab \(quoted: id) is already \(Self.maximumDepth) pages deep; \(quoted: page) cannot be pushed.")
        }
    }

    /// Pops the top page (`Back`). Throws `InvalidArgument` at the root page. O(1).
    public mutating func back(_ id: String) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        guard runtime[catalogPosition[id]!].stack.count > 1 else {
            throw .invalidArgument(
                "Tab \(quoted: id) is at its root page \(quoted: runtime[catalogPosition[id]!].stack[0]); there is nothing to go back to."
            )
        }
        return updateTab(id, [.page, .depth]) { _ = $0.stack.popLast() }
    }

    /// Pops every page above the root (`PopToRoot`); at the root it changes nothing. O(depth).
    public mutating func popToRoot(_ id: String) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        return updateTab(id, [.page, .depth]) { $0.stack.removeSubrange(1...) }
    }
}
