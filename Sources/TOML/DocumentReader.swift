/// The cursor that reads one document: lines, headers, keys and the rules of which table a
/// key or header may add to. Values are read in `DocumentReader+Values.swift`, strings and
/// numbers in their own files.
struct DocumentReader {
    let source: SourceText
    /// The byte being read.
    var offset = 0
    /// The key whose header, name or value is being read, for messages. Kept as its parts and
    /// written out only when a message needs it (`keyPath`): nearly every document is read
    /// without one.
    var key: KeyBeingRead?

    init(source: SourceText) {
        self.source = source
    }

    // MARK: - Document

    /// Reads every line: blank lines, comments, `[table]` and `[[array]]` headers, and
    /// `key = value` pairs into the table the latest header opened.
    mutating func readDocument() throws(TOMLError) -> TOMLTable {
        let root = TableNode(origin: .header, location: source.location(of: 0), depth: 0, path: "")
        var current = root
        // A byte order mark.
        if source.byte(at: 0) == 0xEF, source.byte(at: 1) == 0xBB, source.byte(at: 2) == 0xBF { offset = 3 }
        while true {
            key = nil
            skipSpaces()
            guard let byte = peek() else { break }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try readNewline()
                continue
            case UInt8(ascii: "#"):
                try skipComment()
                continue
            case UInt8(ascii: "["):
                current = try readHeader(root: root)
            default:
                try readKeyValue(into: current)
            }
            try readEndOfLine()
        }
        return root.finished()
    }

    /// After a header or a key's value: spaces, perhaps a comment, then a newline or the end.
    private mutating func readEndOfLine() throws(TOMLError) {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { try skipComment() }
        guard let byte = peek() else { return }
        guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
            throw failure("expected the end of the line, found \(describe(at: offset))")
        }
        try readNewline()
    }

    // MARK: - Headers and key/value pairs

    /// `[a.b]` or `[[a.b]]`: the table the lines below it fill.
    private mutating func readHeader(root: TableNode) throws(TOMLError) -> TableNode {
        let start = offset
        let isArray = peek(1) == UInt8(ascii: "[")
        offset += isArray ? 2 : 1
        skipSpaces()
        let components = try readKey(startingIn: root)
        skipSpaces()
        guard peek() == UInt8(ascii: "]"), !isArray || peek(1) == UInt8(ascii: "]") else {
            throw failure("expected '\(isArray ? "]]" : "]")' to close the header, found \(describe(at: offset))")
        }
        offset += isArray ? 2 : 1
        var table = root
        for component in components.dropLast() {
            table = try enterForHeader(table, component)
        }
        guard let last = components.last else { throw failure("a header without a key", at: start) }
        let location = source.location(of: start)
        return isArray ? try appendTable(to: table, last, at: location) : try openTable(in: table, last, at: location)
    }

    /// `a.b.c = value` in `table` (the latest header's, or an inline table): `a` and `b` are
    /// tables dotted keys made, or make now.
    mutating func readKeyValue(into table: TableNode) throws(TOMLError) {
        let components = try readKey(startingIn: table)
        skipSpaces()
        guard peek() == UInt8(ascii: "=") else {
            throw failure("expected '=' after the key, found \(describe(at: offset))")
        }
        offset += 1
        skipSpaces()
        var target = table
        for component in components.dropLast() {
            target = try enterForDottedKey(target, component)
        }
        guard let last = components.last else { throw failure("a key/value pair without a key") }
        if let existing = target.member(last.name) {
            throw failure("defined twice (first at line \(existing.location.line))", at: last.offset)
        }
        let value = try readValue(depth: target.depth + 1)
        target.add(last.name, .value(value), at: source.location(of: last.offset))
    }

    // MARK: - Keys

    /// One component of a key, and where it starts.
    struct KeyComponent {
        let name: String
        let offset: Int
    }

    /// The components of a key read so far, inside the table whose path they extend.
    struct KeyBeingRead {
        /// The table the key is read in.
        let table: TableNode
        /// The components read so far.
        var components: [KeyComponent]

        /// The key as messages name it: `tabs[2].titles."pt BR"`.
        var path: String {
            components.reduce(table.path) { path, component in TOMLKeyPath.appending(component.name, to: path) }
        }
    }

    /// The path of the key whose header, name or value is being read, for messages.
    var keyPath: String? { key?.path }

    /// A dotted key: bare, basic-quoted and literal-quoted components joined by dots, with
    /// spaces allowed around the dots. Keeps `key` up to date for messages: until its first
    /// component is read, a message names the key read before it, if any.
    private mutating func readKey(startingIn table: TableNode) throws(TOMLError) -> [KeyComponent] {
        var components: [KeyComponent] = []
        while true {
            let start = offset
            let name: String
            switch peek() {
            case UInt8(ascii: "\""):
                name = try readBasicString(multiline: false)
            case UInt8(ascii: "'"):
                name = try readLiteralString(multiline: false)
            case let byte? where Self.isBareKeyByte(byte):
                while let next = peek(), Self.isBareKeyByte(next) { offset += 1 }
                name = source.text(start..<offset)
            default:
                throw failure("expected a key, found \(describe(at: offset))")
            }
            components.append(KeyComponent(name: name, offset: start))
            key = KeyBeingRead(table: table, components: components)
            guard components.count <= TOMLParser.maximumDepth else {
                throw failure("a key of more than \(TOMLParser.maximumDepth) parts", at: start)
            }
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else { return components }
            offset += 1
            skipSpaces()
        }
    }

    /// `A-Z a-z 0-9 _ -`.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    // MARK: - Which table a header or key adds to (TOML 1.0, "Table")

    /// A component on the way to a header's table: any table may be passed through (an array
    /// of tables means its latest element); a missing one is implied.
    private func enterForHeader(_ table: TableNode, _ key: KeyComponent) throws(TOMLError) -> TableNode {
        guard let member = table.member(key.name) else { return try addTable(.implied, to: table, key) }
        switch member.slot {
        case .table(let child): return child
        case .tables(let array):
            guard let latest = array.elements.last else { throw failure("an empty array of tables", at: key.offset) }
            return latest
        case .value(let value):
            throw failure(Self.complete(value, at: member.location), at: key.offset)
        }
    }

    /// The last component of `[key]`: a new table, or one so far only implied.
    private func openTable(in table: TableNode, _ key: KeyComponent, at location: TOMLLocation) throws(TOMLError)
        -> TableNode
    {
        guard let member = table.member(key.name) else { return try addTable(.header, to: table, key, at: location) }
        switch member.slot {
        case .table(let child) where child.origin == .implied:
            child.origin = .header
            return child
        case .table(let child) where child.origin == .dotted:
            throw failure(
                "a table made by dotted keys (line \(member.location.line)) cannot be opened by a header",
                at: key.offset)
        case .table:
            throw failure("a table opened twice (first at line \(member.location.line))", at: key.offset)
        case .tables:
            throw failure(
                "an array of tables (line \(member.location.line)): its elements open with [[…]]", at: key.offset)
        case .value(let value):
            throw failure("already a \(value.typeName) (line \(member.location.line)), not a table", at: key.offset)
        }
    }

    /// The last component of `[[key]]`: a new element of a new or existing array of tables.
    private func appendTable(to table: TableNode, _ key: KeyComponent, at location: TOMLLocation) throws(TOMLError)
        -> TableNode
    {
        let array: TableArray
        let member = table.member(key.name)
        let line = member?.location.line ?? 0
        switch member?.slot {
        case nil:
            array = TableArray()
            table.add(key.name, .tables(array), at: location)
        case .tables(let existing)?:
            array = existing
        case .table?:
            throw failure("already a table (line \(line)), not an array of tables", at: key.offset)
        case .value(let value)?:
            throw failure(
                value.array != nil
                    ? "an array written as a value (line \(line)) is complete as written; [[…]] cannot add to it"
                    : "already a \(value.typeName) (line \(line)), not an array of tables", at: key.offset)
        }
        let element = try makeTable(
            .header, in: table, key, at: location,
            path: table.path(of: key.name) + "[\(array.elements.count)]")
        array.append(element)
        return element
    }

    /// A component before the last of `a.b.c = value`: a table dotted keys made, or a new one.
    private func enterForDottedKey(_ table: TableNode, _ key: KeyComponent) throws(TOMLError) -> TableNode {
        guard let member = table.member(key.name) else { return try addTable(.dotted, to: table, key) }
        switch member.slot {
        case .table(let child) where child.origin == .dotted:
            return child
        case .table(let child) where child.origin == .implied:
            child.origin = .dotted // Defined now: no header may open it later.
            return child
        case .table:
            throw failure(
                "a table opened by a header (line \(member.location.line)); dotted keys cannot add to it",
                at: key.offset)
        case .tables:
            throw failure(
                "an array of tables (line \(member.location.line)); dotted keys cannot add to it", at: key.offset)
        case .value(let value):
            throw failure(Self.complete(value, at: member.location), at: key.offset)
        }
    }

    /// Why a finished value cannot be added to.
    private static func complete(_ value: TOMLValue, at location: TOMLLocation) -> String {
        switch value {
        case .table: "an inline table (line \(location.line)) is complete as written; nothing can add to it"
        case .array: "an array written as a value (line \(location.line)) is complete as written; nothing can add to it"
        default: "already a \(value.typeName) (line \(location.line)), not a table"
        }
    }

    /// A new table under `key` of `parent`, written at `location` (by default where the key is).
    private func addTable(
        _ origin: TableNode.Origin, to parent: TableNode, _ key: KeyComponent,
        at location: TOMLLocation? = nil
    ) throws(TOMLError) -> TableNode {
        let child = try makeTable(origin, in: parent, key, at: location)
        parent.add(key.name, .table(child), at: child.location)
        return child
    }

    /// A new table for `key` inside `parent`, within the depth limit.
    func makeTable(
        _ origin: TableNode.Origin, in parent: TableNode, _ key: KeyComponent,
        at location: TOMLLocation? = nil, path: String? = nil
    ) throws(TOMLError) -> TableNode {
        let depth = parent.depth + 1
        guard depth <= TOMLParser.maximumDepth else {
            throw failure("tables nested more than \(TOMLParser.maximumDepth) deep", at: key.offset)
        }
        return TableNode(
            origin: origin, location: location ?? source.location(of: key.offset), depth: depth,
            path: path ?? parent.path(of: key.name))
    }

    // MARK: - Spaces, newlines, comments

    /// The byte `ahead` of the cursor, or nil past the end.
    @inline(__always)
    func peek(_ ahead: Int = 0) -> UInt8? { source.byte(at: offset + ahead) }

    /// Spaces and tabs.
    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { offset += 1 }
    }

    /// `\n` or `\r\n`; a lone carriage return is not a newline.
    mutating func readNewline() throws(TOMLError) {
        if peek() == UInt8(ascii: "\r") {
            guard peek(1) == UInt8(ascii: "\n") else { throw failure("a carriage return not followed by a line feed") }
            offset += 1
        }
        offset += 1
    }

    /// `#` to the end of the line, which stays unread. TOML forbids control characters other
    /// than tab in comments.
    mutating func skipComment() throws(TOMLError) {
        offset += 1
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r") {
                guard peek(1) == UInt8(ascii: "\n") else {
                    throw failure("a carriage return not followed by a line feed")
                }
                return
            }
            if Self.isControl(byte) { throw failure("\(describe(at: offset)) in a comment") }
            offset += 1
        }
    }

    /// A control character TOML forbids in comments and strings (tab is allowed).
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    // MARK: - Messages

    /// An error at `at` (the cursor by default), in the key being read.
    func failure(_ reason: String, at: Int? = nil) -> TOMLError {
        TOMLError(location: source.location(of: at ?? offset), key: keyPath, reason: reason)
    }

    /// The character at `offset` as a message names it: `'x'`, `'é' (U+00E9)`, `U+0007`,
    /// `the end of the line` or `the end of the document`.
    func describe(at offset: Int) -> String {
        guard let byte = source.byte(at: offset) else { return "the end of the document" }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "the end of the line" }
        var length = 1
        while let next = source.byte(at: offset + length), next & 0xC0 == 0x80, length < 4 { length += 1 }
        guard let scalar = source.text(offset..<offset + length).unicodeScalars.first else {
            return "an unreadable character"
        }
        let code = "U+" + scalar.value.hexDigits(minimum: 4)
        if scalar.value < 0x20 || scalar.value == 0x7F { return "the control character \(code)" }
        if scalar.isASCII { return "'\(Character(scalar))'" }
        return "'\(Character(scalar))' (\(code))"
    }
}

extension UInt32 {
    /// The value in upper-case hexadecimal, with zeros in front up to `minimum` digits.
    func hexDigits(minimum: Int) -> String {
        let digits = String(self, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, minimum - digits.count)) + digits
    }
}
