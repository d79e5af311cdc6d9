import CBacktraceSetting
import Glibc

// The runtime has read the SWIFT_BACKTRACE that the release build set for its start (to skip
// the search for a `swift-backtrace` the package does not ship); the commands and what they
// start see the environment tabctl was given.
tabctl_forget_backtrace_setting()

// A closed pipe is reported as EPIPE by write(2) and handled where output is written
// (`follow | head` ends quietly), instead of killing the process mid-line.
signal(SIGPIPE, SIG_IGN)

let arguments = CommandLine.arguments.dropFirst().map { $0 }
let status: ExitStatus
do {
    status = CommandRunner(invocation: try Invocation(arguments: arguments)).run()
} catch {
    StandardStream.error.line("tabctl: \(error.message)")
    let words = error.command?.split(separator: " ").map(String.init) ?? []
    if let name = words.first, let command = CommandTable.command(named: name) {
        StandardStream.error.line("Usage: tabctl [OPTIONS] \(command.usage(Array(words.dropFirst())))")
    } else {
        StandardStream.error.line("Try 'tabctl --help'.")
    }
    status = .usage
}
exit(status.rawValue)
