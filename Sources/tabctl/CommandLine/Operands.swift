/// The words after a command word, consumed front to back by the command's declared syntax.
struct Operands {
    /// The command the words belong to, for messages (`bar modes tap`).
    let command: String
    private var words: ArraySlice<String>

    /// The words after `command`.
    init(command: String, words: [String]) {
        self.command = command
        self.words = words[...]
    }

    /// True when every word is consumed.
    var isEmpty: Bool { words.isEmpty }

    /// The next word, not consumed.
    var next: String? { words.first }

    /// The command's or the `bar` action's own word (`tap` of `bar modes tap`), for messages
    /// that name it alone.
    var word: Substring { command.split(separator: " ").last ?? Substring(command) }

    /// Consumes `name` if it is next (anywhere before `--`).
    mutating func flag(_ name: String) -> Bool {
        guard words.first == name else { return false }
        words.removeFirst()
        return true
    }

    /// The next word (after a `--`, which ends options), or a usage error naming `what`.
    mutating func required(_ what: String) throws(UsageError) -> String {
        if words.first == "--" { words.removeFirst() }
        guard let word = words.popFirst() else {
            throw UsageError(message: "\(command) needs \(what)", command: command)
        }
        return word
    }

    /// Puts `word`, just consumed, back in front.
    mutating func restore(_ word: String) {
        words.insert(word, at: words.startIndex)
    }

    /// The words left, to be parsed for the command now named `command` (`bar modes tap`):
    /// usage errors from here on name that command.
    func renamed(_ command: String) -> Operands {
        var renamed = Operands(command: command, words: [])
        renamed.words = words
        return renamed
    }

    /// Every word left, `--` dropped.
    mutating func rest() -> [String] {
        let all = words.filter { $0 != "--" }
        words = []
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
        if let extra = words.first {
            throw UsageError(message: "unexpected '\(extra)' after \(command)", command: command)
        }
    }
}
