/// Reads TOML 1.0 documents, in Swift alone, without Foundation.
///
/// Nothing a document holds can make it trap: every read is bounds-checked, numbers are
/// accumulated with overflow-reporting arithmetic, nesting and size are limited, and every
/// refusal is a `TOMLError` naming the line, the column and, where there is one, the key.
///
/// What is accepted: everything TOML 1.0 defines: tables, arrays of tables, dotted keys, inline
/// tables, arrays (mixed types allowed), the four string forms with every escape, integers in
/// decimal, hexadecimal, octal and binary with underscores, floats with `inf` and `nan`,
/// booleans, and offset date-times, local date-times, local dates and local times (a date that
/// does not exist, or a time past 23:59:60, is refused naming the part that is wrong). Keys and tables defined twice are errors,
/// as TOML says.
public enum TOMLParser {
    /// The largest document read, in bytes. A configuration or manifest is a few kilobytes;
    /// the bound keeps what a hostile file can make the reader allocate small.
    public static let maximumDocumentSize = 1 << 20
    /// How deep tables and arrays may nest (a dotted key's components count as tables). The
    /// bound keeps the recursion of reading, comparing and releasing values shallow.
    public static let maximumDepth = 64

    /// The document in `bytes` as its root table.
    public static func parse(_ bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var reader = DocumentReader(source: try SourceText(bytes, limit: maximumDocumentSize))
        return try reader.readDocument()
    }

    /// The document `text` as its root table.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8))
    }
}
