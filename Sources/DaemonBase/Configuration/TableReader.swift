internal import TOML
import TabModel

/// Reads typed keys out of one table of a TOML file (the configuration or a plugin manifest),
/// turning every mismatch into a `ConfigurationError` that names the file, the line the key is
/// written on and the key's path. It remembers which keys were read, so that anything left
/// over can be reported as unknown: a typo must not pass silently.
package struct TableReader {
    /// The file, as errors name it.
    let file: String
    /// The table's path: empty for the document, `appearance`, `tabs[2]`.
    let path: String
    private let table: TOMLTable
    /// Every key asked for, present or not, in the order asked (a few dozen at most: searched
    /// in place, which costs less than hashing each).
    private var read: [String] = []

    /// The document in `bytes`, read from `file`; its syntax errors carry line and column.
    package init(document bytes: [UInt8], file: String) throws(ConfigurationError) {
        do {
            table = try TOMLParser.parse(bytes)
        } catch {
            throw ConfigurationError(file: file, error)
        }
        self.file = file
        path = ""
    }

    private init(table: TOMLTable, file: String, path: String) {
        self.table = table
        self.file = file
        self.path = path
    }

    /// The table's keys, in the order they are written.
    package var keys: [String] { table.keys }

    // MARK: - Typed values

    /// A string, checked by `check` (a model validator) when given.
    package mutating func string(_ key: String, _ check: ((String) throws(TabError) -> Void)? = nil)
        throws(ConfigurationError) -> String?
    {
        try parsed(key) { (text: String) throws(TabError) -> String in
            try check?(text)
            return text
        }
    }

    /// A string that must be present.
    package mutating func requiredString(_ key: String) throws(ConfigurationError) -> String {
        guard let text = try string(key) else { throw failure(key, "is missing") }
        return text
    }

    /// A string turned into a value by `parse`, whose `TabError` becomes this key's error.
    package mutating func parsed<T>(_ key: String, _ parse: (String) throws(TabError) -> T) throws(ConfigurationError)
        -> T?
    {
        guard let value = value(key) else { return nil }
        guard let text = value.string else { throw failure(key, "must be a string, not \(value.typeName)") }
        do {
            return try parse(text)
        } catch {
            throw failure(key, error.message)
        }
    }

    /// An array of strings, each checked by `check` when given.
    package mutating func strings(_ key: String, each check: ((String) throws(TabError) -> Void)? = nil)
        throws(ConfigurationError) -> [String]?
    {
        guard let value = value(key) else { return nil }
        guard let elements = value.array else {
            throw failure(key, "must be an array of strings, not \(value.typeName)")
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let text = element.string else {
                throw failure(key, "must hold only strings, not \(element.typeName)")
            }
            do {
                try check?(text)
            } catch {
                throw failure(key, error.message)
            }
            result.append(text)
        }
        return result
    }

    /// An integer (TOML integers are 64-bit).
    package mutating func integer(_ key: String) throws(ConfigurationError) -> Int64? {
        guard let value = value(key) else { return nil }
        guard let number = value.integer else { throw failure(key, "must be an integer, not \(value.typeName)") }
        return number
    }

    /// An integer within `range`.
    package mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let number = try integer(key) else { return nil }
        guard let value = Int(exactly: number), range.contains(value) else {
            throw failure(key, "must be \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return value
    }

    /// `true` or `false`.
    package mutating func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let flag = value.boolean else { throw failure(key, "must be true or false, not \(value.typeName)") }
        return flag
    }

    /// A table (`[key]`, or an inline table), to read in turn.
    package mutating func table(_ key: String, _ shape: String = "a table") throws(ConfigurationError) -> TableReader? {
        guard let value = value(key) else { return nil }
        guard let nested = value.table else { throw failure(key, "must be \(shape), not \(value.typeName)") }
        return TableReader(table: nested, file: file, path: TOMLKeyPath.appending(key, to: path))
    }

    /// An array of tables (`[[key]]`), each to read in turn.
    package mutating func tables(_ key: String) throws(ConfigurationError) -> [TableReader]? {
        guard let value = value(key) else { return nil }
        guard let elements = value.array else {
            throw failure(key, "must be an array of tables ([[\(key)]]), not \(value.typeName)")
        }
        let arrayPath = TOMLKeyPath.appending(key, to: path)
        var readers: [TableReader] = []
        for (index, element) in elements.enumerated() {
            guard let nested = element.table else {
                throw failure(key, element: index, "must be a table, not \(element.typeName)")
            }
            readers.append(TableReader(table: nested, file: file, path: "\(arrayPath)[\(index)]"))
        }
        return readers
    }

    // MARK: - Unknown keys and errors

    /// Every key of the table not read so far is unknown; `listingKnown` adds the keys that
    /// were read to the message.
    package func rejectUnread(listingKnown: Bool = false) throws(ConfigurationError) {
        for key in table.keys where !read.contains(key) {
            throw failure(
                key, listingKnown ? "unknown key (known: \(Set(read).sorted().joined(separator: ", ")))" : "unknown key"
            )
        }
    }

    /// An error in `key` of this table (in its element `element` when given), at the line the
    /// key is written on, else at the table's own line (a key that is missing).
    package func failure(_ key: String, element: Int? = nil, _ reason: String) -> ConfigurationError {
        let line = table.entry(key)?.location.line ?? table.location.line
        var keyPath = TOMLKeyPath.appending(key, to: path)
        if let element { keyPath += "[\(element)]" }
        return ConfigurationError(file: file, line: line, key: keyPath, reason: reason)
    }

    private mutating func value(_ key: String) -> TOMLValue? {
        read.append(key)
        return table[key]
    }
}
