/// A signal of a standalone bar that the daemon must emit, in order, after the property
/// changes of the same request (SBAR-3..5).
public struct BarSignal: Equatable, Sendable {
    /// What a standalone bar tells its listeners (UITabBarDelegate's messages).
    public enum Kind: Equatable, Sendable {
        /// `SetItems` changed the items; `animated` as the caller asked (SBAR-3).
        case itemsSet([String], animated: Bool)
        /// A user's tap selected the item, also when it was selected already (SBAR-4).
        case didSelectItem(String)
        /// A session is about to begin with these candidates (SBAR-5).
        case willBeginCustomizingItems([String])
        /// A session began with these candidates (SBAR-5).
        case didBeginCustomizingItems([String])
        /// A session is about to end: the bar's items after it, and whether they changed (SBAR-5).
        case willEndCustomizingItems([String], changed: Bool)
        /// A session ended (SBAR-5).
        case didEndCustomizingItems([String], changed: Bool)
    }

    /// The bar that emits it.
    public var bar: String
    /// The signal.
    public var kind: Kind
}
