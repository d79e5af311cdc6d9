/// State preservation and restoration (STATE-1..3, and the standalone bars of SBAR-1), `Reset`
/// (STATE-5) and re-reading the configuration. All O(catalog + tabs + bar items).
extension TabController {
    /// The state to save (STATE-1..3). snapshot → restore → snapshot is the identity.
    public func snapshot() -> ControllerSnapshot {
        var states: [String: SavedTabState] = [:]
        for (definition, state) in zip(catalog, runtime) {
            guard let key = definition.restorationId else { continue }
            if state.badge != nil || !state.badgeColor.isEmpty || state.stack.count > 1 {
                states[key] = SavedTabState(badge: state.badge, badgeColor: state.badgeColor, stack: state.stack)
            }
        }
        // The state writer takes a snapshot for every batch it writes, and at 10,000 tabs the
        // lookups were most of it: each tab's reference is made once, from the catalog, and
        // the customizable set, when it is every tab, is `Tabs` itself (`customizableTabs`).
        let references = catalog.map(reference)
        let tabReferences = tabs.map { references[catalogPosition[$0]!] }
        return ControllerSnapshot(
            formatVersion: ControllerSnapshot.currentFormatVersion,
            configuration: configuration,
            catalog: references,
            tabs: tabReferences,
            customizable: everyTabCustomizable
                ? tabReferences : customizableTabs.map { references[catalogPosition[$0]!] },
            selectedTab: selectedTab.map { references[catalogPosition[$0]!] },
            showsMoreList: showsMoreList,
            tabStates: states,
            appearance: appearance,
            maxVisible: maxVisible,
            layout: layout,
            orientation: orientation,
            locale: locale,
            bars: bars.map(SavedBar.init))
    }

    /// Restores `snapshot` over the current configuration (STATE-2/3): per setting, the saved
    /// runtime value persists while its configured value is unchanged since the snapshot, and
    /// the configuration wins (with a note) when it changed. Tabs that no longer exist are
    /// dropped. The standalone bars become the saved ones, each with its saved appearance
    /// whatever the configuration says now (SBAR-1). Open sessions end first. Throws
    /// `InvalidArgument` for an unknown format version or a value out of range (a corrupt
    /// file); then nothing changed.
    public mutating func restore(_ snapshot: ControllerSnapshot) throws(TabError) -> RestoreOutcome {
        try Self.validate(snapshot)
        var saved = snapshot
        // STATE-1: a tab without a restoration id is never restored as the selection; SEL-7
        // falls through to the configured tab. (Re-reading the configuration keeps it: that is
        // no restore.)
        if saved.selectedTab?.restorationId == nil { saved.selectedTab = nil }
        var events = closeSession().events
        events.absorb(endBarSessions { _ in true })
        let scope = wholeScope()
        let before = observe(scope)
        let notes = applyRestoration(saved)
        events.absorb(finish(scope, since: before))
        events.absorb(replaceBars(with: snapshot.bars.map(\.bar)))
        return RestoreOutcome(events: events, notes: notes)
    }

    /// `Reset` (STATE-5): an open session ends first; then tabs, order, customizable set,
    /// appearance, `MaxVisible`, `Layout`, `Locale` and the delegate timeout return to the
    /// configuration, `Orientation` to portrait, every tab is enabled with no badge (nor badge
    /// color) and its stack at root, and the selection follows SEL-7 without restore. The
    /// delegate is released (`releasedDelegate`: the daemon sends it `Release`). Titles and
    /// actions a plugin set stay: they are the plugin's, not the user's. Every standalone bar's
    /// open session ends too, with its signals, and then every bar is removed (SBAR-1).
    public mutating func reset() -> TabEvents {
        var events = closeSession().events
        events.absorb(endBarSessions { _ in true })
        events.absorb(replaceBars(with: []))
        let scope = wholeScope()
        let before = observe(scope)
        let released = delegate
        delegate = nil
        maxVisible = configuration.maxVisible
        layout = configuration.layout
        locale = configuration.locale
        appearance = configuration.appearance.normalized
        delegateTimeoutMs = configuration.delegateTimeoutMs
        delegateTimeoutPolicy = configuration.delegateTimeoutPolicy
        orientation = .portrait
        for (position, definition) in catalog.enumerated() {
            runtime[position].badge = nil
            runtime[position].badgeColor = ""
            runtime[position].enabled = true
            runtime[position].stack = [definition.rootPage]
        }
        applyConfiguredStructure()
        var resetEvents = finish(scope, since: before)
        resetEvents.releasedDelegate = released
        events.absorb(resetEvents)
        return events
    }

