/// One tab property as a request observes it before and after: its value, or for
/// `AccessibilityLabel` what the label is made from. Equal inputs make equal labels, so the
/// comparison finds the same changes without building the label text twice.
enum ObservedTabValue: Equatable {
    case value(PropertyValue)
    case accessibilityLabel(AccessibilityLabelInputs)
    /// The catalog has no such tab. A case of its own, not an optional: comparing two
    /// optionals copies both values first (a retain and a release of every string in them),
    /// and a request compares every property it observes.
    case absent
}
