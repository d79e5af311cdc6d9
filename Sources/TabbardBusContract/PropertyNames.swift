/// A property name of the D-Bus contract, written once: one enum per interface, each with every
/// property of its interface, which a test holds against the interface file
/// `dbus/org.tabbard.TabBar1.xml`.
public protocol PropertyName: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// The properties of `org.tabbard.TabBar1`.
public enum ControllerPropertyName: String, PropertyName {
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
    case instanceId = "InstanceId"
}

/// The properties a bar item is drawn from, which a tab (`Tab`) and a standalone bar's item
/// (`Item`) both have under the same names.
public protocol ItemLookPropertyName: PropertyName {
    /// `Title`.
    static var title: Self { get }
    /// `HasBadge`.
    static var hasBadge: Self { get }
    /// `BadgeValue`.
    static var badgeValue: Self { get }
    /// `Enabled`.
    static var enabled: Self { get }
}

/// The properties of `org.tabbard.TabBar1.Tab`.
public enum TabPropertyName: String, ItemLookPropertyName {
    case id = "Id"
    case plugin = "Plugin"
    case title = "Title"
    case image = "Image"
    case selectedImage = "SelectedImage"
    case iconName = "IconName"
    case selectedIconName = "SelectedIconName"
    case iconPixmaps = "IconPixmaps"
    case iconThemePath = "IconThemePath"
    case imageRenderingMode = "ImageRenderingMode"
    case systemItem = "SystemItem"
    case tag = "Tag"
    case hasBadge = "HasBadge"
    case badgeValue = "BadgeValue"
    case badgeColor = "BadgeColor"
    case enabled = "Enabled"
    case index = "Index"
    case placement = "Placement"
    case customizable = "Customizable"
    case selected = "Selected"
    case restorationId = "RestorationId"
    case orientations = "Orientations"
    case page = "Page"
    case depth = "Depth"
    case actions = "Actions"
    case contentRevision = "ContentRevision"
    case accessibilityLabel = "AccessibilityLabel"
}

/// The properties of `org.tabbard.TabBar1.Bar`, on the controller's bar and on every standalone bar.
public enum BarPropertyName: String, PropertyName {
    case name = "Name"
    case items = "Items"
    case definedItems = "DefinedItems"
    case selectedItem = "SelectedItem"
    case customizing = "Customizing"
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
}

/// The properties of `org.tabbard.TabBar1.Item`, on each item of a standalone bar.
public enum ItemPropertyName: String, ItemLookPropertyName {
    case id = "Id"
    case title = "Title"
    case image = "Image"
    case selectedImage = "SelectedImage"
    case iconName = "IconName"
    case selectedIconName = "SelectedIconName"
    case imageRenderingMode = "ImageRenderingMode"
    case tag = "Tag"
    case badgeColor = "BadgeColor"
    case enabled = "Enabled"
    case systemItem = "SystemItem"
    case hasBadge = "HasBadge"
    case badgeValue = "BadgeValue"
    case onBar = "OnBar"
    case index = "Index"
    case selected = "Selected"
    case accessibilityLabel = "AccessibilityLabel"
}

/// The properties of `org.tabbard.TabBar1.View`, on each open view (VIEW-2).
public enum ViewPropertyName: String, PropertyName {
    case items = "Items"
    case visibleTabs = "VisibleTabs"
    case moreTabs = "MoreTabs"
    case hiddenTabs = "HiddenTabs"
    case showsMore = "ShowsMore"
    case selectedItem = "SelectedItem"
    case showingMore = "ShowingMore"
    case titles = "Titles"
    case accessibilityLabels = "AccessibilityLabels"
    case moreTitle = "MoreTitle"
    case moreAccessibilityLabel = "MoreAccessibilityLabel"
    case maxVisible = "MaxVisible"
    case layout = "Layout"
    case orientation = "Orientation"
    case locale = "Locale"
}
