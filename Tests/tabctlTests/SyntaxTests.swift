import Testing

@testable import tabctl

/// A made-up command declared as the real ones are: one `syntax` gives its parser, its usage line and
/// its completion words.
struct Pin: DeclaredOperands, Equatable {
    enum Color: Equatable {
        case named(String)
        case none
    }

    var id = ""
    var color = Color.none
    var position: Int32 = -1
    var loud = false
    var notes: [String] = []

    static var syntax: Syntax<Self> {
        .sequence(
            .operand("ID", live: .tabIds) { $0.id = $1 },
            .choice(
                .operand("COLOR", missing: "COLOR or --none", values: ["red", "blue"]) { $0.color = .named($1) },
                .literal("--none") { $0.color = .none }),
            .optional(.operand("POSITION") { $0.position = $1 }),
            .options(
                .literal("--loud") { $0.loud = true },
                .sequence(.literal("--note"), .operand("TEXT") { $0.notes.append($1) }),
                unknown: "option"))
    }
}

func pin(_ line: String) throws(UsageError) -> Pin {
    var operands = Operands(command: "pin", words: line.split(separator: " ").map(String.init))
    let pin = try Pin(parsing: &operands)
    try operands.finish()
    return pin
}

@Suite("declared command syntax")
struct SyntaxTests {
    @Test("the usage line distributes the parts before a choice over its alternatives")
    func usage() {
        #expect(
            Pin.syntax.usage
                == "ID COLOR [POSITION] [--loud] [--note TEXT] | ID --none [POSITION] [--loud] [--note TEXT]")
    }

    @Test("completion offers the fixed values and options in the order declared, and asks the daemon for tab ids")
    func completion() {
        #expect(Pin.syntax.summary.words == ["red", "blue", "--none", "--loud", "--note"])
        #expect(Pin.syntax.summary.live == .tabIds)
    }

    @Test(
        "parsing fills the fields the parts name",
        arguments: [
            ("a red", Pin(id: "a", color: .named("red"))),
            ("a --none 3", Pin(id: "a", color: .none, position: 3)),
            ("a -- --none", Pin(id: "a", color: .named("--none"))),
            (
                "a red 2 --note x --loud --note y",
                Pin(id: "a", color: .named("red"), position: 2, loud: true, notes: ["x", "y"])
            ),
        ])
    func parsing(line: String, expected: Pin) throws {
        #expect(try pin(line) == expected)
    }

    @Test(
        "a missing or wrong word is a usage error naming the part",
        arguments: [
            ("", "pin needs ID"),
            ("a", "pin needs COLOR or --none"),
            ("a red x", "POSITION must be a whole number, not 'x'"),
            ("a red 1 --note", "pin needs TEXT"),
            ("a red 1 --quiet", "pin takes --loud and --note TEXT, not '--quiet'"),
        ])
    func errors(line: String, message: String) {
        #expect(throws: UsageError(message: message, command: "pin")) { try pin(line) }
    }

    @Test("a choice of keywords takes nothing else, and says which it takes")
    func keywords() {
        for (words, message) in [
            (["tcsh"], "completions are for bash, zsh or fish, not 'tcsh'"),
            ([], "completions needs bash, zsh or fish"),
        ] {
            var operands = Operands(command: "completions", words: words)
            #expect(throws: UsageError(message: message, command: "completions")) {
                try CompletionsCommand(parsing: &operands)
            }
        }
    }
}
