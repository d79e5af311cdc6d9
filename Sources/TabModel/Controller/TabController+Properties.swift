/// Every observable value, by property name. The daemon answers every read of a property, and
/// announces every change, from these.
extension TabController {
    /// The value of a controller property. O(1) for scalars, O(tabs) for tab lists.
    public func value(of property: ControllerProperty) -> PropertyValue {
        switch property {
        case .tabs: .strings(tabs)
        case .availableTabs: .strings(catalog.map(\.id))
        case .visibleTabs: .strings(visibleTabs)
        case .moreTabs: .strings(moreTabs)
        case .hiddenTabs: .strings(hiddenTabs)
        case .showsMore: .bool(showsMore)
        case .maxVisible: .uint32(UInt32(maxVisible))
        case .layout: .string(layout.rawValue)
        case .selectedItem: .string(selectedItem)
        case .selectedTab: .string(selectedTab ?? "")
        case .selectedIndex: .int32(Int32(selectedIndex))
        case .customizableTabs: .strings(customizableTabs)
        case .canCustomize: .bool(canCustomize)
        case .customizing: .bool(session != nil)
        case .supportedOrientations: .strings(supportedOrientations.map(\.rawValue))
        case .orientation: .string(orientation.rawValue)
        case .barStyle, .barTintColor, .tintColor, .unselectedItemTintColor, .translucent, .backgroundImage, .shadowImage,
             .selectionIndicatorImage, .effectiveShadowImage, .effectiveBarColor, .dividerImages:
            appearance.value(of: property.appearanceProperty!) // SBAR-6: one reading for every bar
        case .locale: .string(locale)
        case .delegate: .string(delegate?.propertyValue ?? "")
        case .delegateTimeoutMs: .uint32(delegateTimeoutMs)
        case .delegateTimeoutPolicy: .string(delegateTimeoutPolicy.rawValue)
        case .revision: .uint64(revision)
        }
    }

    /// The value of a property of catalog tab `id`, nil when the catalog has no such tab. O(1)
    /// (O(bar) for `AccessibilityLabel` of a bar tab).
    public func value(of property: TabProperty, tab id: String) -> PropertyValue? {
        guard let tab = place(of: id) else { return nil }
        return lending(tab) { definition, state in value(of: property, definition, state, at: tab.position) }
    }

    /// The values of several properties of catalog tab `id`, in the order asked, nil when the
    /// catalog has no such tab: the tab is looked up once, not once per property. O(properties).
    public func values(of properties: [TabProperty], tab id: String) -> [PropertyValue]? {
        guard let tab = place(of: id) else { return nil }
        var values: [PropertyValue] = []
        values.reserveCapacity(properties.count)
        lending(tab) { definition, state in
            for property in properties { values.append(value(of: property, definition, state, at: tab.position)) }
        }
        return values
    }

    /// What a request compares before and after for several properties of catalog tab `id`, in
    /// the order asked, nil when the catalog has no such tab: the values, except that
    /// `AccessibilityLabel` is observed through its inputs (A11Y-1). O(properties).
    func observedValues(of properties: [TabProperty], tab id: String) -> [ObservedTabValue]? {
        guard let tab = place(of: id) else { return nil }
        var values: [ObservedTabValue] = []
        values.reserveCapacity(properties.count)
        lending(tab) { definition, state in
            for property in properties {
                values.append(property == .accessibilityLabel
                    ? .accessibilityLabel(accessibilityLabelInputs(of: id, at: tab.position, definition: definition,
                                                                   state: state))
                    : .value(value(of: property, definition, state, at: tab.position)))
            }
        }
        return values
    }

    /// Hands `body` the values of `properties` of every catalog tab, in catalog order, in one
    /// array reused from tab to tab (`body` must not keep it). `Describe` reads every property
    /// of every tab: walking the catalog finds each tab's definition without a lookup, and its
    /// state and position are looked up once per tab. O(tabs × properties).
    public func forEachCatalogTab(reading properties: [TabProperty], _ body: ([PropertyValue]) -> Void) {
        var values: [PropertyValue] = []
        values.reserveCapacity(properties.count)
        for definition in catalog {
            guard let state = runtime[definition.id] else { continue }
            let position = tabPosition[definition.id]
            values.removeAll(keepingCapacity: true)
            withUnsafePointer(to: definition) { definition in
                for property in properties { values.append(value(of: property, definition, state, at: position)) }
            }
            body(values)
        }
    }

    /// Where every property of one catalog tab is read from, looked up once: places, not
    /// values, so that the definition is read where it is stored and the state copied once per
    /// read (`lending`). A copy of a definition or a state retains every string and collection
    /// in it, and a request reads the tabs it involves twice, and their changed properties once
    /// more.
    private struct TabPlace {
        /// The definition's index in `catalog`.
        let definition: Int
        /// The state's index in `runtime`.
        let state: Dictionary<String, TabRuntime>.Index
        /// The tab's index in `Tabs`, nil when it is not there.
        let position: Int?
    }

    private func place(of id: String) -> TabPlace? {
        guard let definition = catalogPosition[id], let state = runtime.index(forKey: id) else { return nil }
        return TabPlace(definition: definition, state: state, position: tabPosition[id])
    }

    /// Lends `body` the definition and the state of the catalog tab at `tab`: a pointer to the
    /// definition where the catalog's buffer holds it (an array's subscript hands out a copy,
    /// and so does a value passed on, borrowed or not; see `title(of:state:)`), the state copied
    /// once for all the properties read (a dictionary lends its values no other way). The
    /// pointer is valid only inside `body`.
    private func lending<Answer>(_ tab: TabPlace, _ body: (UnsafePointer<TabDefinition>, borrowing TabRuntime) -> Answer) -> Answer {
        let state = runtime.values[tab.state]
        return catalog.withUnsafeBufferPointer { body($0.baseAddress! + tab.definition, state) }
    }

