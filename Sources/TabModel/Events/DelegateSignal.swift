/// A signal of the controller the daemon must emit, in order: what UIKit tells a tab bar
/// controller's delegate after the fact (TAP-2, CUST-3).
public enum DelegateSignal: Equatable, Sendable {
    /// `DidSelect(item)` after an allowed tap (TAP-1/2/4); item is a tab id or `@more`.
    case didSelect(String)
    /// `WillBeginCustomizing(tabs)` (CUST-3).
    case willBeginCustomizing([String])
    /// `WillEndCustomizing(tabs, changed)` with the new order applied (CUST-3).
    case willEndCustomizing([String], changed: Bool)
    /// `DidEndCustomizing(tabs, changed)` (CUST-3).
    case didEndCustomizing([String], changed: Bool)
}
