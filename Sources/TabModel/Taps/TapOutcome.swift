/// How a decided tap ended.
public struct TapOutcome: Equatable, Sendable {
    /// `Tap`'s reply: true when the tap went through (TAP-1).
    public var selected: Bool
    /// What it changed, `DidSelect` last; empty for a veto.
    public var events: TabEvents
}
