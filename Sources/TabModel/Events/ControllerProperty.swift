/// The controller's properties; raw values are their names in semantics.md, which the API
/// keeps. `Version` is the daemon's own constant and is not part of the model.
public enum ControllerProperty: String, CaseIterable, Sendable {
    /// The controller's tabs, in order.
    case tabs = "Tabs"
    /// The catalog, in plugin load order.
    case availableTabs = "AvailableTabs"
    /// Tabs on the bar.
    case visibleTabs = "VisibleTabs"
    /// Tabs in the More list.
    case moreTabs = "MoreTabs"
    /// Tabs hidden by layout `top`.
    case hiddenTabs = "HiddenTabs"
    /// Whether the bar shows the More item (MORE-1).
    case showsMore = "ShowsMore"
    /// The More item's title in the active locale (MORE-6); always set.
    case moreTitle = "MoreTitle"
    /// The More item's standard icon name (MORE-6, ICON-2); always set.
    case moreIconName = "MoreIconName"
    /// The More item's A11Y-1 label; empty while there is no More item (MORE-6).
    case moreAccessibilityLabel = "MoreAccessibilityLabel"
    /// Writable; MORE-1/4.
    case maxVisible = "MaxVisible"
    /// Writable; `bottom` or `top`.
    case layout = "Layout"
    /// The highlighted bar item.
    case selectedItem = "SelectedItem"
    /// The tab whose content is shown.
    case selectedTab = "SelectedTab"
    /// The index of the shown tab, or -1.
    case selectedIndex = "SelectedIndex"
    /// CUST-1.
    case customizableTabs = "CustomizableTabs"
    /// CUST-1.
    case canCustomize = "CanCustomize"
    /// CUST-3.
    case customizing = "Customizing"
    /// ORI-2.
    case supportedOrientations = "SupportedOrientations"
    /// ORI-3.
    case orientation = "Orientation"
    /// Writable; LOOK-1.
    case barStyle = "BarStyle"
    /// Writable; LOOK-2.
    case barTintColor = "BarTintColor"
    /// Writable; LOOK-2.
    case tintColor = "TintColor"
    /// Writable; LOOK-2.
    case unselectedItemTintColor = "UnselectedItemTintColor"
    /// Writable; LOOK-3.
    case translucent = "Translucent"
    /// Writable; LOOK-4.
    case backgroundImage = "BackgroundImage"
    /// Writable; LOOK-4.
    case shadowImage = "ShadowImage"
    /// Writable; LOOK-4.
    case selectionIndicatorImage = "SelectionIndicatorImage"
    /// LOOK-4.
    case effectiveShadowImage = "EffectiveShadowImage"
    /// LOOK-2.
    case effectiveBarColor = "EffectiveBarColor"
    /// LOOK-5.
    case dividerImages = "DividerImages"
    /// Writable; L10N-1.
    case locale = "Locale"
    /// `<bus name> <object path>` or empty.
    case delegate = "Delegate"
    /// Writable; how long a tap waits for the delegate (TAP-5).
    case delegateTimeoutMs = "DelegateTimeoutMs"
    /// Writable; `allow` or `deny` (TAP-5).
    case delegateTimeoutPolicy = "DelegateTimeoutPolicy"
    /// Moves with every announced change.
    case revision = "Revision"

    /// Whether clients may write it (`set(_:to:)`).
    public var isWritable: Bool {
        switch self {
        case .maxVisible, .layout, .barStyle, .barTintColor, .tintColor, .unselectedItemTintColor,
            .translucent, .backgroundImage, .shadowImage, .selectionIndicatorImage, .locale,
            .delegateTimeoutMs, .delegateTimeoutPolicy:
            true
        default:
            false
        }
    }

    /// The appearance properties (LOOK-1..5), including the derived ones.
    public static let appearance: [ControllerProperty] = [
        .barStyle, .barTintColor, .tintColor, .unselectedItemTintColor, .translucent, .backgroundImage,
        .shadowImage, .selectionIndicatorImage, .effectiveShadowImage, .effectiveBarColor, .dividerImages,
    ]

    /// How soon a change of this property must be on disk (STATE-4). Properties derived from
    /// others (`VisibleTabs`, `EffectiveBarColor` …) are `none`: their source carries the class.
    public var durability: Durability {
        switch self {
        case .tabs, .customizableTabs, .maxVisible, .layout, .orientation, .locale, .barStyle,
            .barTintColor, .tintColor, .unselectedItemTintColor, .translucent, .backgroundImage,
            .shadowImage, .selectionIndicatorImage, .dividerImages:
            .structural
        case .selectedItem, .selectedTab, .selectedIndex:
            .volatile
        default:
            .none
        }
    }
}
