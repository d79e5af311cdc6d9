/// What a batch's events can have changed of any presentation (VIEW-5, VIEW-6), so that views
/// are brought up to date at the cost of what changed: a presentation depends on `Tabs`, the
/// tabs' titles, the settings, `SupportedOrientations` and the selection, and on nothing else.
public enum PresentationChange: Comparable, Sendable {
    /// Nothing a presentation shows (a badge, a page, an appearance): no view changes.
    case none
    /// The selection alone: `SelectedItem`, two tabs' labels and `MoreAccessibilityLabel` at
    /// most (`TabController.reselected`).
    case selection
    /// Anything else: each presentation is made anew.
    case any
}

extension TabEvents {
    /// What these events can have changed of a presentation. O(changed properties).
    public var presentationChange: PresentationChange {
        guard catalogAdded.isEmpty, catalogRemoved.isEmpty, !definitionsReplaced else { return .any }
        var change = PresentationChange.none
        for property in controllerProperties { change = max(change, property.presentationChange) }
        for tab in tabProperties {
            for property in tab.properties { change = max(change, property.presentationChange) }
        }
        return change
    }
}

extension ControllerProperty {
    /// What a change of this property can change of a presentation. Every case is named, so
    /// that a new property is judged when it is added.
    var presentationChange: PresentationChange {
        switch self {
        case .tabs, .availableTabs, .visibleTabs, .moreTabs, .hiddenTabs, .showsMore, .moreTitle, .maxVisible,
            .layout, .supportedOrientations, .orientation, .locale:
            .any
        case .selectedItem, .selectedTab, .selectedIndex, .moreAccessibilityLabel:
            .selection
        case .moreIconName, .customizableTabs, .canCustomize, .customizing, .barStyle, .barTintColor, .tintColor,
            .unselectedItemTintColor, .translucent, .backgroundImage, .shadowImage, .selectionIndicatorImage,
            .effectiveShadowImage, .effectiveBarColor, .dividerImages, .delegate, .delegateTimeoutMs,
            .delegateTimeoutPolicy, .revision:
            .none
        }
    }
}

extension TabProperty {
    /// What a change of this tab property can change of a presentation: its title and place
    /// are presented, its label follows the selection (or its title or place, named too).
    var presentationChange: PresentationChange {
        switch self {
        case .title, .systemItem, .index, .placement, .orientations:
            .any
        case .selected, .accessibilityLabel:
            .selection
        case .id, .plugin, .image, .selectedImage, .imageRenderingMode, .iconName, .selectedIconName, .iconPixmaps,
            .iconThemePath, .tag, .hasBadge, .badgeValue, .badgeColor, .enabled, .customizable, .restorationId,
            .page, .depth, .actions, .contentRevision:
            .none
        }
    }
}
