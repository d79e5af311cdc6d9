/// Setting the controller's tabs and their customizable subset (TABS-1..7, CUST-1, CUST-8).
extension TabController {
    /// Replaces `Tabs` (TABS-1..5). Throws `Busy` during a session (CUST-8), `InvalidArgument`
    /// for more than 10,000 ids (TABS-7), a malformed (ID-1) or repeated id, `NoSuchTab` for an
    /// id outside the catalog. Keeps the selection (TABS-2), resets `CustomizableTabs` to all
    /// tabs (TABS-3); an identical list is a no-op (TABS-4). O(old + new tabs).
    public mutating func setTabs(_ ids: [String]) throws(TabError) -> TabEvents {
        try requireNoSession(for: "SetTabs")
        try validateTabList(ids)
        if ids == tabs { return TabEvents() } // TABS-4
        let scope = ObservationScope.structure(tabs + ids)
        let before = observe(scope)
        let previousIndex = selectedIndex
        replaceTabs(with: ids)
        customizableSet = Set(ids) // TABS-3
        settleSelection(previousIndex: previousIndex) // TABS-2
        return finish(scope, since: before)
    }

    /// Inserts catalog tab `id` at `position` (-1 appends), as `SetTabs` with the edited list
    /// (TABS-6). Throws `IndexOutOfRange` for a position below -1 or above the count,
    /// `InvalidArgument` when `id` is already in `Tabs`, plus `SetTabs`'s errors. O(tabs).
    public mutating func addTab(_ id: String, at position: Int = -1) throws(TabError) -> TabEvents {
        try requireNoSession(for: "AddTab")
        try requireCatalogTab(id)
        guard tabPosition[id] == nil else { throw .invalidArgument("Tab \(quoted: id) is already in Tabs.") }
        guard position >= -1, position <= tabs.count else { throw .indexOutOfRange(position, count: tabs.count + 1) }
        var edited = tabs
        edited.insert(id, at: position == -1 ? tabs.count : position)
        return try setTabs(edited)
    }

    /// Removes `id` from `Tabs`, as `SetTabs` with the edited list (TABS-6). Throws `NoSuchTab`
    /// when it is not in `Tabs`. O(tabs).
    public mutating func removeTab(_ id: String) throws(TabError) -> TabEvents {
        try requireNoSession(for: "RemoveTab")
        let index = try requireTab(id)
        var edited = tabs
        edited.remove(at: index)
        return try setTabs(edited)
    }

    /// Sets the customizable subset (CUST-1). Throws `Busy` during a session (CUST-8),
    /// `InvalidArgument` for a malformed, repeated or non-member id. Order is irrelevant;
    /// the same set is a no-op. O(tabs).
    public mutating func setCustomizable(_ ids: [String]) throws(TabError) -> TabEvents {
        try requireNoSession(for: "SetCustomizable")
        var wanted = Set<String>()
        for id in ids {
            try TabIdentifier.validate(id)
            guard tabPosition[id] != nil else {
                throw .invalidArgument("Tab \(quoted: id) is not in Tabs, so it cannot be customizable.")
            }
            guard wanted.insert(id).inserted else { throw .invalidArgument("Tab \(quoted: id) is listed twice.") }
        }
        if wanted == customizableSet { return TabEvents() }
        let scope = ObservationScope.structure(tabs, tabProperties: [.customizable])
        let before = observe(scope)
        customizableSet = wanted
        return finish(scope, since: before)
    }

    /// TABS-1, TABS-7, ID-1 for a whole list. O(ids).
    func validateTabList(_ ids: [String]) throws(TabError) {
        guard ids.count <= Self.maximumTabs else {
            throw .invalidArgument("\(ids.count) tabs given; at most \(Self.maximumTabs) are allowed.")
        }
        var seen = Set<String>()
        seen.reserveCapacity(ids.count)
        for id in ids {
            try requireCatalogTab(id)
            guard seen.insert(id).inserted else { throw .invalidArgument("Tab \(quoted: id) is listed twice.") }
        }
    }

    /// CUST-8: structural changes wait until the session ends, for its owner too.
    func requireNoSession(for member: String) throws(TabError) {
        if let session {
            throw .busy("\(member) is refused while the customization session of \(session.owner) is open.")
        }
    }
}
