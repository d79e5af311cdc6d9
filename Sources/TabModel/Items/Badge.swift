/// A badge on a tab's item (ITEM-4). Absence is `nil` where a badge is optional.
public enum Badge: Equatable, Hashable, Sendable, Codable {
    /// Present and empty: a dot.
    case dot
    /// Present with text (never empty: empty text is a dot).
    case text(String)

    /// The longest badge text, in bytes of UTF-8 (ITEM-4).
    public static let maximumBytes = 64

    /// The badge a `SetBadge(value)` call means: `""` is a dot (ITEM-4). Throws
    /// `InvalidArgument` for more than 64 bytes. O(length).
    public init(value: String) throws(TabError) {
        guard value.utf8.count <= Self.maximumBytes else {
            throw .invalidArgument("Badge \(quoted: value) is longer than \(Self.maximumBytes) bytes of UTF-8.")
        }
        self = value.isEmpty ? .dot : .text(value)
    }

    /// The `BadgeValue` property: the text, or empty for a dot.
    public var value: String {
        switch self {
        case .dot: ""
        case .text(let text): text
        }
    }

    // Encoded as its value string so that a state file reads naturally.
    /// Decodes the value string written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(String.self)
        self = value.isEmpty ? .dot : .text(value)
    }

    /// Encodes the badge as its value string (`""` for a dot).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
