/// A tap that passed its checks and now waits for the delegate's `ShouldSelect` (TAP-1).
///
/// The daemon owns the waiting: it queues taps in arrival order (at most
/// `PendingTap.queueLimit`; the next one answers `Busy`), asks the delegate asynchronously with
/// `DelegateTimeoutMs`, and on the answer (or timeout, per `DelegateTimeoutPolicy`; or at once
/// when `delegate` is nil or leaves the bus, TAP-5/7) calls `TabController.completeTap`. The
/// model has no clock and no queue; it only re-checks the tap against the state of that moment.
public struct PendingTap: Equatable, Sendable {
    /// TAP-7: how many taps may wait at once.
    public static let queueLimit = 64

    /// What to pass to `ShouldSelect`: a tab id or `@more`.
    public let item: String
    /// Whom to ask; nil means no delegate, and the tap is allowed without asking (TAP-5).
    public let delegate: DelegateRegistration?
}
