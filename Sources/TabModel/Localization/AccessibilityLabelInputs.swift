/// What a catalog tab's `AccessibilityLabel` is made from (A11Y-1): its title, and on the bar
/// its position, the bar's item count, whether it is selected and the phrasing's language.
/// Observing these instead of the label lets a request see whether the label changed without
/// spelling it out before and after: `Select` builds each label once, to send it.
struct AccessibilityLabelInputs: Equatable {
    /// Where a bar tab stands; nil for a tab that is not on the bar, whose label is its title.
    struct BarPlace: Equatable {
        /// 1-based position among the bar items, More included.
        let position: Int
        /// The number of bar items, More included.
        let count: Int
        let selected: Bool
        /// The phrasing, not the locale's language: languages without their own phrasing
        /// share the English one, and a change between them changes no label.
        let phrasing: AccessibilityPhrasing
    }

    let title: String
    let place: BarPlace?

    /// The label these inputs make (A11Y-1).
    var label: String {
        guard let place else { return title }
        return place.phrasing.label(
            title: title, selected: place.selected, position: place.position, count: place.count)
    }
}
