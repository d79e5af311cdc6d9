/// The words after a command word, consumed front to back by the command's parser.
struct Operands {
    /// The command the words belong to, for messages.
    let command: String
    private var words: ArraySlice<String>

    /// The words after `command`.
    init(command: String, words: [String]) {
        self.command = command
        self.words = words[...]
    }

    /// True when every word is consumed.
    var isEmpty: Bool { words.isEmpty }

    /// Consumes `name` if it is next (anywhere before `--`).
    mutating func flag(_ name: String) -> Bool {
        guard words.first == name else { return false }
        words.removeFirst()
        return true
    }

    /// The next word (after a `--`, which ends options), or a usage error naming `what`.
    mutating func required(_ what: String) throws(UsageError) -> String {
        if words.first == "--" { words.removeFirst() }
        guard let word = words.popFirst() else { throw UsageError(message: "\(command) needs \(what)", command: command) }
        return word
    }

    /// The words left, to be parsed for the command now named `command` (`bar modes tap`):
    /// usage errors from here on name that command.
    func renamed(_ command: String) -> Operands {
        var renamed = Operands(command: command, words: [])
        renamed.words = words
        return renamed
    }

    /// The next word as a position: a whole number, 0 or more.
    mutating func index(_ what: String) throws(UsageError) -> UInt32 {
        let word = try required(what)
        guard let value = UInt32(word) else { throw UsageError(message: "\(what) must be a whole number from 0, not '\(word)'", command: command) }
        return value
    }

    /// The next word as one of `table`'s keys, and what that key stands for; any other word is
    /// a usage error listing the keys (`unknown appearance key 'x'; one of: …`).
    mutating func key<Value>(of kind: String, in table: [(key: String, property: Value)]) throws(UsageError) -> Value {
        let word = try required("KEY")
        guard let value = table.first(where: { $0.key == word })?.property else {
            throw UsageError(message: "unknown \(kind) key '\(word)'; one of: \(table.map(\.key).joined(separator: ", "))", command: command)
        }
        return value
    }

    /// The next word as a whole number.
    mutating func integer(_ what: String) throws(UsageError) -> Int32 {
        let word = try required(what)
        guard let value = Int32(word) else { throw UsageError(message: "\(what) must be a whole number, not '\(word)'", command: command) }
        return value
    }

    /// Every word left, `--` dropped.
    mutating func rest() -> [String] {
        let all = words.filter { $0 != "--" }
        words = []
        return all
    }

    /// Every word left; at least one.
    mutating func atLeastOne(_ what: String) throws(UsageError) -> [String] {
        let all = rest()
        guard !all.isEmpty else { throw UsageError(message: "\(command) needs at least one \(what)", command: command) }
        return all
    }

    /// Ids up to the next option.
    mutating func takeIds() -> [String] {
        var ids: [String] = []
        while let word = words.first, !word.hasPrefix("--") {
            ids.append(word)
            words.removeFirst()
        }
        return ids
    }

    /// Throws unless every word was consumed.
    func finish() throws(UsageError) {
        if let extra = words.first { throw UsageError(message: "unexpected '\(extra)' after \(command)", command: command) }
    }
}
