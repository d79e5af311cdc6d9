/// A table while the document is being read: it still takes keys, and remembers how it came
/// to be, which decides what may add to it later (TOML 1.0, "Table"):
///
/// - a table named only on the way to another (`a` in `[a.b]`) may still be opened by its own
///   header, once;
/// - a table opened by a header cannot be opened again, nor added to by dotted keys from
///   another table;
/// - a table made by dotted keys cannot be opened by a header, though headers may open
///   tables below it;
/// - an inline table, and an array written as a value, are complete as written (they are
///   stored as finished values and take nothing more).
final class TableNode {
    /// How the table came to be.
    enum Origin {
        /// Named on the way to a deeper header.
        case implied
        /// Opened by its own `[header]`, or an element of an array of tables.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`).
        case dotted
        /// An inline table being read; complete once its `}` is read.
        case inline
    }

    /// What a key of a table holds while the document is read.
    enum Slot {
        /// A finished value: a scalar, an array written as a value, an inline table.
        case value(TOMLValue)
        /// A table that may still take keys.
        case table(TableNode)
        /// An array of tables (`[[key]]`), which each new header extends.
        case tables(TableArray)
    }

    /// One key, where it was written, and what it holds.
    struct Member {
        let location: TOMLLocation
        var slot: Slot
    }

    var origin: Origin
    /// Where the table was opened.
    let location: TOMLLocation
    /// How many tables and arrays enclose it; the root is at depth 0.
    let depth: Int
    /// The path naming the table in messages (`tabs[1].titles`); empty for the root.
    let path: String
    /// The keys, in the order they were added, found by name.
    private var index = KeyIndex()
    /// What each key of `index` holds, at the key's position.
    private var members: [Member] = []

    init(origin: Origin, location: TOMLLocation, depth: Int, path: String) {
        self.origin = origin
        self.location = location
        self.depth = depth
        self.path = path
    }

    /// What `key` holds, if anything.
    func member(_ key: String) -> Member? { index.position(of: key).map { members[$0] } }

    /// Adds `key`, which must be new.
    func add(_ key: String, _ slot: Slot, at location: TOMLLocation) {
        index.append(key)
        members.append(Member(location: location, slot: slot))
    }

    /// The path of `key` inside this table, as messages name it.
    func path(of key: String) -> String {
        TOMLKeyPath.appending(key, to: path)
    }

    /// The finished table. Recursion is bounded by the parser's depth limit.
    func finished() -> TOMLTable {
        let entries = zip(index.keys, members).map { key, member in
            let value: TOMLValue =
                switch member.slot {
                case .value(let value): value
                case .table(let table): .table(table.finished())
                case .tables(let array): .array(array.elements.map { .table($0.finished()) })
                }
            return TOMLTable.Entry(key: key, value: value, location: member.location)
        }
        return TOMLTable(location: location, entries: entries, index: index)
    }
}

/// An array of tables while the document is read: each `[[key]]` header adds an element.
final class TableArray {
    private(set) var elements: [TableNode] = []

    func append(_ table: TableNode) { elements.append(table) }
}
