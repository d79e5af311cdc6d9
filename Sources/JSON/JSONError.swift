/// Why bytes are not a JSON document `JSONReader` accepts: the byte offset and what is wrong.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offset of the offending byte, from 0.
    public let offset: Int
    /// What is wrong.
    public let reason: String

    /// An error at `offset`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `REASON at byte N`.
    public var description: String { "\(reason) at byte \(offset)" }
}
