/// The shown content changed: the daemon tells the old tab's plugin it disappears before the
/// new one's that it appears (UIKit's will/did order).
public struct SelectionTransition: Equatable, Sendable {
    /// Shown before the request.
    public var from: ShownContent
    /// Shown after it.
    public var to: ShownContent
}
