/// Everything STATE-1..3 restores, as a value the daemon encodes (as JSON) and writes
/// atomically. Tabs are named by restoration id so that a restart finds them again even if
/// their position changed; `formatVersion` lets a newer daemon set an unknown file aside.
public struct ControllerSnapshot: Codable, Equatable, Sendable {
    /// The format this model writes and reads.
    public static let currentFormatVersion = 1

    /// The format of this snapshot.
    public var formatVersion: Int
    /// The configuration the state was built from (STATE-2 compares it with the current one).
    public var configuration: ControllerConfiguration
    /// The catalog when the state was saved, so that tabs new since then can join `Tabs`
    /// while the configuration lists no tabs of its own.
    public var catalog: [TabReference]
    /// `Tabs` in order.
    public var tabs: [TabReference]
    /// The customizable subset, in `Tabs` order.
    public var customizable: [TabReference]
    /// The shown tab, nil for the More list or nothing.
    public var selectedTab: TabReference?
    /// Whether the More list itself was shown (SEL-5).
    public var showsMoreList: Bool
    /// Badge, badge color and navigation of restorable tabs whose state is not the default,
    /// keyed by restoration id (STATE-3).
    public var tabStates: [String: SavedTabState]
    /// Runtime appearance (STATE-3).
    public var appearance: Appearance
    /// Runtime `MaxVisible`.
    public var maxVisible: Int
    /// Runtime `Layout`.
    public var layout: TabLayout
    /// Runtime `Orientation`.
    public var orientation: Orientation
    /// Runtime `Locale`.
    public var locale: String
    /// The standalone bars, in creation order (SBAR-1). A state written before there were
    /// standalone bars has none.
    public var bars: [SavedBar]

    /// A snapshot of these values, as `TabController.snapshot()` takes it or a state file
    /// holds it; `TabController.restore` validates it.
    public init(
        formatVersion: Int, configuration: ControllerConfiguration, catalog: [TabReference], tabs: [TabReference],
        customizable: [TabReference], selectedTab: TabReference?, showsMoreList: Bool,
        tabStates: [String: SavedTabState],
        appearance: Appearance, maxVisible: Int, layout: TabLayout, orientation: Orientation, locale: String,
        bars: [SavedBar]
    ) {
        self.formatVersion = formatVersion
        self.configuration = configuration
        self.catalog = catalog
        self.tabs = tabs
        self.customizable = customizable
        self.selectedTab = selectedTab
        self.showsMoreList = showsMoreList
        self.tabStates = tabStates
        self.appearance = appearance
        self.maxVisible = maxVisible
        self.layout = layout
        self.orientation = orientation
        self.locale = locale
        self.bars = bars
    }
}

extension ControllerSnapshot {
    /// Reads what `encode(to:)` writes; `bars` may be absent (a state from before standalone
    /// bars), which means none, so such a file still loads with its format version.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        configuration = try container.decode(ControllerConfiguration.self, forKey: .configuration)
        catalog = try container.decode([TabReference].self, forKey: .catalog)
        tabs = try container.decode([TabReference].self, forKey: .tabs)
        customizable = try container.decode([TabReference].self, forKey: .customizable)
        selectedTab = try container.decodeIfPresent(TabReference.self, forKey: .selectedTab)
        showsMoreList = try container.decode(Bool.self, forKey: .showsMoreList)
        tabStates = try container.decode([String: SavedTabState].self, forKey: .tabStates)
        appearance = try container.decode(Appearance.self, forKey: .appearance)
        maxVisible = try container.decode(Int.self, forKey: .maxVisible)
        layout = try container.decode(TabLayout.self, forKey: .layout)
        orientation = try container.decode(Orientation.self, forKey: .orientation)
        locale = try container.decode(String.self, forKey: .locale)
        bars = try container.decodeIfPresent([SavedBar].self, forKey: .bars) ?? []
    }
}

/// A tab named in a snapshot: by restoration id when it has one (STATE-1, STATE-2); a tab
/// without one is named by its id, only to keep its place in the order and selection; its own
/// state is never saved.
public struct TabReference: Codable, Hashable, Sendable {
    /// The restoration id, for restorable tabs.
    public var restorationId: String?
    /// The tab id, for tabs without a restoration id.
    public var id: String?

    /// A reference to a restorable tab.
    public init(restorationId: String) {
        self.restorationId = restorationId
        self.id = nil
    }

    /// A reference to a tab that has no restoration id.
    public init(id: String) {
        self.restorationId = nil
        self.id = id
    }
}

extension TabReference {
    private enum CodingKeys: String, CodingKey {
        case restorationId, id
    }

    /// A restorable tab is written as its bare restoration id, the rest as `{"id": …}`: a
    /// state of 10,000 tabs names every tab three times over, and bare strings make it several
    /// times cheaper to encode and to read back.
    public func encode(to encoder: any Encoder) throws {
        if let restorationId {
            var container = encoder.singleValueContainer()
            try container.encode(restorationId)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
        }
    }

    /// Reads either form `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        if let key = try? decoder.singleValueContainer().decode(String.self) {
            self.init(restorationId: key)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id))
    }
}

/// The saved state of one restorable tab (STATE-3).
public struct SavedTabState: Codable, Equatable, Sendable {
    /// ITEM-4; nil when absent.
    public var badge: Badge?
    /// ITEM-5; empty for the default.
    public var badgeColor: String
    /// Navigation stack, root first.
    public var stack: [String]

    /// A tab's saved state; `TabController.restore` validates it.
    public init(badge: Badge?, badgeColor: String, stack: [String]) {
        self.badge = badge
        self.badgeColor = badgeColor
        self.stack = stack
    }
}

/// What a restore did beyond its events: one line per setting where the configuration won
/// over the saved state (STATE-2), for the log.
public struct RestoreOutcome: Equatable, Sendable {
    /// The changes the restore caused.
    public var events: TabEvents
    /// Log lines, e.g. "Configured MaxVisible changed since the state was saved; using 6.".
    public var notes: [String]
}
