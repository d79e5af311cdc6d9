/// A rendered page: what a client sees for the top page of a tab.
public struct PageContent: Sendable, Equatable {
    /// The page's title, shown above its body.
    public var title: String
    /// The body's MIME type, e.g. `text/plain` or `text/markdown`.
    public var mimeType: String
    /// The body text.
    public var body: String

    /// A page with `title` and `body`, plain text unless said otherwise.
    public init(title: String, mimeType: String = "text/plain", body: String) {
        self.title = title
        self.mimeType = mimeType
        self.body = body
    }
}
