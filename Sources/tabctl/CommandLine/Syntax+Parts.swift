// The parts a command's syntax is built from. Each says, in one place, how it reads in a usage
// line, which words it offers a shell, and how it parses.

extension Syntax {
    /// No operands.
    static var none: Syntax { Syntax(forms: [""]) { _, _ throws(UsageError) in } }

    /// A part parsed by hand, for one whose reading depends on an earlier operand; it still
    /// declares its usage and words here, next to its parsing.
    static func custom(
        _ usage: String, words: @autoclosure @escaping () -> [String] = [], live: LiveWords = [],
        _ parse: @escaping (inout Command, inout Operands) throws(UsageError) -> Void
    ) -> Syntax {
        Syntax(forms: [usage], words: words(), live: live, parse: parse)
    }

    /// One operand, `NAME` in the usage; a missing one is `COMMAND needs MISSING` (default
    /// `NAME`), a word `set` refuses is a usage error of the command.
    static func operand<Value: OperandValue>(
        _ name: String, missing: String? = nil,
        values: @autoclosure @escaping () -> [String] = [],
        live: LiveWords = [],
        _ set: @escaping (inout Command, Value) throws(UsageError) -> Void
    ) -> Syntax {
        Syntax(forms: [name], words: values(), live: live) { command, operands throws(UsageError) in
            let value = try Value(operand: try operands.required(missing ?? name), named: name, of: operands.command)
            do throws(UsageError) {
                try set(&command, value)
            } catch {
                throw UsageError(message: error.message, command: operands.command)
            }
        }
    }

    /// `KEY`, one of `table`'s keys, offered to the shell; any other word is a usage error
    /// listing them (`unknown appearance key 'x'; one of: …`). `set` stores what it stands for.
    static func key<Value>(
        of kind: String, in table: [(key: String, property: Value)],
        _ set: @escaping (inout Command, Value) -> Void
    ) -> Syntax {
        operand("KEY", values: table.map { $0.key }) { (command, word: String) throws(UsageError) in
            guard let value = table.first(where: { $0.key == word })?.property else {
                let keys = table.map { $0.key }.joined(separator: ", ")
                throw UsageError(message: "unknown \(kind) key '\(word)'; one of: \(keys)")
            }
            set(&command, value)
        }
    }

    /// Two operands read together (`INDEX ID` of one step).
    static func operands<First: OperandValue, Second: OperandValue>(
        _ first: String, _ second: String, _ set: @escaping (inout Command, First, Second) -> Void
    ) -> Syntax {
        Syntax(forms: [first + " " + second]) { command, operands throws(UsageError) in
            let one = try First(operand: try operands.required(first), named: first, of: operands.command)
            let two = try Second(operand: try operands.required(second), named: second, of: operands.command)
            set(&command, one, two)
        }
    }

    /// A literal word (an option such as `--dot`, or a keyword such as `set`), offered to the
    /// shell; `set` says what it means.
    static func literal(_ word: String, _ set: @escaping (inout Command) -> Void = { _ in }) -> Syntax {
        Syntax(forms: [word], words: [word], leading: word) { command, operands throws(UsageError) in
            _ = operands.flag(word)
            set(&command)
        }
    }

    /// The words left, `NAME...`: every one (`--` dropped), or with `upToOption` those up to the
    /// next word that begins with `--`; `atLeast` names what a command needs at least one of.
    static func list(
        _ name: String, upToOption: Bool = false, atLeast: String? = nil, live: LiveWords = [],
        _ set: @escaping (inout Command, [String]) -> Void
    ) -> Syntax {
        Syntax(forms: [name + "..."], live: live) { command, operands throws(UsageError) in
            let words = upToOption ? operands.takeIds() : operands.rest()
            if let atLeast, words.isEmpty {
                throw UsageError(
                    message: "\(operands.command) needs at least one \(atLeast)",
                    command: operands.command)
            }
            set(&command, words)
        }
    }

    /// Parts one after the other. A choice among them distributes the parts before it over its
    /// alternatives in the usage: `ID VALUE | ID --dot`.
    static func sequence(_ parts: Syntax...) -> Syntax {
        Syntax(
            leading: parts.first?.leading,
            reading: {
                let readings = parts.map { $0.reading() }
                return SyntaxReading(
                    forms: readings.reduce([""]) { forms, part in
                        forms.flatMap { form in
                            part.forms.map { form.isEmpty ? $0 : $0.isEmpty ? form : form + " " + $0 }
                        }
                    }, of: readings)
            },
            parse: { command, operands throws(UsageError) in
                for part in parts { try part.parse(&command, &operands) }
            })
    }

