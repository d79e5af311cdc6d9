/// What a tap does when the delegate does not answer in time (TAP-5).
public enum DelegateTimeoutPolicy: String, CaseIterable, Codable, Sendable {
    /// The tap goes through; the default.
    case allow
    /// The tap is refused.
    case deny

    /// Parses a policy name, throwing `InvalidArgument` for anything else (ERR-1).
    public init(validating name: String) throws(TabError) {
        guard let policy = DelegateTimeoutPolicy(rawValue: name) else {
            throw .invalidArgument("Unknown delegate timeout policy \(quoted: name): expected allow or deny.")
        }
        self = policy
    }

    /// The answer a timed-out (or failed, TAP-7) `ShouldSelect` counts as.
    public var allowsTap: Bool { self == .allow }
}
