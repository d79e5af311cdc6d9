extension JSONWriter {
    /// Member names quoted once, each with its colon, for documents that write the same names
    /// in many objects (`Describe` writes its 23 tab properties' names once per tab). A name is
    /// written by its position in the table, copied in the same write as its member's value
    /// (`member`), and no name is retained or released on the way.
    public struct Keys: Sendable {
        /// Every name's `"name":`, one after the other.
        private let quoted: [UInt8]
        /// Where each name starts in `quoted`, and after the last, where it ends.
        private let bounds: [Int]

        /// The member names `names`, by their positions in it.
        public init(_ names: [String]) {
            var writer = JSONWriter()
            var bounds = [0]
            for name in names {
                writer.key(name)
                bounds.append(writer.count)
            }
            quoted = writer.bytes
            self.bounds = bounds
        }

        /// How many names the table holds.
        public var count: Int { bounds.count - 1 }

        /// `body` reads the quoted name at `position`.
        func withName<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            let range = bounds[position]..<bounds[position + 1]
            return quoted.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// Writes the member name at `position` in `keys`; the next value is its value.
    public mutating func key(_ position: Int, of keys: Keys) {
        keys.withName(at: position) { name in append(atMost: 0, after: name, leavingComma: false) { _ in 0 } }
    }

    /// Writes a member whose value is a string: the name at `position` in `keys` and the value
    /// in one write.
    public mutating func member(_ position: Int, of keys: Keys, _ value: String) {
        keys.withName(at: position) { name in string(value, after: name) }
    }

    /// Writes a member whose value is `true` or `false`: the name at `position` in `keys` and
    /// the value in one write.
    public mutating func member(_ position: Int, of keys: Keys, _ value: Bool) {
        keys.withName(at: position) { name in bool(value, after: name) }
    }

    /// Writes a member whose value is an integer: the name at `position` in `keys` and the value
    /// in one write.
    @inlinable
    public mutating func member<T: BinaryInteger>(_ position: Int, of keys: Keys, _ value: T) {
        // Inlinable for the reason `integer` is.
        guard let magnitude = UInt64(exactly: value.magnitude) else {
            key(position, of: keys)
            integer(value)
            return
        }
        member(position, of: keys, decimal: magnitude, negative: value < 0)
    }

    @usableFromInline
    mutating func member(_ position: Int, of keys: Keys, decimal magnitude: UInt64, negative: Bool) {
        keys.withName(at: position) { name in decimal(magnitude, negative: negative, after: name) }
    }
}
