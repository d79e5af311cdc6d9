/// A command line `tabctl` cannot act on; exit status 1.
struct UsageError: Error, Equatable {
    /// What is wrong, naming the argument.
    let message: String
    /// The command whose usage to show, when known.
    var command: String?
}

extension Invocation {
    /// Parses the arguments after the program name. Global options may stand before or after
    /// the command word; `--` ends option parsing (for a badge value such as `--1`).
    init(arguments: [String]) throws(UsageError) {
        var words: [String] = []
        var input = arguments[...]
        var optionsEnded = false
        while let argument = input.popFirst() {
            if optionsEnded { words.append(argument); continue }
            switch argument {
            case "--": optionsEnded = true; words.append(argument)
            case "--session": bus = .session
            case "--system": bus = .system
            case "--address":
                guard let address = input.popFirst() else { throw UsageError(message: "--address needs a bus address") }
                bus = .address(address)
            case "--json": json = true
            case "--timeout":
                guard let text = input.popFirst(), let value = Int32(text), value > 0 else {
                    throw UsageError(message: "--timeout needs a number of milliseconds above 0")
                }
                timeoutMs = value
            case "--version": request = .version; return
            case "-h", "--help":
                request = .help(command: words.first)
                return
            default:
                if argument.hasPrefix("--address=") {
                    bus = .address(String(argument.dropFirst("--address=".count)))
                } else if argument.hasPrefix("--timeout=") {
                    guard let value = Int32(argument.dropFirst("--timeout=".count)), value > 0 else {
                        throw UsageError(message: "--timeout needs a number of milliseconds above 0")
                    }
                    timeoutMs = value
                } else {
                    words.append(argument)
                }
            }
        }
        guard let command = words.first else {
            request = .help(command: nil)
            return
        }
        request = try Self.request(command, operands: Array(words.dropFirst()))
    }

    // MARK: - Commands

    private static func request(_ command: String, operands: [String]) throws(UsageError) -> Request {
        var args = Operands(command: command, words: operands)
        let request: Request
        switch command {
        case "show": request = .show(follow: args.flag("--follow"))
        case "list": request = .list
        case "get": request = .get(property: try args.required("PROPERTY"))
        case "select":
            if args.flag("--index") {
                request = .selectIndex(try args.integer("N"))
            } else {
                request = .select(id: try args.required("ID"))
            }
        case "tap": request = .tap(item: try args.required("ID or @more"))
        case "more": request = .more
        case "tabs":
            switch try args.required("set, add or remove") {
            case "set": request = .setTabs(args.rest())
            case "add":
                let id = try args.required("ID")
                request = .addTab(id: id, position: args.isEmpty ? -1 : try args.integer("POSITION"))
            case "remove": request = .removeTab(id: try args.required("ID"))
            case let other: throw UsageError(message: "tabs takes set, add or remove, not '\(other)'", command: command)
            }
        case "customize": request = .customize(try args.atLeastOne("ID"))
        case "customizable": request = .customizable(args.rest())
        case "badge":
            let id = try args.required("ID")
            if args.flag("--dot") {
                request = .badge(id: id, value: .dot)
            } else if args.flag("--clear") {
                request = .badge(id: id, value: .clear)
            } else if args.flag("--color") {
                request = .badgeColor(id: id, color: try args.required("#RRGGBB"))
            } else {
                request = .badge(id: id, value: .text(try args.required("VALUE, --dot or --clear")))
            }
        case "enable": request = .enable(id: try args.required("ID"), enabled: true)
        case "disable": request = .enable(id: try args.required("ID"), enabled: false)
        case "navigate": request = .navigate(id: try args.required("ID"), page: try args.required("PAGE"))
        case "back": request = .back(id: try args.required("ID"))
        case "root": request = .popToRoot(id: try args.required("ID"))
        case "activate": request = .activate(id: try args.required("ID"), action: try args.required("ACTION"))
        case "appearance":
            let key = try args.required("KEY")
            guard AppearanceKeys.names.contains(key) else {
                throw UsageError(message: "unknown appearance key '\(key)'; one of: \(AppearanceKeys.names.joined(separator: ", "))", command: command)
            }
            request = .appearance(key: key, value: try args.required("VALUE"))
        case "orientation": request = .orientation(try args.required("ORIENTATION"))
        case "follow": request = .follow
        case "delegate": request = .delegate(try delegateRules(&args))
        case "reset": request = .reset
        case "describe": request = .describe
        case "completions":
            let shell = try args.required("bash, zsh or fish")
            guard ["bash", "zsh", "fish"].contains(shell) else {
                throw UsageError(message: "completions are for bash, zsh or fish, not '\(shell)'", command: command)
            }
            request = .completions(shell: shell)
        case "help":
            let topic = args.isEmpty ? nil : try args.required("COMMAND")
            if let topic, CommandSpec.named(topic) == nil { throw UsageError(message: "no command '\(topic)'") }
            request = .help(command: topic)
        default:
            throw UsageError(message: "unknown command '\(command)'; 'tabctl --help' lists them")
        }
        try args.finish()
        return request
    }

    private static func delegateRules(_ args: inout Operands) throws(UsageError) -> DelegateRules {
        var rules = DelegateRules()
        while !args.isEmpty {
            if args.flag("--deny") {
                rules.deny += args.takeIds()
            } else if args.flag("--allow-only") {
                rules.allowOnly += args.takeIds()
            } else if args.flag("--exec") {
                rules.exec = try args.required("CMD")
            } else {
                throw UsageError(message: "delegate takes --deny, --allow-only and --exec, not '\(try args.required("rule"))'", command: "delegate")
            }
        }
        return rules
    }
}

/// The words after a command word, consumed front to back.
private struct Operands {
    let command: String
    var words: ArraySlice<String>

    init(command: String, words: [String]) {
        self.command = command
        self.words = words[...]
    }

    var isEmpty: Bool { words.isEmpty }

    /// Consumes `name` if it is next (anywhere before `--`).
    mutating func flag(_ name: String) -> Bool {
        guard words.first == name else { return false }
        words.removeFirst()
        return true
    }

    mutating func required(_ what: String) throws(UsageError) -> String {
        if words.first == "--" { words.removeFirst() }
        guard let word = words.popFirst() else { throw UsageError(message: "\(command) needs \(what)", command: command) }
        return word
    }

    mutating func integer(_ what: String) throws(UsageError) -> Int32 {
        let word = try required(what)
        guard let value = Int32(word) else { throw UsageError(message: "\(what) must be a whole number, not '\(word)'", command: command) }
        return value
    }

    mutating func rest() -> [String] {
        let all = words.filter { $0 != "--" }
        words = []
        return all
    }

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

    func finish() throws(UsageError) {
        if let extra = words.first { throw UsageError(message: "unexpected '\(extra)' after \(command)", command: command) }
    }
}
