/// Everything one request changed, for the daemon to announce: property changes (one
/// `PropertiesChanged` per object), signals in order, plugin notifications, and how soon the
/// new state must be on disk. Empty when the request was a no-op.
public struct TabEvents: Equatable, Sendable {
    /// Controller properties whose value changed, in `ControllerProperty` order; includes
    /// `Revision` whenever it moved.
    public internal(set) var controllerProperties: [ControllerProperty] = []
    /// Per tab (in a stable order), the properties whose value changed.
    public internal(set) var tabProperties: [TabPropertyChanges] = []
    /// Properties of the bar object that changed.
    public internal(set) var barProperties: [BarProperty] = []
    /// Signals to emit, in order, after the property changes.
    public internal(set) var signals: [DelegateSignal] = []
    /// Set when the shown content changed (plugin lifecycle order).
    public internal(set) var selection: SelectionTransition?
    /// Tabs whose navigation stack changed; their plugins render the new top page.
    public internal(set) var navigation: [NavigationChange] = []
    /// Tabs that joined the catalog (`InterfacesAdded`).
    public internal(set) var catalogAdded: [String] = []
    /// Tabs that left the catalog (`InterfacesRemoved`).
    public internal(set) var catalogRemoved: [String] = []
    /// The catalog's definitions were replaced (a reload): a tab's title in a locale other than
    /// the controller's may have changed with no property of the controller's changing.
    public internal(set) var definitionsReplaced = false
    /// Standalone bars and their items: objects, property changes and signals (SBAR-1..5).
    public internal(set) var standaloneBars = StandaloneBarEvents()
    /// A delegate the daemon stopped using while it is still on the bus: send it `Release`.
    public internal(set) var releasedDelegate: DelegateRegistration?
    /// STATE-4: the strongest durability class among the changes.
    public internal(set) var durability: Durability = .none

    /// Nothing to announce.
    public init() {}

    /// Whether the request changed nothing observable and emits nothing.
    public var isEmpty: Bool {
        controllerProperties.isEmpty && tabProperties.isEmpty && barProperties.isEmpty && signals.isEmpty
            && catalogAdded.isEmpty && catalogRemoved.isEmpty && releasedDelegate == nil && standaloneBars.isEmpty
    }

    /// The properties that changed on `tab`, empty if none. O(changed tabs).
    public func properties(of tab: String) -> [TabProperty] {
        tabProperties.first { $0.tab == tab }?.properties ?? []
    }
}

extension TabEvents {
    /// Appends the events of a later step of the same request: property sets are unioned
    /// (keeping `ControllerProperty` order), signals and navigation appended in order, the
    /// selection transition spans both steps.
    mutating func absorb(_ later: TabEvents) {
        let controller = Set(controllerProperties).union(later.controllerProperties)
        controllerProperties = ControllerProperty.allCases.filter { controller.contains($0) }
        tabProperties.merge(later.tabProperties, order: TabProperty.allCases)
        let bar = Set(barProperties).union(later.barProperties)
        barProperties = BarProperty.allCases.filter { bar.contains($0) }
        signals += later.signals
        navigation += later.navigation
        catalogAdded += later.catalogAdded
        catalogRemoved += later.catalogRemoved
        definitionsReplaced = definitionsReplaced || later.definitionsReplaced
        standaloneBars.absorb(later.standaloneBars)
        releasedDelegate = releasedDelegate ?? later.releasedDelegate
        durability = max(durability, later.durability)
        switch (selection, later.selection) {
        case (nil, let second): selection = second
        case (let first?, let second?):
            selection = first.from == second.to ? nil : SelectionTransition(from: first.from, to: second.to)
        default: break
        }
    }
}

/// The properties of one tab object that changed, for its `PropertiesChanged`.
public struct TabPropertyChanges: Equatable, Sendable {
    /// The tab id.
    public var tab: String
    /// Its changed properties, in `TabProperty` order.
    public var properties: [TabProperty]
}