    /// Applies a re-read configuration (SIGHUP): settings whose configured value changed take
    /// the new value; the others keep their runtime value (the STATE-2 merge against the
    /// running state). Throws `InvalidArgument` for a value out of range. O(catalog + tabs).
    public mutating func applyConfiguration(_ new: ControllerConfiguration) throws(TabError) -> RestoreOutcome {
        try new.validate()
        var events = closeSession().events
        let running = snapshot()
        let scope = wholeScope()
        let before = observe(scope)
        configuration = new
        let notes = applyRestoration(running)
        events.absorb(finish(scope, since: before))
        return RestoreOutcome(events: events, notes: notes)
    }

    // MARK: Internals

    /// Every controller property and every property of every catalog tab.
    func wholeScope() -> ObservationScope {
        ObservationScope.structure(catalog.map(\.id), tabProperties: TabProperty.allCases)
    }

    func reference(_ definition: TabDefinition) -> TabReference {
        definition.restorationId.map(TabReference.init(restorationId:)) ?? TabReference(id: definition.id)
    }

    static func validate(_ snapshot: ControllerSnapshot) throws(TabError) {
        guard snapshot.formatVersion == ControllerSnapshot.currentFormatVersion else {
            throw .invalidArgument(
                "State format version \(snapshot.formatVersion) is not \(ControllerSnapshot.currentFormatVersion).")
        }
        try ControllerConfiguration.validateMaxVisible(snapshot.maxVisible)
        try LocaleName.validate(snapshot.locale)
        try snapshot.appearance.validate()
        guard snapshot.bars.count <= Self.maximumBars else {
            throw .invalidArgument(
                "The state holds \(snapshot.bars.count) bars; at most \(Self.maximumBars) are allowed.")
        }
        var names = Set<String>()
        for bar in snapshot.bars {
            try bar.validate()
            guard names.insert(bar.name).inserted else {
                throw .invalidArgument("Bar \(quoted: bar.name) is saved twice.")
            }
        }
        for state in snapshot.tabStates.values {
            try ColorValue.validate(state.badgeColor)
            for page in state.stack { try PageName.validate(page) }
            if case .text(let text)? = state.badge { _ = try Badge(value: text) }
        }
    }

