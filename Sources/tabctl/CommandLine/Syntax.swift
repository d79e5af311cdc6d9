/// A command's words after its command word, declared once: the one value from which the
/// parser (`DeclaredOperands.init(parsing:)`), the usage line of `--help` and of usage errors,
/// and the completion words and live look-ups all come, as swift-argument-parser derives them
/// from a command's property wrappers. Built from the parts in `Syntax+Parts.swift`:
/// `.sequence(.operand("ID", live: .tabIds) { $0.id = $1 }, .choice(…))`.
///
/// Why not swift-argument-parser itself: it imports Foundation, which tabctl keeps out of its
/// process, and it writes its own usage, messages and completions where `docs/tabctl.md` fixes
/// tabctl's. Measured (callgrind, release, runtime linked in, stripped): five subcommands
/// declared with it make a 14.6 MB executable that runs 12.9 M instructions to parse
/// `select alarm` and exit, against 6.1 MB and 2.1 M for the same program reading its
/// arguments by hand; tabctl as installed starts in 0.67 M (docs/performance.md, "tabctl").
///
/// To keep the start cheap, a command line builds only its own command's syntax, the usage
/// strings and words (`SyntaxReading`) are made only when help or completion asks, and the
/// parts take closures rather than key paths, whose first use makes class metadata at run time.
struct Syntax<Command> {
    /// The literal word the part begins with (an option or a keyword): whether an optional
    /// part or an alternative is there is decided by the next word being this one.
    let leading: String?
    /// Consumes the part's words into `command`.
    let parse: (_ command: inout Command, _ operands: inout Operands) throws(UsageError) -> Void
    /// How the part reads, made only when help or completion asks: a command line that only
    /// parses builds no usage strings.
    let reading: () -> SyntaxReading

    /// A part that reads as `forms`, offers `words` and asks the daemon for `live` words.
    init(
        forms: @autoclosure @escaping () -> [String], words: @autoclosure @escaping () -> [String] = [],
        live: LiveWords = [], leading: String? = nil,
        parse: @escaping (_ command: inout Command, _ operands: inout Operands) throws(UsageError) -> Void
    ) {
        self.init(
            leading: leading, reading: { SyntaxReading(forms: forms(), words: words(), live: live) },
            parse: parse)
    }

    /// A part that reads as `reading` says.
    init(
        leading: String?, reading: @escaping () -> SyntaxReading,
        parse: @escaping (_ command: inout Command, _ operands: inout Operands) throws(UsageError) -> Void
    ) {
        self.leading = leading
        self.parse = parse
        self.reading = reading
    }

    /// The usage line after the command word: `ID VALUE | ID --dot`.
    var usage: String { reading().usage }

    /// What help and completion need, without the parser.
    var summary: SyntaxSummary {
        let reading = reading()
        var seen: Set<String> = []
        let words = reading.words.filter { seen.insert($0).inserted }
        return SyntaxSummary(usage: reading.usage, words: words, live: reading.live)
    }
}

/// How a part of a syntax reads in help and completion.
struct SyntaxReading {
    /// The part's usage, one string per alternative: `ID VALUE`, `ID --dot`. Kept apart so that
    /// a sequence can distribute over a choice (`ID VALUE | ID --dot`).
    var forms: [String]
    /// Words a shell may complete within the part (options, keywords, fixed values), in order.
    var words: [String]
    /// What completion asks the daemon for within the part.
    var live: LiveWords

    /// The alternatives joined: `ID VALUE | ID --dot`.
    var usage: String { forms.joined(separator: " | ") }

    /// The readings of parts taken together: their words in order, everything they ask the
    /// daemon for, and `forms` as the whole reads.
    init(forms: [String], words: [String], live: LiveWords) {
        self.forms = forms
        self.words = words
        self.live = live
    }

    /// The words and live lookups of `parts`, read as `forms`.
    init(forms: [String], of parts: [SyntaxReading]) {
        self.init(forms: forms, words: parts.flatMap { $0.words }, live: parts.reduce([]) { $0.union($1.live) })
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
