/// The controller's properties; raw values are their D-Bus names (`org.tabbard.TabBar1`).
/// `Version` is the daemon's own constant and is not part of the model.
public enum ControllerProperty: String, CaseIterable, Sendable {
    /// `as` the controller's tabs, in order.
    case tabs = "Tabs"
    /// `as` the catalog, in plugin load order.
    case availableTabs = "AvailableTabs"
    /// `as` tabs on the bar.
    case visibleTabs = "VisibleTabs"
    /// `as` tabs in the More list.
    case moreTabs = "MoreTabs"
    /// `as` tabs hidden by layout `top`.
    case hiddenTabs = "HiddenTabs"
    /// `b` MORE-1.
    case showsMore = "ShowsMore"
    /// `u` rw, MORE-1/4.
    case maxVisible = "MaxVisible"
    /// `s` rw, `bottom` or `top`.
    case layout = "Layout"
    /// `s` highlighted bar item.
    case selectedItem = "SelectedItem"
    /// `s` the tab whose content is shown.
    case selectedTab = "SelectedTab"
    /// `i` index of the shown tab, or -1.
    case selectedIndex = "SelectedIndex"
    /// `as` CUST-1.
    case customizableTabs = "CustomizableTabs"
    /// `b` CUST-1.
    case canCustomize = "CanCustomize"
    /// `b` CUST-3.
    case customizing = "Customizing"
    /// `as` ORI-2.
    case supportedOrientations = "SupportedOrientations"
    /// `s` ORI-3.
    case orientation = "Orientation"
    /// `s` rw, LOOK-1.
    case barStyle = "BarStyle"
    /// `s` rw, LOOK-2.
    case barTintColor = "BarTintColor"
    /// `s` rw, LOOK-2.
    case tintColor = "TintColor"
    /// `s` rw, LOOK-2.
    case unselectedItemTintColor = "UnselectedItemTintColor"
    /// `b` rw, LOOK-3.
    case translucent = "Translucent"
    /// `s` rw, LOOK-4.
    case backgroundImage = "BackgroundImage"
    /// `s` rw, LOOK-4.
    case shadowImage = "ShadowImage"
    /// `s` rw, LOOK-4.
    case selectionIndicatorImage = "SelectionIndicatorImage"
    /// `s` LOOK-4.
    case effectiveShadowImage = "EffectiveShadowImage"
    /// `s` LOOK-2.
    case effectiveBarColor = "EffectiveBarColor"
    /// `a{ss}` LOOK-5.
    case dividerImages = "DividerImages"
    /// `s` rw, L10N-1.
    case locale = "Locale"
    /// `s` `<bus name> <object path>` or empty.
    case delegate = "Delegate"
    /// `u` rw.
    case delegateTimeoutMs = "DelegateTimeoutMs"
    /// `s` rw, `allow` or `deny`.
    case delegateTimeoutPolicy = "DelegateTimeoutPolicy"
    /// `t` moves with every announced change.
    case revision = "Revision"

    /// Whether clients may write it with `Properties.Set`.
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

    /// The D-Bus type signature.
    public var signature: String {
        switch self {
        case .tabs, .availableTabs, .visibleTabs, .moreTabs, .hiddenTabs, .customizableTabs, .supportedOrientations: "as"
        case .showsMore, .canCustomize, .customizing, .translucent: "b"
        case .maxVisible, .delegateTimeoutMs: "u"
        case .selectedIndex: "i"
        case .revision: "t"
        case .dividerImages: "a{ss}"
        default: "s"
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
