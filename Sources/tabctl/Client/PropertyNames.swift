/// A property name of the D-Bus contract, as tabctl writes it once: every property tabctl
/// reads or sets goes through one of these enums, and a test holds their cases against the
/// interface file `dbus/org.tabbard.TabBar1.xml`.
protocol PropertyName: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// The properties of `org.tabbard.TabBar1`: all of them, since `get` offers every one.
enum ControllerProperty: String, PropertyName {
    case tabs = "Tabs"
    case availableTabs = "AvailableTabs"
    case visibleTabs = "VisibleTabs"
    case moreTabs = "MoreTabs"
    case hiddenTabs = "HiddenTabs"
    case showsMore = "ShowsMore"
    case moreTitle = "MoreTitle"
    case moreIconName = "MoreIconName"
    case moreAccessibilityLabel = "MoreAccessibilityLabel"
    case maxVisible = "MaxVisible"
    case layout = "Layout"
    case selectedItem = "SelectedItem"
    case selectedTab = "SelectedTab"
    case selectedIndex = "SelectedIndex"
    case customizableTabs = "CustomizableTabs"
    case canCustomize = "CanCustomize"
    case customizing = "Customizing"
    case supportedOrientations = "SupportedOrientations"
    case orientation = "Orientation"
    case barStyle = "BarStyle"
    case barTintColor = "BarTintColor"
    case tintColor = "TintColor"
    case unselectedItemTintColor = "UnselectedItemTintColor"
    case translucent = "Translucent"
    case backgroundImage = "BackgroundImage"
    case shadowImage = "ShadowImage"
    case selectionIndicatorImage = "SelectionIndicatorImage"
    case effectiveShadowImage = "EffectiveShadowImage"
    case effectiveBarColor = "EffectiveBarColor"
    case dividerImages = "DividerImages"
    case locale = "Locale"
    case delegate = "Delegate"
    case delegateTimeoutMs = "DelegateTimeoutMs"
    case delegateTimeoutPolicy = "DelegateTimeoutPolicy"
    case revision = "Revision"
    case version = "Version"
    case bars = "Bars"
}

/// The properties a bar item is drawn from, which a tab (`Tab`) and a standalone bar's item
/// (`Item`) both have under the same names.
protocol ItemLookProperty: PropertyName {
    /// `Title`.
    static var title: Self { get }
    /// `HasBadge`.
    static var hasBadge: Self { get }
    /// `BadgeValue`.
    static var badgeValue: Self { get }
    /// `Enabled`.
    static var enabled: Self { get }
}

/// The properties of `org.tabbard.TabBar1.Tab` that tabctl reads.
enum TabProperty: String, ItemLookProperty {
    case id = "Id"
    case title = "Title"
    case hasBadge = "HasBadge"
    case badgeValue = "BadgeValue"
    case enabled = "Enabled"
    case placement = "Placement"
    case customizable = "Customizable"
    case selected = "Selected"
}

/// The properties of `org.tabbard.TabBar1.Bar` that tabctl reads or sets on a standalone bar.
enum BarProperty: String, PropertyName {
    case name = "Name"
    case items = "Items"
    case definedItems = "DefinedItems"
    case selectedItem = "SelectedItem"
    case customizing = "Customizing"
    case tintColor = "TintColor"
}

/// The properties of `org.tabbard.TabBar1.Item` that tabctl reads or sets.
enum ItemProperty: String, ItemLookProperty {
    case id = "Id"
    case title = "Title"
    case image = "Image"
    case selectedImage = "SelectedImage"
    case imageRenderingMode = "ImageRenderingMode"
    case tag = "Tag"
    case hasBadge = "HasBadge"
    case badgeValue = "BadgeValue"
    case badgeColor = "BadgeColor"
    case enabled = "Enabled"
    case onBar = "OnBar"
}
