/// Why a document is not TOML that `TOMLParser` accepts: where (line and column), the key
/// being read when there is one, and what is wrong.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    public let location: TOMLLocation
    /// The key whose header, name or value holds the problem, as a path (`appearance.tint_color`,
    /// `tabs[2].titles.fr`; components that are not bare keys are quoted); nil outside any key.
    public let key: String?
    /// What is wrong, quoting at most a short piece of the offending text.
    public let reason: String

    /// An error at `location`, in `key` when given.
    public init(location: TOMLLocation, key: String?, reason: String) {
        self.location = location
        self.key = key
        self.reason = reason
    }

    /// `line L, column C, key 'K': REASON`.
    public var description: String {
        let place = key.map { "\(location), key '\($0)'" } ?? "\(location)"
        return "\(place): \(reason)"
    }
}
