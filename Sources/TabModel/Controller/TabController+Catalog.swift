/// Replacing the catalog when plugins are rescanned (SIGHUP): tabs that left the catalog leave
/// `Tabs`; tabs that joined it join `Tabs` when the configuration lists no tabs of its own.
extension TabController {
    /// Replaces the catalog. Throws `InvalidArgument` for an invalid or duplicate id (or
    /// restoration id); then nothing changed. An open session ends first. Runtime state of
    /// tabs that stay is kept (the stack's root follows a changed root page; a changed action
    /// list replaces the current one). `catalogAdded` / `catalogRemoved` list the tab objects
    /// to add and remove; property changes are reported for tabs present before and after.
    /// O(old + new catalog).
    public mutating func replaceCatalog(_ definitions: [TabDefinition]) throws(TabError) -> TabEvents {
        let positions = try Self.validatedCatalog(definitions)
        var events = closeSession().events
        let staying = catalog.map(\.id).filter { positions[$0] != nil }
        let scope = ObservationScope.structure(staying, tabProperties: TabProperty.allCases)
        let before = observe(scope)
        let previousIndex = selectedIndex
        let removed = catalog.map(\.id).filter { positions[$0] == nil }
        let added = definitions.map(\.id).filter { catalogPosition[$0] == nil }

        var newRuntime: [TabRuntime] = []
        newRuntime.reserveCapacity(definitions.count)
        for definition in definitions {
            guard let position = catalogPosition[definition.id] else {
                newRuntime.append(TabRuntime(definition))
                continue
            }
            let old = catalog[position]
            var state = runtime[position]
            if old.rootPage != definition.rootPage { state.stack[0] = definition.rootPage }
            if old.actions != definition.actions { state.actions = definition.actions }
            if definition.systemItem != nil { state.title = nil } // ITEM-3
            newRuntime.append(state)
        }
        catalog = definitions
        catalogPosition = positions
        runtime = newRuntime

        var ids = tabs.filter { positions[$0] != nil }
        if configuration.tabs == nil {
            ids += added.prefix(max(0, Self.maximumTabs - ids.count))
            if configuration.customizable == nil { customizableSet.formUnion(added) }
        }
        replaceTabs(with: ids)
        customizableSet.formIntersection(ids)
        if let resume = moreResumeTab, positions[resume] == nil { moreResumeTab = nil }
        if let current = selectedTab, positions[current] == nil { selectedTab = nil }
        settleSelection(previousIndex: previousIndex)

        var changes = finish(scope, since: before)
        changes.catalogAdded = added
        changes.catalogRemoved = removed
        changes.definitionsReplaced = true
        events.absorb(changes)
        return events
    }
}
