/// A rendered page: what a client sees for the top page of a tab.
public struct PageContent: Sendable, Equatable {
    /// The page's title, shown above its body.
    public var title: String
    /// The body's MIME type, e.g. `text/plain` or `text/markdown`.
    public var mimeType: String
    /// The body text: the page as plain text, for scripts (`GetContent`).
    public var body: String
    /// The page's rows, for frontends that draw a list (PAGE-1); at most 1,000 are shown.
    public var rows: [PageRow]
    /// The labels of the tab's actions while this page is on top.
    public var actionLabels: [ActionLabel]

    /// A page with `title` and `body`, plain text unless said otherwise, and `rows`.
    public init(
        title: String, mimeType: String = "text/plain", body: String, rows: [PageRow] = [],
        actionLabels: [ActionLabel] = []
    ) {
        self.title = title
        self.mimeType = mimeType
        self.body = body
        self.rows = rows
        self.actionLabels = actionLabels
    }
}
