import TabModel

// The names and D-Bus types of the properties of `org.tabbard.TabBar1.Bar` and
// `org.tabbard.TabBar1.Item` (dbus-api.md). The model names its properties in its own words;
// what they are called on the wire is the daemon's. A test holds every type against the kind of
// value the model reads, and the interface file against these names.

extension AppearanceProperty {
    /// The name in `org.tabbard.TabBar1.Bar`, the same as the controller's property (SBAR-6).
    var wireName: String {
        switch self {
        case .barStyle: "BarStyle"
        case .barTintColor: "BarTintColor"
        case .tintColor: "TintColor"
        case .unselectedItemTintColor: "UnselectedItemTintColor"
        case .translucent: "Translucent"
        case .backgroundImage: "BackgroundImage"
        case .shadowImage: "ShadowImage"
        case .selectionIndicatorImage: "SelectionIndicatorImage"
        case .effectiveShadowImage: "EffectiveShadowImage"
        case .effectiveBarColor: "EffectiveBarColor"
        case .dividerImages: "DividerImages"
        }
    }
}

extension StandaloneBarProperty {
    /// The name in `org.tabbard.TabBar1.Bar`.
    var wireName: String {
        switch self {
        case .name: "Name"
        case .items: "Items"
        case .definedItems: "DefinedItems"
        case .selectedItem: "SelectedItem"
        case .customizing: "Customizing"
        case .appearance(let property): property.wireName
        }
    }

    /// The D-Bus type signature in `org.tabbard.TabBar1.Bar`.
    var signature: String {
        switch self {
        case .items, .definedItems: "as"
        case .customizing, .appearance(.translucent): "b"
        case .appearance(.dividerImages): "a{ss}"
        default: "s"
        }
    }
}

extension BarItemProperty {
    /// The name in `org.tabbard.TabBar1.Item`.
    var wireName: String {
        switch self {
        case .id: "Id"
        case .title: "Title"
        case .image: "Image"
        case .selectedImage: "SelectedImage"
        case .iconName: "IconName"
        case .selectedIconName: "SelectedIconName"
        case .imageRenderingMode: "ImageRenderingMode"
        case .tag: "Tag"
        case .badgeColor: "BadgeColor"
        case .enabled: "Enabled"
        case .systemItem: "SystemItem"
        case .hasBadge: "HasBadge"
        case .badgeValue: "BadgeValue"
        case .onBar: "OnBar"
        case .index: "Index"
        case .selected: "Selected"
        case .accessibilityLabel: "AccessibilityLabel"
        }
    }

    /// The D-Bus type signature in `org.tabbard.TabBar1.Item`.
    var signature: String {
        switch self {
        case .tag, .index: "i"
        case .enabled, .hasBadge, .onBar, .selected: "b"
        default: "s"
        }
    }
}
