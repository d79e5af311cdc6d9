/// Runtime changes to one catalog tab, from clients (`SetBadge` …) or from its plugin (host
/// callbacks). They work for every catalog tab, in `Tabs` or not (NAV-2). All O(1) (O(bar) for
/// a title change, which re-speaks the accessibility label).
extension TabController {
    /// Sets (`.dot`, `.text`) or clears (nil) the badge (ITEM-4). Throws `NoSuchTab` for a tab
    /// outside the catalog and `InvalidArgument` for text over 64 bytes or a malformed id.
    public mutating func setBadge(_ id: String, to badge: Badge?) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        var normalized = badge
        if case .text(let text) = badge { normalized = try Badge(value: text) }
        return updateTab(id, [.hasBadge, .badgeValue]) { $0.badge = normalized }
    }

    /// Sets the badge color, `#RRGGBB` or empty for the default (ITEM-5); stored uppercased.
    public mutating func setBadgeColor(_ id: String, to color: String) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        try ColorValue.validate(color)
        return updateTab(id, [.badgeColor]) { $0.badgeColor = color.uppercased() }
    }

    /// Enables or disables the tab (ITEM-6): a disabled tab cannot be tapped but can still be
    /// selected programmatically.
    public mutating func setEnabled(_ id: String, _ enabled: Bool) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        return updateTab(id, [.enabled]) { $0.enabled = enabled }
    }

    /// Sets the title at runtime (a plugin's call). Throws `NotSupported` for a system item,
    /// whose title only the daemon gives (ITEM-3). The title then wins over per-locale titles.
    public mutating func setTitle(_ id: String, to title: String) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        if let systemItem = definition(of: id)?.systemItem {
            throw .notSupported(
                "Tab \(quoted: id) is the system item \(quoted: systemItem.rawValue); its title cannot be changed (ITEM-3)."
            )
        }
        return updateTab(id, [.title, .accessibilityLabel]) { $0.title = title }
    }

    /// Sets the icon names at runtime (a plugin's call, ICON-2): they then win over the
    /// manifest's; an empty selected name means "use the icon name". Throws `NotSupported` for
    /// a system item, whose names are the standard ones, and `InvalidArgument` for a malformed
    /// name (ICON-2); on a throw nothing changed.
    public mutating func setIconNames(_ id: String, icon: String, selected: String) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        if let systemItem = definition(of: id)?.systemItem {
            throw .notSupported(
                "Tab \(quoted: id) is the system item \(quoted: systemItem.rawValue); its icon names cannot be changed (ICON-2)."
            )
        }
        try IconName.validate(icon)
        try IconName.validate(selected)
        return updateTab(id, [.iconName, .selectedIconName]) {
            $0.iconName = icon
            $0.selectedIconName = selected
        }
    }

    /// Replaces the icons the plugin drew (ICON-3); an empty list removes them. Throws
    /// `InvalidArgument` for more than 4 sizes, a side outside 1...256, a size that is not
    /// square or bytes that are not `width × height × 4`; the pixmaps set before then stay.
    public mutating func setIconPixmaps(_ id: String, to pixmaps: [IconPixmap]) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        try IconPixmap.validate(pixmaps)
        return updateTab(id, [.iconPixmaps]) { $0.iconPixmaps = pixmaps }
    }

    /// Replaces what `Activate` accepts (a plugin's call). Throws `InvalidArgument` for a bad
    /// action name. O(actions).
    public mutating func setActions(_ id: String, to actions: [String]) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        for action in actions { try ActionName.validate(action) }
        return updateTab(id, [.actions]) { $0.actions = actions }
    }

    /// The plugin says the content changed: bumps `ContentRevision`, which does not move
    /// `Revision`.
    public mutating func contentChanged(_ id: String) throws(TabError) -> TabEvents {
        try requireCatalogTab(id)
        return updateTab(id, [.contentRevision]) { $0.contentRevision += 1 }
    }

    /// Throws unless `action` is one of the tab's `Actions` (NAV-2: `InvalidArgument`), so the
    /// daemon may forward `Activate` to the plugin. Changes nothing. O(actions).
    public func checkAction(_ id: String, _ action: String) throws(TabError) {
        try requireCatalogTab(id)
        guard runtime[catalogPosition[id]!].actions.contains(action) else {
            throw .invalidArgument("Tab \(quoted: id) has no action \(quoted: action).")
        }
    }

    /// Applies `change` to the runtime state of catalog tab `id`, which the caller checked is
    /// there, and announces those of `properties` that changed. It is what observing the scope
    /// of the tab (`ObservationScope.tab`) would announce, without the rest of an observation:
    /// a tab's own state moves nothing of the controller's, of the bar's or of what is shown,
    /// and the tab is looked up once, not once per observation (`SetBadge` is among the
    /// requests callers make most). TabUpdateChangeTests compares the two.
    mutating func updateTab(_ id: String, _ properties: [TabProperty], _ change: (inout TabRuntime) -> Void)
        -> TabEvents
    {
        let position = catalogPosition[id]!
        let before = observed(properties, atCatalogPosition: position)
        change(&runtime[position])
        let after = observed(properties, atCatalogPosition: position)
        var events = TabEvents()
        if noteChanges(ofTab: id, properties, before: before, after: after, from: 0, roomFor: 1, into: &events) {
            moveRevision(announcingIn: &events)
        }
        return events
    }

    /// `properties` of the catalog tab at `position`, observed as a request compares them.
    private func observed(_ properties: [TabProperty], atCatalogPosition position: Int) -> [ObservedTabValue] {
        var values: [ObservedTabValue] = []
        values.reserveCapacity(properties.count)
        observe(properties, atCatalogPosition: position, into: &values)
        return values
    }
}
