/// A signal of the controller interface the daemon must emit, in order.
public enum DelegateSignal: Equatable, Sendable {
    /// `DidSelect(item)` after an allowed tap (TAP-1/2/4); item is a tab id or `@more`.
    case didSelect(String)
    /// `WillBeginCustomizing(tabs)` (CUST-3).
    case willBeginCustomizing([String])
    /// `WillEndCustomizing(tabs, changed)` with the new order applied (CUST-3).
    case willEndCustomizing([String], changed: Bool)
    /// `DidEndCustomizing(tabs, changed)` (CUST-3).
    case didEndCustomizing([String], changed: Bool)

    /// The D-Bus member name.
    public var member: String {
        switch self {
        case .didSelect: "DidSelect"
        case .willBeginCustomizing: "WillBeginCustomizing"
        case .willEndCustomizing: "WillEndCustomizing"
        case .didEndCustomizing: "DidEndCustomizing"
        }
    }
}

/// What the user sees as content: a tab, the More list, or nothing.
public enum ShownContent: Equatable, Hashable, Sendable {
    /// Nothing (no tabs).
    case nothing
    /// The More list itself (SEL-5).
    case moreList
    /// A tab's content, from the bar or inside More.
    case tab(String)
}

/// The shown content changed: the daemon tells the old tab's plugin it disappears before the
/// new one's that it appears (UIKit's will/did order).
public struct SelectionTransition: Equatable, Sendable {
    /// Shown before the request.
    public var from: ShownContent
    /// Shown after it.
    public var to: ShownContent
}

/// A tab's navigation stack changed: the daemon tells its plugin to render `page`.
public struct NavigationChange: Equatable, Sendable {
    /// The tab.
    public var tab: String
    /// Its new top page.
    public var page: String
    /// Its new stack height (1 at root).
    public var depth: Int
}

/// The registered delegate: the caller's unique bus name and the object it serves.
public struct DelegateRegistration: Equatable, Hashable, Sendable {
    /// Unique bus name of the delegate's connection.
    public var owner: String
    /// Object path implementing `org.tabbard.TabBar1.Delegate`.
    public var path: String

    /// A registration.
    public init(owner: String, path: String) {
        self.owner = owner
        self.path = path
    }

    /// The `Delegate` property value: `<bus name> <object path>`.
    public var propertyValue: String { "\(owner) \(path)" }
}
