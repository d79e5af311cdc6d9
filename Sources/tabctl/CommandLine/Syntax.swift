/// A command's words after its command word, declared once: the one value from which the
/// parser, the usage line of `--help` and the completion words all come, as
/// swift-argument-parser derives them from a command's property wrappers. Built from the parts
/// in `Syntax+Parts.swift`: `.sequence(.operand("ID", \.id, live: .tabIds), .choice(…))`.
struct Syntax<Command> {
    /// How the part reads in a usage line, one string per alternative: `ID VALUE`, `ID --dot`.
    /// Kept apart so that a sequence can distribute over a choice (`ID VALUE | ID --dot`).
    var forms: [String]
    /// Words a shell may complete within the part (options, keywords, fixed values), in order.
    var words: [String]
    /// What completion asks the daemon for within the part.
    var live: LiveWords
    /// The literal word the part begins with (an option or a keyword): whether an optional
    /// part or an alternative is there is decided by the next word being this one.
    var leading: String?
    /// Consumes the part's words into `command`.
    var parse: (_ command: inout Command, _ operands: inout Operands) throws(UsageError) -> Void

    /// The usage line after the command word: `ID VALUE | ID --dot`.
    var usage: String { forms.joined(separator: " | ") }

    /// What help and completion need, without the parser.
    var summary: SyntaxSummary {
        var seen: Set<String> = []
        return SyntaxSummary(usage: usage, words: words.filter { seen.insert($0).inserted }, live: live)
    }
}

/// Operands whose completions come from the daemon, not from the declaration.
struct LiveWords: OptionSet, Sendable {
    let rawValue: UInt8

    /// Tab ids: `tabctl get AvailableTabs`.
    static let tabIds = LiveWords(rawValue: 1)
    /// Standalone bars' names: `tabctl get Bars`.
    static let barNames = LiveWords(rawValue: 2)
}

/// A syntax's usage line and completion words, without its parser.
struct SyntaxSummary: Sendable {
    /// The usage line after the command word.
    let usage: String
    /// Completion words, each once, in the order declared.
    let words: [String]
    /// What completion asks the daemon for.
    let live: LiveWords
}

/// A command or `bar` action whose operands are declared by a `Syntax`: parsing starts from the
/// empty value (`init()`) and lets each part fill in its field.
protocol DeclaredOperands {
    /// The value before any operand is read; every field the syntax fills has a default.
    init()
    /// The words after the command word.
    static var syntax: Syntax<Self> { get }
    /// Checks the operands as a whole, after parsing (as swift-argument-parser's `validate()`).
    func validate() throws(UsageError)
}

extension DeclaredOperands {
    /// Nothing to check beyond each operand.
    func validate() throws(UsageError) {}

    /// Parses the words after the command word by the declared syntax.
    init(parsing operands: inout Operands) throws(UsageError) {
        self.init()
        try Self.syntax.parse(&self, &operands)
        try validate()
    }
}
