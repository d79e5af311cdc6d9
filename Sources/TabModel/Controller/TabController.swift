/// The tab bar controller: a headless UITabBarController (semantics.md). A value: the daemon
/// owns one and mutates it on its loop thread. Every mutating operation either throws a
/// `TabError` having changed nothing (ERR-2) or returns the `TabEvents` it caused; there are
/// no callbacks, no clock and no I/O.
///
/// Reads are O(1) or O(bar size) unless they return a list of tabs (O(tabs)): an id → index
/// map keeps `Select` at 10,000 tabs as cheap as at 10.
public struct TabController: Equatable, Sendable {
    /// TABS-7.
    public static let maximumTabs = 10_000
    /// NAV-2: the deepest navigation stack.
    public static let maximumDepth = 32

    // MARK: Catalog

    /// Every tab the loaded plugins offer, in load order (`AvailableTabs`).
    public internal(set) var catalog: [TabDefinition]
    var catalogPosition: [String: Int]
    /// Each catalog tab's runtime state, at the tab's catalog position: walking the catalog
    /// (`Describe`) reads a tab's state without a lookup.
    var runtime: [TabRuntime]

    // MARK: Structure

    /// The controller's tabs in order (`Tabs`).
    public internal(set) var tabs: [String]
    var tabPosition: [String: Int]
    /// The customizable subset of `tabs` (CUST-1), unordered.
    public internal(set) var customizableSet: Set<String>
    /// MaxVisible, Layout, Orientation and Locale: what the controller's own presentation is
    /// computed with, by the function every view's is computed with (VIEW-2).
    public internal(set) var settings: PresentationSettings
    /// MORE-1.
    public internal(set) var maxVisible: Int {
        get { settings.maxVisible }
        set { settings.maxVisible = newValue }
    }
    /// Bottom or top.
    public internal(set) var layout: TabLayout {
        get { settings.layout }
        set { settings.layout = newValue }
    }
    /// ORI-2, cached: recomputed whenever `tabs` or the catalog changes.
    public internal(set) var supportedOrientations: [Orientation]

    // MARK: Selection

    /// The tab whose content is shown (`SelectedTab`), nil while the More list or nothing is shown.
    public internal(set) var selectedTab: String?
    /// Whether the More list itself is shown (SEL-5).
    public internal(set) var showsMoreList: Bool
    /// The More-list tab last shown inside More, for TAP-3's "More as it was left".
    var moreResumeTab: String?

    // MARK: Sessions, delegate, settings

    /// The open customization session, if any (CUST-3/4).
    public internal(set) var session: CustomizationSession?
    /// LOOK-1..7.
    public internal(set) var appearance: Appearance {
        get { sharedAppearance.value }
        set { sharedAppearance = SharedValue(newValue) }
    }
    /// `appearance`, behind one reference: it changes only when a client sets it, and every
    /// copy of the controller would otherwise retain each of its strings.
    private var sharedAppearance: SharedValue<Appearance>
    /// ORI-3.
    public internal(set) var orientation: Orientation {
        get { settings.orientation }
        set { settings.orientation = newValue }
    }
    /// The active locale (L10N-1).
    public internal(set) var locale: String {
        get { settings.locale }
        set { settings.locale = newValue }
    }
    /// `locale` parsed once, for per-tab title lookups.
    var localeChain: LocaleChain { settings.localeChain }
    /// The registered delegate.
    public internal(set) var delegate: DelegateRegistration?
    /// How long a tap waits for the delegate.
    public internal(set) var delegateTimeoutMs: UInt32
    /// TAP-5.
    public internal(set) var delegateTimeoutPolicy: DelegateTimeoutPolicy
    /// What the controller was built from and what `Reset` returns to.
    public internal(set) var configuration: ControllerConfiguration {
        get { sharedConfiguration.value }
        set { sharedConfiguration = SharedValue(newValue) }
    }
    /// `configuration`, behind one reference: it changes only at a reload, and every copy of
    /// the controller would otherwise retain each of its strings and lists.
    private var sharedConfiguration: SharedValue<ControllerConfiguration>
    /// `Revision`: moves exactly when an announced property changes.
    public internal(set) var revision: UInt64 = 0

    // MARK: Standalone bars

