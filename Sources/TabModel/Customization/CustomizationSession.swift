/// An open customization session (CUST-3/4): who began it and the order it began with, so
/// that ending it can say whether the order changed.
public struct CustomizationSession: Equatable, Sendable {
    /// The connection that began it (the caller's unique bus name); only it may continue it.
    public let owner: String
    /// `Tabs` at `BeginCustomizing`.
    public let orderAtBegin: [String]
}
