import Foundation
import Testing

@testable import tabctl

private func parse(_ line: String) throws(UsageError) -> Invocation {
    try Invocation(arguments: line.split(separator: " ").map(String.init))
}

@Suite("tabctl command line")
struct InvocationParserTests {
    @Test("global options stand before or after the command")
    func globalOptions() throws {
        let before = try parse("--address unix:path=/run/b --json --timeout 500 select alarm")
        #expect(before.bus == .address("unix:path=/run/b"))
        #expect(before.json)
        #expect(before.timeoutMs == 500)
        #expect(before.command.isEqual(SelectCommand(target: .id("alarm"))))
        let after = try parse("select alarm --system --json")
        #expect(after.bus == .system)
        #expect(after.json)
        #expect(after.command.isEqual(SelectCommand(target: .id("alarm"))))
    }

    @Test(
        "every command of the contract parses",
        arguments: [
            ("show", ShowCommand(follow: false) as any TabctlCommand),
            ("show --follow", ShowCommand(follow: true)),
            ("list", ListCommand()),
            ("get SelectedTab", GetCommand(property: "SelectedTab")),
            ("select --index 2", SelectCommand(target: .index(2))),
            ("tap @more", TapCommand(item: "@more")),
            ("more", MoreCommand()),
            ("tabs set a b c", TabsCommand(change: .set(["a", "b", "c"]))),
            ("tabs set", TabsCommand(change: .set([]))),
            ("tabs add notes 0", TabsCommand(change: .add(id: "notes", position: 0))),
            ("tabs add notes", TabsCommand(change: .add(id: "notes", position: -1))),
            ("tabs remove notes", TabsCommand(change: .remove(id: "notes"))),
            ("customize b a c", CustomizeCommand(order: ["b", "a", "c"])),
            ("customizable", CustomizableCommand(ids: [])),
            ("badge alarm 3", BadgeCommand(id: "alarm", change: .text("3"))),
            ("badge alarm --dot", BadgeCommand(id: "alarm", change: .dot)),
            ("badge alarm --clear", BadgeCommand(id: "alarm", change: .clear)),
            ("badge alarm -- --clear", BadgeCommand(id: "alarm", change: .text("--clear"))),
            ("badge alarm --color #FF0000", BadgeCommand(id: "alarm", change: .color("#FF0000"))),
            ("disable timer", DisableCommand(id: "timer")),
            ("navigate stopwatch laps", NavigateCommand(id: "stopwatch", word: "laps")),
            ("back stopwatch", BackCommand(id: "stopwatch")),
            ("root stopwatch", RootCommand(id: "stopwatch")),
            ("activate stopwatch start", ActivateCommand(id: "stopwatch", word: "start")),
            (
                "appearance tint-color #FF9500",
                AppearanceCommand(setting: AppearanceSetting(property: .tintColor, value: .string("#FF9500")))
            ),
            ("orientation landscape-left", OrientationCommand(orientation: "landscape-left")),
            ("follow", FollowCommand()),
            (
                "delegate --deny a b --allow-only c --exec ./judge",
                DelegateCommand(rules: DelegateRules(deny: ["a", "b"], allowOnly: ["c"], exec: "./judge"))
            ),
            ("reset", ResetCommand()),
            ("describe", DescribeCommand()),
            ("completions fish", CompletionsCommand(shell: "fish")),
            ("help badge", HelpCommand(topic: "badge")),
            ("badge --help", HelpCommand(topic: "badge")),
            ("--version", VersionCommand()),
        ])
    func commands(line: String, command: any TabctlCommand) throws {
        #expect(try parse(line).command.isEqual(command))
    }

    @Test("usage errors name what is missing or wrong")
    func usageErrors() {
        #expect(throws: UsageError(message: "select needs ID", command: "select")) { try parse("select") }
        #expect(throws: UsageError(message: "unknown command 'selekt'; 'tabctl --help' lists them")) {
            try parse("selekt a")
        }
        #expect(throws: UsageError(message: "unexpected 'b' after select", command: "select")) {
            try parse("select a b")
        }
        #expect(throws: UsageError(message: "N must be a whole number, not 'two'", command: "select")) {
            try parse("select --index two")
        }
        #expect(throws: UsageError.self) { try parse("appearance colour red") }
        #expect(throws: UsageError.self) { try parse("--timeout 0 list") }
    }

    @Test("no arguments print the overview")
    func noArguments() throws {
        #expect(try Invocation(arguments: []).command.isEqual(HelpCommand(topic: nil)))
    }

    @Test("every command's help has its usage and an example")
    func helpPerCommand() {
        for spec in CommandSpec.all {
            let text = HelpText.command(spec)
            #expect(text.contains("tabctl [OPTIONS] \(spec.name)"))
            #expect(text.contains("Example: tabctl "))
        }
        for spec in CommandSpec.all { #expect(HelpText.overview.contains("  \(spec.name)  ")) }
    }
}

@Suite("tabctl manual")
struct ManualTests {
    static var manual: String {
        get throws {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/tabctl.md")
            return try String(contentsOf: path, encoding: .utf8)
        }
    }

    @Test("the manual's examples are exactly the command table's, so every one of them is run (ExampleTests)")
    func examplesAreTheTable() throws {
        let text = try Self.manual
        let commands = try #require(text.range(of: "## Commands"))
        var inBlock = false
        var documented: [String] = []
        for line in text[commands.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock && line.hasPrefix("tabctl ") {
                documented.append(String(line))
            }
        }
        let table = CommandSpec.all.flatMap(\.examples)
        #expect(
            Set(documented) == Set(table),
            "only in the manual: \(Set(documented).subtracting(table)); only in the table: \(Set(table).subtracting(documented))"
        )
        #expect(documented.count == table.count, "each example once")
    }

    @Test("docs/tabctl.md has a section and an example for every command")
    func everyCommandDocumented() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/tabctl.md")
        let text = try String(contentsOf: manual, encoding: .utf8)
        for spec in CommandSpec.all where spec.name != "help" {
            #expect(
                text.contains("### \(spec.name)") || text.contains(", \(spec.name) ID"), "missing section: \(spec.name)"
            )
            #expect(text.contains("tabctl \(spec.name)"), "missing example: \(spec.name)")
        }
    }
}
