/// One row of a page: a list entry a frontend draws, and what activating it does (PAGE-1).
public struct PageRow: Sendable, Equatable {
    /// The row's id, unique within its page.
    public var id: String
    /// The row's title, in the tab's locale.
    public var title: String
    /// A second line; empty for none.
    public var detail: String
    /// An icon name of the freedesktop Icon Naming Specification; empty for none.
    public var icon: String
    /// The page activating the row navigates to (one `navigate(to:)` accepts); empty for none.
    public var page: String
    /// The action activating the row performs (one of `actions`); empty for none.
    public var action: String
    /// A live value a frontend extrapolates (PAGE-3); nil for none.
    public var clock: PageClock?

    /// A row with these parts.
    public init(
        id: String, title: String, detail: String = "", icon: String = "", page: String = "",
        action: String = "", clock: PageClock? = nil
    ) {
        self.id = id
        self.title = title
        self.detail = detail
        self.icon = icon
        self.page = page
        self.action = action
        self.clock = clock
    }
}
