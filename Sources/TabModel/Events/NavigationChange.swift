/// A tab's navigation stack changed: the daemon tells its plugin to render `page`.
public struct NavigationChange: Equatable, Sendable {
    /// The tab.
    public var tab: String
    /// Its new top page.
    public var page: String
    /// Its new stack height (1 at root).
    public var depth: Int
}
