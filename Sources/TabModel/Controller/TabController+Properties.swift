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
        case .moreTitle: .string(MoreItem.title(language: localeChain.language))
        case .moreIconName: .string(StandardIcons.more)
        case .moreAccessibilityLabel: .string(moreAccessibilityLabel)
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
        case .barStyle, .barTintColor, .tintColor, .unselectedItemTintColor, .translucent, .backgroundImage,
            .shadowImage,
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
        reading(id) { tab in value(of: property, tab) }
    }

    /// The values of several properties of catalog tab `id`, in the order asked, nil when the
    /// catalog has no such tab: the tab is looked up once, not once per property. O(properties).
    public func values(of properties: [TabProperty], tab id: String) -> [PropertyValue]? {
        reading(id) { tab in
            var values: [PropertyValue] = []
            values.reserveCapacity(properties.count)
            for property in properties { values.append(value(of: property, tab)) }
            return values
        }
    }

    /// Appends to `values` what a request compares before and after for several properties of
    /// catalog tab `id`, in the order asked, `absent` for each when the catalog has no such tab: the
    /// values, except that `AccessibilityLabel` is observed through its inputs (A11Y-1).
    /// O(properties).
    func observe(_ properties: [TabProperty], of id: String, into values: inout [ObservedTabValue]) {
        guard let position = catalogPosition[id] else {
            values.append(contentsOf: repeatElement(.absent, count: properties.count))
            return
        }
        observe(properties, atCatalogPosition: position, into: &values)
    }

    /// Like `observe(_:of:into:)`, for the catalog tab at `position` of the catalog, which the
    /// caller looked up. O(properties).
    func observe(_ properties: [TabProperty], atCatalogPosition position: Int, into values: inout [ObservedTabValue]) {
        reading(at: position) { tab in
            for property in properties {
                values.append(
                    property == .accessibilityLabel
                        ? .accessibilityLabel(
                            accessibilityLabelInputs(
                                of: tab.id, at: tab.position, definition: tab.definition, state: tab.state))
                        : .value(value(of: property, tab)))
            }
        }
    }

    /// Hands `receiver` the values of `properties` of every catalog tab, in catalog order, each
    /// tab's between `beginTab` and `endTab` in the order of `properties`. `Describe` reads every
    /// property of every tab: walking the catalog finds each tab's definition and state without
    /// a lookup, its position is looked up once per tab, and no `PropertyValue` is made.
    /// O(tabs × properties).
    public func forEachCatalogTab<Receiver: TabPropertyReceiver>(
        reading properties: [TabProperty], into receiver: inout Receiver
    ) {
        catalog.withUnsafeBufferPointer { definitions in
            runtime.withUnsafeBufferPointer { states in
                for index in definitions.indices {
                    let definition = definitions.baseAddress! + index
                    let tab = TabReading(
                        definition: definition, state: states.baseAddress! + index,
                        position: tabPosition[definition.pointee.id])
                    receiver.beginTab()
                    for property in properties { read(property, of: tab, into: &receiver) }
                    receiver.endTab()
                }
            }
        }
    }

    /// What every property of one catalog tab is read from, looked up once: its definition and
    /// its state where `catalog` and `runtime` store them, valid only while the reading lasts
    /// (`reading(_:_:)`, `forEachCatalogTab`). Pointers, not values: handed on as a value,
    /// borrowed or not, a definition or a state was copied for each call, a retain of every
    /// string and collection in it, and a request reads the tabs it involves twice and the
    /// properties it announces once more.
    struct TabReading {
        let definition: UnsafePointer<TabDefinition>
        let state: UnsafePointer<TabRuntime>
        /// The tab's index in `Tabs`, nil when it is not there.
        let position: Int?

        var id: String { definition.pointee.id }
    }

    /// Lends `body` the reading of catalog tab `id`; nil when the catalog has no such tab.
    func reading<Answer>(_ id: String, _ body: (TabReading) -> Answer) -> Answer? {
        guard let position = catalogPosition[id] else { return nil }
        return reading(at: position, body)
    }

    /// Lends `body` the reading of the catalog tab at `position` of the catalog.
    func reading<Answer>(at position: Int, _ body: (TabReading) -> Answer) -> Answer {
        catalog.withUnsafeBufferPointer { definitions in
            runtime.withUnsafeBufferPointer { states in
                let definition = definitions.baseAddress! + position
                return body(
                    TabReading(
                        definition: definition, state: states.baseAddress! + position,
                        position: tabPosition[definition.pointee.id]))
            }
        }
    }

    /// The placement of the tab at `position` in `Tabs`, `.none` for nil. (A closure over
    /// `placement(ofIndex:)` would copy the whole controller for every tab.)
    private func placement(atIndex position: Int?) -> Placement {
        guard let position else { return .none }
        return placement(ofIndex: position)
    }

    private func value(of property: TabProperty, _ tab: TabReading) -> PropertyValue {
        var receiver = PropertyValueReceiver()
        read(property, of: tab, into: &receiver)
        return receiver.value!
    }

    /// Hands `receiver` the value of `property` of `tab`.
    private func read<Receiver: TabPropertyReceiver>(
        _ property: TabProperty, of tab: TabReading, into receiver: inout Receiver
    ) {
        // Each case reads what it needs from `tab` in place: naming its definition and state
        // first would load every field of both for every property.
        switch property {
        case .id: receiver.receive(tab.id, of: property)
        case .plugin: receiver.receive(tab.definition.pointee.plugin, of: property)
        case .title: receiver.receive(title(of: tab.definition, state: tab.state), of: property)
        case .image:
            receiver.receive(tab.definition.pointee.systemItem?.imageName ?? tab.definition.pointee.image, of: property)
        case .selectedImage:
            receiver.receive(
                tab.definition.pointee.systemItem?.imageName ?? tab.definition.pointee.selectedImage, of: property)
        case .imageRenderingMode: receiver.receive(tab.definition.pointee.imageRenderingMode.rawValue, of: property)
        case .iconName: // ICON-2: a system item's is the standard one, else the plugin's latest, else the manifest's
            receiver.receive(
                tab.definition.pointee.systemItem?.iconName ?? tab.state.pointee.iconName
                    ?? tab.definition.pointee.iconName,
                of: property)
        case .selectedIconName:
            receiver.receive(
                tab.definition.pointee.systemItem?.iconName ?? tab.state.pointee.selectedIconName
                    ?? tab.definition.pointee.selectedIconName, of: property)
        case .iconPixmaps: receiver.receive(tab.state.pointee.iconPixmaps, of: property)
        case .iconThemePath: receiver.receive(tab.definition.pointee.iconThemePath, of: property)
        case .systemItem: receiver.receive(tab.definition.pointee.systemItem?.rawValue ?? "", of: property)
        case .tag: receiver.receive(tab.definition.pointee.tag, of: property)
        case .hasBadge: receiver.receive(tab.state.pointee.badge != nil, of: property)
        case .badgeValue: receiver.receive(tab.state.pointee.badge?.value ?? "", of: property)
        case .badgeColor: receiver.receive(tab.state.pointee.badgeColor, of: property)
        case .enabled: receiver.receive(tab.state.pointee.enabled, of: property)
        case .index: receiver.receive(Int32(tab.position ?? -1), of: property)
        case .placement: receiver.receive(placement(atIndex: tab.position).rawValue, of: property)
        case .customizable:
            receiver.receive(
                tab.position != nil && (everyTabCustomizable || customizableSet.contains(tab.id)), of: property)
        case .selected: receiver.receive(selectedTab == tab.id, of: property)
        case .restorationId: receiver.receive(tab.definition.pointee.restorationId ?? "", of: property)
        case .orientations: receiver.receive(Orientation.names(of: tab.definition.pointee.orientations), of: property)
        case .page: receiver.receive(tab.state.pointee.stack.last!, of: property)
        case .depth: receiver.receive(UInt32(tab.state.pointee.stack.count), of: property)
        case .actions: receiver.receive(tab.state.pointee.actions, of: property)
        case .contentRevision: receiver.receive(tab.state.pointee.contentRevision, of: property)
        case .accessibilityLabel:
            receiver.receive(
                accessibilityLabel(of: tab.id, at: tab.position, definition: tab.definition, state: tab.state),
                of: property)
        }
    }

    /// The value of a property of the controller's bar. O(bar).
    public func value(of property: BarProperty) -> PropertyValue {
        switch property {
        case .items: .strings(barItems)
        case .selectedItem: .string(selectedItem)
        }
    }

    /// MORE-6: the More item's A11Y-1 label, the last bar position, selected while
    /// `SelectedItem` is `@more`; empty while there is no More item. O(1).
    var moreAccessibilityLabel: String {
        moreAccessibilityLabel(under: settings, partition: partition, selectedItem: selectedItem)
    }

    // MARK: Per-tab reads

    /// The localized title of catalog tab `id` (ITEM-2/3, L10N-1), nil when unknown. O(1).
    public func title(of id: String) -> String? {
        reading(id) { tab in title(of: tab.definition, state: tab.state) }
    }

    /// The badge of catalog tab `id` (nil when absent or unknown). O(1).
    public func badge(of id: String) -> Badge? { runtime(of: id)?.badge }

    /// Whether catalog tab `id` is enabled (ITEM-6); false when unknown. O(1).
    public func isEnabled(_ id: String) -> Bool { runtime(of: id)?.enabled ?? false }

    /// The navigation stack of catalog tab `id`, root first (NAV-1); empty when unknown. O(depth).
    public func stack(of id: String) -> [String] { runtime(of: id)?.stack ?? [] }

    /// The `ContentRevision` of catalog tab `id`; 0 when unknown.
    public func contentRevision(of id: String) -> UInt64 { runtime(of: id)?.contentRevision ?? 0 }

    /// The actions catalog tab `id` accepts now; empty when unknown.
    public func actions(of id: String) -> [String] { runtime(of: id)?.actions ?? [] }

    /// The runtime state of catalog tab `id`, nil when the catalog has no such tab. O(1).
    func runtime(of id: String) -> TabRuntime? {
        catalogPosition[id].map { runtime[$0] }
    }

    /// The title of the catalog tab with the definition at `definition` and the state at
    /// `state` (ITEM-2/3, L10N-1); both are read in place, as `TabReading` says why.
    private func title(of definition: UnsafePointer<TabDefinition>, state: UnsafePointer<TabRuntime>) -> String {
        Self.title(of: definition, state: state, in: localeChain)
    }

    /// A11Y-1: bar tabs say their position among the bar items (More included); others their title.
    /// `position` is the tab's index in `Tabs`, nil when it is not there.
    private func accessibilityLabel(
        of id: String, at position: Int?, definition: UnsafePointer<TabDefinition>,
        state: UnsafePointer<TabRuntime>
    ) -> String {
        accessibilityLabelInputs(of: id, at: position, definition: definition, state: state).label
    }

    /// What the A11Y-1 label of tab `id` is made from, without making it.
    private func accessibilityLabelInputs(
        of id: String, at position: Int?, definition: UnsafePointer<TabDefinition>,
        state: UnsafePointer<TabRuntime>
    ) -> AccessibilityLabelInputs {
        accessibilityLabelInputs(
            of: id, at: position, definition: definition, state: state,
            under: settings, partition: partition, showingMore: showsMoreList)
    }
}
