/// The model as one frontend sees it (VIEW-2/3): the controller's own bar, or a view's. Every
/// value is `TabController.presentation(with:showingMore:)` of the shared model.
public struct Presentation: Equatable, Sendable {
    /// Bar items in order, `@more` last when shown (`Items`).
    public var items: [String]
    /// `VisibleTabs`.
    public var visibleTabs: [String]
    /// `MoreTabs`.
    public var moreTabs: [String]
    /// `HiddenTabs`.
    public var hiddenTabs: [String]
    /// `ShowsMore`.
    public var showsMore: Bool
    /// `SelectedItem` (SEL-4/5, VIEW-3).
    public var selectedItem: String
    /// `ShowingMore`: whether the More list itself is shown.
    public var showingMore: Bool
    /// Each tab's title (`Titles`), keyed by exactly `Tabs` (L10N-1, ITEM-2/3).
    public var titles: [String: String]
    /// Each tab's A11Y-1 label (`AccessibilityLabels`), keyed by exactly `Tabs`.
    public var accessibilityLabels: [String: String]
    /// `MoreTitle` (MORE-6), always set.
    public var moreTitle: String
    /// `MoreAccessibilityLabel`: empty without a More item (MORE-6, A11Y-1).
    public var moreAccessibilityLabel: String
    /// The settings in effect, the orientation ORI-4's fallback when the one asked for is
    /// no longer supported.
    public var settings: PresentationSettings
    /// The controller's `SelectedTab` it was made with: the tab whose label a later change of
    /// the selection alone turns back to its unselected form (`TabController.reselected`).
    var selectedTab: String?

    /// The value of one presented property.
    public func value(of property: PresentationProperty) -> PropertyValue {
        switch property {
        case .items: .strings(items)
        case .visibleTabs: .strings(visibleTabs)
        case .moreTabs: .strings(moreTabs)
        case .hiddenTabs: .strings(hiddenTabs)
        case .showsMore: .bool(showsMore)
        case .selectedItem: .string(selectedItem)
        case .showingMore: .bool(showingMore)
        case .titles: .dictionary(titles)
        case .accessibilityLabels: .dictionary(accessibilityLabels)
        case .moreTitle: .string(moreTitle)
        case .moreAccessibilityLabel: .string(moreAccessibilityLabel)
        case .maxVisible: .uint32(UInt32(settings.maxVisible))
        case .layout: .string(settings.layout.rawValue)
        case .orientation: .string(settings.orientation.rawValue)
        case .locale: .string(settings.locale)
        }
    }

    /// The properties whose values differ between `self` and `earlier`, in declaration order
    /// (VIEW-5: a view announces only what changed). Compared field by field: no value is made.
    public func changes(since earlier: Presentation) -> [PresentationProperty] {
        var changed: [PresentationProperty] = []
        func note(_ property: PresentationProperty, _ differs: Bool) { if differs { changed.append(property) } }
        note(.items, items != earlier.items)
        note(.visibleTabs, visibleTabs != earlier.visibleTabs)
        note(.moreTabs, moreTabs != earlier.moreTabs)
        note(.hiddenTabs, hiddenTabs != earlier.hiddenTabs)
        note(.showsMore, showsMore != earlier.showsMore)
        note(.selectedItem, selectedItem != earlier.selectedItem)
        note(.showingMore, showingMore != earlier.showingMore)
        note(.titles, titles != earlier.titles)
        note(.accessibilityLabels, accessibilityLabels != earlier.accessibilityLabels)
        note(.moreTitle, moreTitle != earlier.moreTitle)
        note(.moreAccessibilityLabel, moreAccessibilityLabel != earlier.moreAccessibilityLabel)
        note(.maxVisible, settings.maxVisible != earlier.settings.maxVisible)
        note(.layout, settings.layout != earlier.settings.layout)
        note(.orientation, settings.orientation != earlier.settings.orientation)
        note(.locale, settings.locale != earlier.settings.locale)
        return changed
    }
}