    /// The standalone bars, in creation order (SBAR-1): independent of the controller's tabs.
    public internal(set) var bars: [StandaloneBar] = []

    /// Builds a controller from the plugins' catalog and a configuration, with the selection of
    /// SEL-7 (no restore: call `restore(_:)` next). Throws `InvalidArgument` for an invalid or
    /// duplicate catalog id, a definition that fails `validate()`, or a configuration value out
    /// of range. Configured tabs the catalog lacks are left out (see `configurationWarnings`).
    /// O(catalog + configured tabs).
    public init(catalog: [TabDefinition], configuration: ControllerConfiguration = ControllerConfiguration())
        throws(TabError)
    {
        try configuration.validate()
        let positions = try Self.validatedCatalog(catalog)
        self.catalog = catalog
        catalogPosition = positions
        runtime = catalog.map(TabRuntime.init)
        tabs = []
        tabPosition = [:]
        customizableSet = []
        settings = PresentationSettings(
            maxVisible: configuration.maxVisible, layout: configuration.layout,
            orientation: .portrait, locale: configuration.locale)
        supportedOrientations = Orientation.allCases
        selectedTab = nil
        showsMoreList = false
        moreResumeTab = nil
        session = nil
        sharedAppearance = SharedValue(configuration.appearance.normalized)
        delegate = nil
        delegateTimeoutMs = configuration.delegateTimeoutMs
        delegateTimeoutPolicy = configuration.delegateTimeoutPolicy
        sharedConfiguration = SharedValue(configuration)
        applyConfiguredStructure()
    }

    /// Checks catalog ids (ID-1, unique) and definitions; returns the id → position map.
    static func validatedCatalog(_ catalog: [TabDefinition]) throws(TabError) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(catalog.count)
        var restorationIds = Set<String>()
        for (position, definition) in catalog.enumerated() {
            try definition.validate()
            if positions.updateValue(position, forKey: definition.id) != nil {
                throw .invalidArgument("Tab id \(quoted: definition.id) appears twice in the catalog.")
            }
            if let key = definition.restorationId, !restorationIds.insert(key).inserted {
                throw .invalidArgument(
                    "Restoration id \(quoted: key) of tab \(quoted: definition.id) is used by another tab.")
            }
        }
        return positions
    }

    /// Configured tabs and `selected` the catalog does not offer: each one a log line.
    public var configurationWarnings: [String] {
        var warnings: [String] = []
        for id in configuration.tabs ?? [] where catalogPosition[id] == nil {
            warnings.append("Configured tab '\(id)' is not offered by any loaded plugin; left out.")
        }
        if let selected = configuration.selected, catalogPosition[selected] == nil {
            warnings.append("Configured selected tab '\(selected)' is not offered by any loaded plugin; ignored.")
        }
        return warnings
    }

    // MARK: Configuration

    /// Tabs, customizable set and selection as configured (SEL-7 without restore). O(tabs).
    mutating func applyConfiguredStructure() {
        let ids = configuredTabs()
        replaceTabs(with: ids)
        customizableSet = configuredCustomizable(for: ids)
        session = nil
        selectedTab = nil
        showsMoreList = false
        moreResumeTab = nil
        selectConfiguredOrFirst()
    }

    /// The configuration's `tabs` against the catalog: unknown and repeated ids left out.
    func configuredTabs() -> [String] {
        // TABS-7
        guard let configured = configuration.tabs else { return Array(catalog.prefix(Self.maximumTabs).map(\.id)) }
        var seen = Set<String>()
        return configured.filter { catalogPosition[$0] != nil && seen.insert($0).inserted }
    }

    /// The configuration's `customizable` restricted to `ids` (CUST-1: a subset of `Tabs`).
    func configuredCustomizable(for ids: [String]) -> Set<String> {
        guard let configured = configuration.customizable else { return Set(ids) }
        return Set(configured).intersection(ids)
    }

    /// SEL-7 without restore: the configured tab if it is in `Tabs` and reachable, else index 0.
    mutating func selectConfiguredOrFirst() {
        if let wanted = configuration.selected, let index = tabPosition[wanted], placement(ofIndex: index) != .hidden {
            show(tab: wanted)
        } else {
            selectFirstOrNothing()
        }
    }
}
