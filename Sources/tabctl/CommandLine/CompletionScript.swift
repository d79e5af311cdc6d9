/// Shell completion scripts, generated from the command table so they never drift from it.
/// Tab ids and standalone bar names are completed live from the daemon (`tabctl get
/// AvailableTabs`, `tabctl get Bars`).
enum CompletionScript {
    /// The script for `shell` (bash, zsh or fish).
    static func script(for shell: String) -> String {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        default: fish
        }
    }

    private static let globalOptions = "--session --system --address --json --timeout --help --version"

    /// The words asked from the daemon for `spec`'s operands, each command substitution
    /// written between `open` and `close` in the shell's syntax: ` $(tabctl get Bars …)`.
    private static func live(_ spec: CommandSpec, _ open: String, _ close: String) -> String {
        let properties = (spec.takesTabIds ? ["AvailableTabs"] : []) + (spec.takesBarNames ? ["Bars"] : [])
        return properties.map { " \(open)tabctl get \($0) 2>/dev/null\(close)" }.joined()
    }

    /// `text` with each single quote written as `escape`. (The standard library's own
    /// `replacing(_:with:)` lives in the string-processing module, which tabctl does not import:
    /// see `Package.swift`.)
    private static func quoted(_ text: String, with escape: String) -> String {
        text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: escape)
    }

    private static var bash: String {
        let cases = CommandSpec.all.map { spec in
            "        \(spec.name)) words=\"\(spec.words.joined(separator: " "))\(live(spec, "$(", ")"))\" ;;"
        }
        return """
            # bash completion for tabctl
            _tabctl() {
                local cur=${COMP_WORDS[COMP_CWORD]} command="" words="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        --address|--timeout) ((i++)) ;;
                        -*) ;;
                        *) command=${COMP_WORDS[i]}; break ;;
                    esac
                done
                if [[ -z $command ]]; then
                    COMPREPLY=($(compgen -W "\(CommandSpec.all.map(\.name).joined(separator: " ")) \(globalOptions)" -- "$cur"))
                    return
                fi
                case $command in
            \(cases.joined(separator: "\n"))
                esac
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
            }
            complete -F _tabctl tabctl

            """
    }

    private static var zsh: String {
        let commands = CommandSpec.all.map { "'\($0.name):\(quoted($0.summary, with: "'\\''"))'" }
        let cases = CommandSpec.all.map { spec in
            "        \(spec.name)) values=(\(spec.words.joined(separator: " "))\(live(spec, "${(f)\"$(", ")\"}"))) ;;"
        }
        return """
            #compdef tabctl
            _tabctl() {
                local -a commands values
                commands=(\(commands.joined(separator: " ")))
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case $words[2] in
            \(cases.joined(separator: "\n"))
                esac
                compadd -a values
            }
            _tabctl "$@"

            """
    }

    private static var fish: String {
        var lines = ["# fish completion for tabctl", "complete -c tabctl -f"]
        for option in globalOptions.split(separator: " ") {
            lines.append("complete -c tabctl -l \(option.dropFirst(2))")
        }
        for spec in CommandSpec.all {
            let summary = quoted(spec.summary, with: "\\'")
            lines.append("complete -c tabctl -n __fish_use_subcommand -a \(spec.name) -d '\(summary)'")
            let values = spec.words.joined(separator: " ") + live(spec, "(", ")")
            if !values.allSatisfy({ $0 == " " }) {
                lines.append("complete -c tabctl -n '__fish_seen_subcommand_from \(spec.name)' -a \"\(values)\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
