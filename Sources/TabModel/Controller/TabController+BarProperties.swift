/// Every observable value of the standalone bars and their items (SBAR-1..7). The daemon
/// answers `Get`, `GetAll` and `PropertiesChanged` of bar and item objects from these.
extension TabController {
    /// The names of the standalone bars, in creation order (`Bars`). O(bars).
    public var barNames: [String] { bars.map(\.name) }

    /// The standalone bar `name`, or nil. O(bars).
    public func bar(named name: String) -> StandaloneBar? { bars.first { $0.name == name } }

    /// The value of a property of bar `name`, nil when there is no such bar. O(items) for the
    /// lists, else O(1) after the lookup.
    public func value(of property: StandaloneBarProperty, bar name: String) -> PropertyValue? {
        bar(named: name).map { value(of: property, in: $0) }
    }

    /// The value of a property of item `id` of bar `name`, nil when either does not exist.
    /// O(bars).
    public func value(of property: BarItemProperty, item id: String, bar name: String) -> PropertyValue? {
        guard let bar = bar(named: name), let item = bar.item(id) else { return nil }
        return value(of: property, item: item, in: bar)
    }

    func value(of property: StandaloneBarProperty, in bar: StandaloneBar) -> PropertyValue {
        switch property {
        case .name: .string(bar.name)
        case .items: .strings(bar.items)
        case .definedItems: .strings(bar.definedItems.map(\.id))
        case .selectedItem: .string(bar.selectedItem ?? "")
        case .customizing: .bool(bar.session != nil)
        case .appearance(let look): bar.appearance.value(of: look) // SBAR-6: the controller's reading
        }
    }

    func value(of property: BarItemProperty, item: BarItem, in bar: StandaloneBar) -> PropertyValue {
        switch property {
        case .id: .string(item.id)
        case .title: .string(item.title(language: localeChain.language))
        case .image: .string(item.shownImage)
        case .selectedImage: .string(item.shownSelectedImage)
        case .iconName: .string(item.shownIconName)
        case .selectedIconName: .string(item.shownSelectedIconName)
        case .imageRenderingMode: .string(item.imageRenderingMode.rawValue)
        case .tag: .int32(item.tag)
        case .badgeColor: .string(item.badgeColor)
        case .enabled: .bool(item.enabled)
        case .systemItem: .string(item.systemItem?.rawValue ?? "")
        case .hasBadge: .bool(item.badge != nil)
        case .badgeValue: .string(item.badge?.value ?? "")
        case .onBar: .bool(bar.position(of: item.id) != nil)
        case .index: .int32(Int32(bar.position(of: item.id) ?? -1))
        case .selected: .bool(bar.selectedItem == item.id)
        case .accessibilityLabel: .string(accessibilityLabel(of: item, in: bar))
        }
    }

    /// SBAR-7: an item on the bar says its position among the bar's items (there is no More
    /// item), and whether it is selected, as A11Y-1 phrases it; an item off the bar its title.
    func accessibilityLabel(of item: BarItem, in bar: StandaloneBar) -> String {
        let title = item.title(language: localeChain.language)
        guard let index = bar.position(of: item.id) else { return title }
        return AccessibilityPhrasing(language: localeChain.language)
            .label(title: title, selected: bar.selectedItem == item.id, position: index + 1, count: bar.items.count)
    }
}
