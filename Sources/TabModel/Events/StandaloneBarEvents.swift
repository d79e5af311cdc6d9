/// What one request changed on standalone bars, for the daemon to announce in this order: new
/// bar and item objects, one property change per object, the bar signals in order, then the
/// departed item and bar objects. Part of `TabEvents`.
public struct StandaloneBarEvents: Equatable, Sendable {
    /// Bars created (SBAR-1), in creation order.
    public internal(set) var barsAdded: [String] = []
    /// Items defined (SBAR-2), with the bars they belong to.
    public internal(set) var itemsAdded: [BarItemReference] = []
    /// Per bar, the properties whose value changed.
    public internal(set) var barProperties: [StandaloneBarPropertyChanges] = []
    /// Per item, the properties whose value changed.
    public internal(set) var itemProperties: [BarItemPropertyChanges] = []
    /// Signals to emit, in order, after the property changes.
    public internal(set) var signals: [BarSignal] = []
    /// Items removed, by `RemoveItem` or with their bar.
    public internal(set) var itemsRemoved: [BarItemReference] = []
    /// Bars removed.
    public internal(set) var barsRemoved: [String] = []

    /// Nothing to announce.
    public init() {}

    /// Whether nothing changed and nothing is emitted.
    public var isEmpty: Bool {
        !changesObjects && barProperties.isEmpty && itemProperties.isEmpty && signals.isEmpty
    }

    /// Whether objects come or go: that changes `Bars` or `DefinedItems` and moves `Revision`.
    var changesObjects: Bool {
        !barsAdded.isEmpty || !itemsAdded.isEmpty || !itemsRemoved.isEmpty || !barsRemoved.isEmpty
    }

    /// The properties that changed on bar `name`, empty if none.
    public func properties(ofBar name: String) -> [StandaloneBarProperty] {
        barProperties.first { $0.bar == name }?.properties ?? []
    }

    /// The properties that changed on item `id` of bar `name`, empty if none.
    public func properties(ofItem id: String, bar name: String) -> [BarItemProperty] {
        itemProperties.first { $0.item == BarItemReference(bar: name, item: id) }?.properties ?? []
    }

    /// Appends the events of a later step of the same request: property sets unioned per object
    /// (in each enum's order), signals and objects appended in order.
    mutating func absorb(_ later: StandaloneBarEvents) {
        barsAdded += later.barsAdded
        itemsAdded += later.itemsAdded
        barProperties.merge(later.barProperties, order: StandaloneBarProperty.allCases)
        itemProperties.merge(later.itemProperties, order: BarItemProperty.allCases)
        signals += later.signals
        itemsRemoved += later.itemsRemoved
        barsRemoved += later.barsRemoved
    }
}

/// An item of a standalone bar, named by its bar and its id.
public struct BarItemReference: Hashable, Sendable {
    /// The bar's name.
    public var bar: String
    /// The item's id on that bar.
    public var item: String

    /// A reference.
    public init(bar: String, item: String) {
        self.bar = bar
        self.item = item
    }
}

/// The properties of one standalone bar that changed, for its `PropertiesChanged`.
public struct StandaloneBarPropertyChanges: Equatable, Sendable {
    /// The bar's name.
    public var bar: String
    /// Its changed properties, in `StandaloneBarProperty.allCases` order.
    public var properties: [StandaloneBarProperty]
}

/// The properties of one item that changed, for its `PropertiesChanged`.
public struct BarItemPropertyChanges: Equatable, Sendable {
    /// The item.
    public var item: BarItemReference
    /// Its changed properties, in `BarItemProperty` order.
    public var properties: [BarItemProperty]
}
