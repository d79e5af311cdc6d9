import Foundation
import Testing

@testable import tabctl

@Suite("tabctl completions")
struct CompletionScriptTests {
    @Test("the bash script is valid bash and offers every command")
    func bashSyntax() throws {
        let script = CompletionScript.script(for: "bash")
        for spec in CommandSpec.all { #expect(script.contains(spec.name)) }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = ["-n"]
        let input = Pipe()
        check.standardInput = input
        try check.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
    }

    @Test("zsh and fish scripts name every command and complete tab ids from the daemon")
    func zshAndFish() {
        for shell in ["zsh", "fish"] {
            let script = CompletionScript.script(for: shell)
            for spec in CommandSpec.all { #expect(script.contains(spec.name), "\(shell): \(spec.name)") }
            #expect(script.contains("tabctl get AvailableTabs"))
        }
        #expect(CompletionScript.script(for: "zsh").hasPrefix("#compdef tabctl"))
    }
}
