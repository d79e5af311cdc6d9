/// The properties of a catalog tab; raw values are their names in semantics.md, which the API
/// keeps.
public enum TabProperty: String, CaseIterable, Sendable {
    /// The tab's id; never changes.
    case id = "Id"
    /// The plugin that offers it; never changes.
    case plugin = "Plugin"
    /// Localized (ITEM-2/3, L10N-1).
    case title = "Title"
    /// The item's image name or path.
    case image = "Image"
    /// The item's image while selected.
    case selectedImage = "SelectedImage"
    /// LOOK-6.
    case imageRenderingMode = "ImageRenderingMode"
    /// ICON-1: a theme icon name, or empty.
    case iconName = "IconName"
    /// ICON-1: the icon name while selected; empty uses `IconName`.
    case selectedIconName = "SelectedIconName"
    /// ICON-3: icons the plugin drew itself.
    case iconPixmaps = "IconPixmaps"
    /// ICON-4: the plugin's own icon theme directory, or empty.
    case iconThemePath = "IconThemePath"
    /// ITEM-3.
    case systemItem = "SystemItem"
    /// The item's tag, as the plugin chose it.
    case tag = "Tag"
    /// ITEM-4.
    case hasBadge = "HasBadge"
    /// ITEM-4.
    case badgeValue = "BadgeValue"
    /// ITEM-5.
    case badgeColor = "BadgeColor"
    /// ITEM-6.
    case enabled = "Enabled"
    /// Its position in `Tabs`, or -1.
    case index = "Index"
    /// `bar`, `more`, `hidden` or `none`.
    case placement = "Placement"
    /// Whether it is in `CustomizableTabs` (CUST-1).
    case customizable = "Customizable"
    /// Whether it is `SelectedTab`.
    case selected = "Selected"
    /// STATE-1.
    case restorationId = "RestorationId"
    /// ORI-1.
    case orientations = "Orientations"
    /// The top page of its stack (NAV-1).
    case page = "Page"
    /// The height of its stack, 1 at the root (NAV-1).
    case depth = "Depth"
    /// What `Activate` accepts for it now.
    case actions = "Actions"
    /// Bumped on content changes; does not move `Revision`.
    case contentRevision = "ContentRevision"
    /// A11Y-1.
    case accessibilityLabel = "AccessibilityLabel"

    /// The properties that depend on the controller's structure (order, partition, selection,
    /// customizable set) rather than on the tab itself.
    static let structural: [TabProperty] = [.index, .placement, .customizable, .selected, .accessibilityLabel]

    /// Whether the value never changes for a given tab (`Id`, `Plugin`), so that no change of
    /// it is ever announced.
    public var isConstant: Bool { self == .id || self == .plugin }

    /// How soon a change must be on disk (STATE-4): badges and navigation are volatile.
    public var durability: Durability {
        switch self {
        case .hasBadge, .badgeValue, .badgeColor, .page, .depth: .volatile
        default: .none
        }
    }

    /// Whether a change moves the controller's `Revision` (everything but `ContentRevision`).
    public var movesRevision: Bool { self != .contentRevision }
}
