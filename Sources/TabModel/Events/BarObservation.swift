/// What an operation may change on one standalone bar: the bar properties and the item
/// properties read before and after it, so that the announced changes are exactly the values
/// that differ. A bar or item that exists on one side only is not compared: it is announced as
/// an object that came or went.
struct BarScope {
    var bar: String
    var properties: [StandaloneBarProperty]
    var items: [String]
    var itemProperties: [BarItemProperty]

    /// Everything about `bar` and every one of its items. O(items).
    static func whole(_ bar: StandaloneBar) -> BarScope {
        BarScope(
            bar: bar.name, properties: StandaloneBarProperty.allCases, items: bar.definedItems.map(\.id),
            itemProperties: BarItemProperty.allCases)
    }

    /// The bar's items and selection, and where each item sits: what `SetItems`, `RemoveItem`
    /// and customization change. O(items).
    static func placement(_ bar: StandaloneBar) -> BarScope {
        BarScope(
            bar: bar.name, properties: [.items, .definedItems, .selectedItem, .customizing],
            items: bar.definedItems.map(\.id), itemProperties: BarItemProperty.placement)
    }

    /// The appearance properties of bar `name` (SBAR-6).
    static func appearance(of name: String) -> BarScope {
        BarScope(
            bar: name, properties: AppearanceProperty.allCases.map { .appearance($0) }, items: [], itemProperties: [])
    }

    /// Whether bar `name` is being customized.
    static func customizing(of name: String) -> BarScope {
        BarScope(bar: name, properties: [.customizing], items: [], itemProperties: [])
    }

    /// Every property of one item of bar `name`, and none of the bar's.
    static func item(_ id: String, of name: String) -> BarScope {
        BarScope(bar: name, properties: [], items: [id], itemProperties: BarItemProperty.allCases)
    }

    /// The selection and the two items it moves between. O(1) items.
    static func selection(_ bar: StandaloneBar, _ items: [String?]) -> BarScope {
        var seen = Set<String>()
        return BarScope(
            bar: bar.name, properties: [.selectedItem],
            items: items.compactMap { $0 }.filter { seen.insert($0).inserted },
            itemProperties: [.selected, .accessibilityLabel])
    }
}

/// The values of one `BarScope` at one moment; nil where the bar or item does not exist.
struct BarObservation {
    var bar: [PropertyValue]?
    var items: [[PropertyValue]?]
}

extension ObservationScope {
    /// Only standalone bars.
    static func bars(_ scopes: [BarScope]) -> ObservationScope {
        ObservationScope(controller: [], tabs: [], tabProperties: [], bars: scopes)
    }
}

extension TabController {
    func observe(_ scope: BarScope) -> BarObservation {
        guard let bar = bars.first(where: { $0.name == scope.bar }) else {
            return BarObservation(bar: nil, items: scope.items.map { _ in nil })
        }
        return BarObservation(
            bar: scope.properties.map { value(of: $0, in: bar) },
            items: scope.items.map { id in
                bar.item(id).map { item in scope.itemProperties.map { value(of: $0, item: item, in: bar) } }
            })
    }

    /// Adds to `events` the bar and item properties that differ between `before` and `after`,
    /// with their durability; returns whether any did (which moves `Revision`, SBAR-1).
    func compare(_ scope: BarScope, before: BarObservation, after: BarObservation, into events: inout TabEvents) -> Bool
    {
        var step = StandaloneBarEvents()
        if let old = before.bar, let new = after.bar {
            let changed = scope.properties.indices.filter { old[$0] != new[$0] }.map { scope.properties[$0] }
            if !changed.isEmpty {
                step.barProperties = [StandaloneBarPropertyChanges(bar: scope.bar, properties: changed)]
                events.durability = max(events.durability, changed.map(\.durability).max()!)
            }
        }
        for (row, id) in scope.items.enumerated() {
            guard let old = before.items[row], let new = after.items[row] else { continue }
            let changed = scope.itemProperties.indices.filter { old[$0] != new[$0] }.map { scope.itemProperties[$0] }
            guard !changed.isEmpty else { continue }
            step.itemProperties.append(
                BarItemPropertyChanges(item: BarItemReference(bar: scope.bar, item: id), properties: changed))
            events.durability = max(events.durability, changed.map(\.durability).max()!)
        }
        events.standaloneBars.absorb(step)
        return !step.barProperties.isEmpty || !step.itemProperties.isEmpty
    }
}