    /// The placement of the tab at `position` in `Tabs`, `.none` for nil. (A closure over
    /// `placement(ofIndex:)` would copy the whole controller for every tab.)
    private func placement(atIndex position: Int?) -> Placement {
        guard let position else { return .none }
        return placement(ofIndex: position)
    }

    /// The value of `property` of the catalog tab with the definition at `definition` and
    /// `state`, at `position` in `Tabs` (nil when it is not there); only what the value holds is
    /// copied.
    private func value(of property: TabProperty, _ definition: UnsafePointer<TabDefinition>, _ state: borrowing TabRuntime,
                       at position: Int?) -> PropertyValue {
        switch property {
        case .id: .string(definition.pointee.id)
        case .plugin: .string(definition.pointee.plugin)
        case .title: .string(title(of: definition, state: state))
        case .image: .string(definition.pointee.systemItem?.imageName ?? definition.pointee.image)
        case .selectedImage: .string(definition.pointee.systemItem?.imageName ?? definition.pointee.selectedImage)
        case .imageRenderingMode: .string(definition.pointee.imageRenderingMode.rawValue)
        case .systemItem: .string(definition.pointee.systemItem?.rawValue ?? "")
        case .tag: .int32(definition.pointee.tag)
        case .hasBadge: .bool(state.badge != nil)
        case .badgeValue: .string(state.badge?.value ?? "")
        case .badgeColor: .string(state.badgeColor)
        case .enabled: .bool(state.enabled)
        case .index: .int32(Int32(position ?? -1))
        case .placement: .string(placement(atIndex: position).rawValue)
        case .customizable: .bool(position != nil && (everyTabCustomizable || customizableSet.contains(definition.pointee.id)))
        case .selected: .bool(selectedTab == definition.pointee.id)
        case .restorationId: .string(definition.pointee.restorationId ?? "")
        case .orientations: .strings(definition.pointee.orientations.sorted().map(\.rawValue))
        case .page: .string(state.stack.last!)
        case .depth: .uint32(UInt32(state.stack.count))
        case .actions: .strings(state.actions)
        case .contentRevision: .uint64(state.contentRevision)
        case .accessibilityLabel: .string(accessibilityLabel(of: definition.pointee.id, at: position, definition: definition, state: state))
        }
    }

    /// The value of a property of the controller's bar. O(bar).
    public func value(of property: BarProperty) -> PropertyValue {
        switch property {
        case .items: .strings(barItems)
        case .selectedItem: .string(selectedItem)
        }
    }

    // MARK: Per-tab reads

    /// The localized title of catalog tab `id` (ITEM-2/3, L10N-1), nil when unknown. O(1).
    public func title(of id: String) -> String? {
        guard let position = catalogPosition[id], let state = runtime[id] else { return nil }
        return catalog.withUnsafeBufferPointer { title(of: $0.baseAddress! + position, state: state) }
    }

    /// The badge of catalog tab `id` (nil when absent or unknown). O(1).
    public func badge(of id: String) -> Badge? { runtime[id]?.badge }

    /// Whether catalog tab `id` is enabled (ITEM-6); false when unknown. O(1).
    public func isEnabled(_ id: String) -> Bool { runtime[id]?.enabled ?? false }

    /// The navigation stack of catalog tab `id`, root first (NAV-1); empty when unknown. O(depth).
    public func stack(of id: String) -> [String] { runtime[id]?.stack ?? [] }

    /// The actions catalog tab `id` accepts now; empty when unknown.
    public func actions(of id: String) -> [String] { runtime[id]?.actions ?? [] }

    /// The title of the catalog tab whose definition is at `definition` (ITEM-2/3, L10N-1).
    ///
    /// The definitions are read where the catalog stores them, through a pointer, by this and
    /// the reads below: one handed over as a value, borrowed or not, was copied for the call,
    /// a retain of each of its strings and collections.
    private func title(of definition: UnsafePointer<TabDefinition>, state: borrowing TabRuntime) -> String {
        if let systemItem = definition.pointee.systemItem { return systemItem.title(language: localeChain.language) } // ITEM-3
        if let title = state.title { return title }
        return localeChain.pick(definition.pointee.localizedTitles) ?? definition.pointee.title // L10N-1, ITEM-2
    }

    /// A11Y-1: bar tabs say their position among the bar items (More included); others their title.
    /// `position` is the tab's index in `Tabs`, nil when it is not there.
    private func accessibilityLabel(of id: String, at position: Int?, definition: UnsafePointer<TabDefinition>,
                                    state: borrowing TabRuntime) -> String {
        accessibilityLabelInputs(of: id, at: position, definition: definition, state: state).label
    }

    /// What the A11Y-1 label of tab `id` is made from, without making it.
    private func accessibilityLabelInputs(of id: String, at position: Int?, definition: UnsafePointer<TabDefinition>,
                                          state: borrowing TabRuntime) -> AccessibilityLabelInputs {
        let title = title(of: definition, state: state)
        guard let index = position, placement(ofIndex: index) == .bar else { return AccessibilityLabelInputs(title: title, place: nil) }
        let place = AccessibilityLabelInputs.BarPlace(position: index + 1, count: barTabCount + (showsMore ? 1 : 0),
                                                      selected: selectedTab == id && !showsMoreList,
                                                      phrasing: AccessibilityPhrasing(language: localeChain.language))
        return AccessibilityLabelInputs(title: title, place: place)
    }
}
