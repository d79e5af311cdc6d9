/// A TOML table: its keys in document order, each with its value and the place it was written.
///
/// The places are what lets a program that reads a document report a problem it finds in a
/// value (a type, a range) at the line of the key, as it reports a syntax error.
public struct TOMLTable: Sendable, Equatable {
    /// One key of the table.
    public struct Entry: Sendable, Equatable {
        /// The key, unquoted (one component: `fr`, not `titles.fr`).
        public let key: String
        /// Its value.
        public let value: TOMLValue
        /// Where the key is first written: the key of `key = value`, the last component of a
        /// dotted key, or the header that opened the table (`[key]`, the first `[[key]]`).
        public let location: TOMLLocation
    }

    /// Where the table is opened: its header, its `{`, or the start of the document.
    public let location: TOMLLocation
    /// The entries, in the order their keys first appear.
    public let entries: [Entry]
    /// The entries' keys, at the entries' positions, found by name.
    private let index: KeyIndex

    /// A table of `entries` opened at `location`; `index` holds their keys, in their order.
    init(location: TOMLLocation, entries: [Entry], index: KeyIndex) {
        self.location = location
        self.entries = entries
        self.index = index
    }

    /// The keys, in document order.
    public var keys: [String] { index.keys }

    /// The entry for `key`, or nil.
    public func entry(_ key: String) -> Entry? {
        index.position(of: key).map { entries[$0] }
    }

    /// The value of `key`, or nil.
    public subscript(key: String) -> TOMLValue? {
        entry(key)?.value
    }

    /// Tables are equal when they were read at the same place and hold the same entries.
    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.location == rhs.location && lhs.entries == rhs.entries
    }
}