    /// The merge of STATE-2 and the tab states of STATE-3. Returns the notes.
    private mutating func applyRestoration(_ saved: ControllerSnapshot) -> [String] {
        let old = saved.configuration
        let new = configuration
        var notes: [String] = []
        func setting<Value: Equatable>(_ name: String, _ configured: KeyPath<ControllerConfiguration, Value>) -> Bool {
            guard old[keyPath: configured] != new[keyPath: configured] else { return false }
            notes.append("Configured \(name) changed since the state was saved; the configuration wins.")
            return true
        }
        let resolver = ReferenceResolver(catalog: catalog)

        maxVisible = setting("max_visible", \.maxVisible) ? new.maxVisible : saved.maxVisible
        layout = setting("layout", \.layout) ? new.layout : saved.layout
        locale = setting("locale", \.locale) ? new.locale : saved.locale
        appearance = mergedAppearance(
            saved.appearance, old: old.appearance.normalized, new: new.appearance.normalized, notes: &notes)
        delegateTimeoutMs = old.delegateTimeoutMs != new.delegateTimeoutMs ? new.delegateTimeoutMs : delegateTimeoutMs
        delegateTimeoutPolicy =
            old.delegateTimeoutPolicy != new.delegateTimeoutPolicy ? new.delegateTimeoutPolicy : delegateTimeoutPolicy

        // Tabs and customizable set: the user's order while the configured lists are unchanged.
        let tabsChanged = setting("tabs", \.tabs)
        let customizableChanged = setting("customizable", \.customizable)
        var ids: [String]
        var movable: Set<String>
        if tabsChanged {
            ids = configuredTabs()
            movable = configuredCustomizable(for: ids)
        } else {
            ids = resolver.resolve(saved.tabs)
            movable = Set(resolver.resolve(saved.customizable))
            if new.tabs == nil {
                // Tabs that joined the catalog since the save join `Tabs` as configured ("all").
                let known = Set(saved.catalog)
                let present = Set(ids)
                for definition in catalog
                where !known.contains(reference(definition)) && !present.contains(definition.id) {
                    ids.append(definition.id)
                    if new.customizable == nil { movable.insert(definition.id) }
                }
            }
            if customizableChanged { movable = configuredCustomizable(for: ids) }
        }
        replaceTabs(with: Array(ids.prefix(Self.maximumTabs)))
        customizableSet = movable.intersection(tabs)

        for (position, definition) in catalog.enumerated() {
            guard let key = definition.restorationId else { continue } // STATE-1
            let state = saved.tabStates[key]
            runtime[position].badge = state?.badge
            runtime[position].badgeColor = state?.badgeColor ?? ""
            let above = state.map { Array($0.stack.dropFirst().prefix(Self.maximumDepth - 1)) } ?? []
            runtime[position].stack = [definition.rootPage] + above
        }

        if supportedOrientations.contains(saved.orientation) { orientation = saved.orientation }

        // SEL-7: the restored selection, by restoration id; the configured one if that changed.
        selectedTab = nil
        showsMoreList = false
        moreResumeTab = nil
        if setting("selected", \.selected) {
            selectConfiguredOrFirst()
        } else if let wanted = saved.selectedTab.flatMap(resolver.resolve), let index = tabPosition[wanted],
            placement(ofIndex: index) != .hidden
        {
            show(tab: wanted)
        } else if saved.showsMoreList && showsMore {
            showMoreList()
        } else {
            selectConfiguredOrFirst() // TOP-3 when the saved tab is now hidden
        }
        return notes
    }

    private func mergedAppearance(_ saved: Appearance, old: Appearance, new: Appearance, notes: inout [String])
        -> Appearance
    {
        var result = saved
        func field<Value: Equatable>(_ name: String, _ path: WritableKeyPath<Appearance, Value>) {
            guard old[keyPath: path] != new[keyPath: path] else { return }
            result[keyPath: path] = new[keyPath: path]
            notes.append("Configured appearance.\(name) changed since the state was saved; the configuration wins.")
        }
        field("bar_style", \.barStyle)
        field("bar_tint_color", \.barTintColor)
        field("tint_color", \.tintColor)
        field("unselected_item_tint_color", \.unselectedItemTintColor)
        field("translucent", \.translucent)
        field("background_image", \.backgroundImage)
        field("shadow_image", \.shadowImage)
        field("selection_indicator_image", \.selectionIndicatorImage)
        field("divider_images", \.dividerImages)
        return result
    }
}

/// Finds today's tab for a saved reference: by restoration id, or by id for a tab that has none.
private struct ReferenceResolver {
    private var byRestorationId: [String: String] = [:]
    private var unrestorable: Set<String> = []

    init(catalog: [TabDefinition]) {
        for definition in catalog {
            if let key = definition.restorationId {
                byRestorationId[key] = definition.id
            } else {
                unrestorable.insert(definition.id)
            }
        }
    }

    func resolve(_ reference: TabReference) -> String? {
        if let key = reference.restorationId { return byRestorationId[key] }
        if let id = reference.id, unrestorable.contains(id) { return id }
        return nil
    }

    /// Resolved ids in order; unknown and repeated references dropped.
    func resolve(_ references: [TabReference]) -> [String] {
        var seen = Set<String>()
        return references.compactMap { resolve($0) }.filter { seen.insert($0).inserted }
    }
}
