/// One tab property as a request observes it before and after: its value, or for
/// `AccessibilityLabel` what the label is made from. Equal inputs make equal labels, so the
/// comparison finds the same changes without building the label text twice.
enum ObservedTabValue: Equatable {
    case value(PropertyValue)
    case accessibilityLabel(AccessibilityLabelInputs)
}