    /// A part that may be left out: there when the next word is its leading word or, for a
    /// part that begins with an operand, when any word is left. `[IMAGE [SELECTED_IMAGE]]`.
    static func optional(_ part: Syntax) -> Syntax {
        Syntax(
            leading: part.leading,
            reading: {
                let reading = part.reading()
                return SyntaxReading(forms: ["[" + reading.usage + "]"], of: [reading])
            },
            parse: { command, operands throws(UsageError) in
                if part.leading.map({ operands.next == $0 }) ?? !operands.isEmpty {
                    try part.parse(&command, &operands)
                }
            })
    }

    /// A part whose words are parsed but not shown in the usage (`help`'s words after its topic).
    static func unlisted(_ part: Syntax) -> Syntax {
        Syntax(leading: part.leading, reading: { SyntaxReading(forms: [""], of: [part.reading()]) }, parse: part.parse)
    }

    /// One of `alternatives`: the one whose leading word is next; else the one that begins with
    /// an operand. When every alternative begins with a keyword, the next word must be one of
    /// them: `COMMAND needs set, add or remove`, `COMMAND <refusing> set, add or remove, not 'x'`.
    static func choice(_ alternatives: Syntax..., refusing: String = "takes") -> Syntax {
        assert(
            alternatives.filter { $0.leading == nil }.count <= 1,
            "at most one alternative of a choice begins with an operand")
        let fallback = alternatives.first { $0.leading == nil }
        return Syntax(
            leading: nil,
            reading: {
                let readings = alternatives.map { $0.reading() }
                return SyntaxReading(forms: readings.flatMap { $0.forms }, of: readings)
            },
            parse: { command, operands throws(UsageError) in
                if fallback == nil {
                    let keywords = alternatives.compactMap { $0.leading }
                    // A keyword stands where an operand would: `--` before it is dropped, as before one.
                    let listed = Self.listing(keywords, and: "or")
                    let word = try operands.required(listed)
                    guard keywords.contains(word) else {
                        throw UsageError(
                            message: "\(operands.word) \(refusing) \(listed), not '\(word)'",
                            command: operands.command)
                    }
                    operands.restore(word)
                }
                if let chosen = alternatives.first(where: { $0.leading != nil && operands.next == $0.leading }) {
                    try chosen.parse(&command, &operands)
                } else if let fallback {
                    try fallback.parse(&command, &operands)
                }
            })
    }

    /// Options that may come in any order, each any number of times, until no word is left:
    /// `[--follow] [--bar NAME]`, or with `repeated`, `[--move ID INDEX]...`. Any other word is
    /// `COMMAND takes --follow and --bar NAME, not 'x'` (`naming: .names`: the options' words
    /// alone); `unknown` is what a missing word after `--` is called.
    static func options(
        _ options: Syntax..., repeated: Bool = false, naming: OptionNaming = .usages,
        unknown: String
    ) -> Syntax {
        assert(options.allSatisfy { $0.leading != nil }, "every option of a block begins with its word")
        return Syntax(
            leading: nil,
            reading: {
                let readings = options.map { $0.reading() }
                let forms = readings.map { "[" + $0.usage + "]" + (repeated ? "..." : "") }
                return SyntaxReading(forms: [forms.joined(separator: " ")], of: readings)
            },
            parse: { command, operands throws(UsageError) in
                while !operands.isEmpty {
                    guard let option = options.first(where: { operands.next == $0.leading }) else {
                        let named = options.map { naming == .names ? $0.leading ?? $0.usage : $0.usage }
                        let listed = listing(named, and: "and")
                        throw UsageError(
                            message: "\(operands.word) takes \(listed), not '\(try operands.required(unknown))'",
                            command: operands.command)
                    }
                    try option.parse(&command, &operands)
                }
            })
    }

    /// `a, b and c`: items joined for a message, `conjunction` before the last.
    private static func listing(_ items: [String], and conjunction: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}

/// How a usage error lists a command's options.
enum OptionNaming {
    /// With their values: `--follow and --bar NAME`.
    case usages
    /// Their words alone: `--deny, --allow-only and --exec`.
    case names
}

/// A type an operand's word is read as; a word it cannot be names the operand.
protocol OperandValue {
    /// The value of `word`, the operand `name` of the command `command`.
    init(operand word: String, named name: String, of command: String) throws(UsageError)
}

extension String: OperandValue {
    /// The word as it is.
    init(operand word: String, named name: String, of command: String) throws(UsageError) { self = word }
}

extension Int32: OperandValue {
    /// A whole number.
    init(operand word: String, named name: String, of command: String) throws(UsageError) {
        guard let value = Int32(word) else {
            throw UsageError(message: "\(name) must be a whole number, not '\(word)'", command: command)
        }
        self = value
    }
}

extension UInt32: OperandValue {
    /// A position: a whole number, 0 or more.
    init(operand word: String, named name: String, of command: String) throws(UsageError) {
        guard let value = UInt32(word) else {
            throw UsageError(message: "\(name) must be a whole number from 0, not '\(word)'", command: command)
        }
        self = value
    }
}
