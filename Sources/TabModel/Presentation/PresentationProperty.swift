/// The properties of a presentation (VIEW-2): a view's properties, raw values their names on
/// the view's interface. The settings are their values in effect: a set one, else the
/// controller's (VIEW-1).
public enum PresentationProperty: String, CaseIterable, Sendable {
    /// Bar items in order, `@more` last when shown.
    case items = "Items"
    /// Tabs on the bar.
    case visibleTabs = "VisibleTabs"
    /// Tabs in the More list.
    case moreTabs = "MoreTabs"
    /// Tabs hidden by layout `top`.
    case hiddenTabs = "HiddenTabs"
    /// Whether the bar shows the More item.
    case showsMore = "ShowsMore"
    /// The highlighted bar item (VIEW-3).
    case selectedItem = "SelectedItem"
    /// Whether the More list itself is shown (VIEW-3).
    case showingMore = "ShowingMore"
    /// Each tab's title, keyed by `Tabs`.
    case titles = "Titles"
    /// Each tab's A11Y-1 label, keyed by `Tabs`.
    case accessibilityLabels = "AccessibilityLabels"
    /// The More item's title; always set.
    case moreTitle = "MoreTitle"
    /// The More item's A11Y-1 label; empty without a More item.
    case moreAccessibilityLabel = "MoreAccessibilityLabel"
    /// MORE-1, writable by the opener.
    case maxVisible = "MaxVisible"
    /// `bottom` or `top`, writable by the opener.
    case layout = "Layout"
    /// ORI-1, writable by the opener; ORI-4's fallback in effect.
    case orientation = "Orientation"
    /// L10N-1, writable by the opener.
    case locale = "Locale"

    /// The settings a view's opener may write (VIEW-1).
    public var isSetting: Bool {
        switch self {
        case .maxVisible, .layout, .orientation, .locale: true
        default: false
        }
    }
}
