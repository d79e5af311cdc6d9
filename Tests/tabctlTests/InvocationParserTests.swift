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
        #expect(before.request == .select(id: "alarm"))
        let after = try parse("select alarm --system --json")
        #expect(after.bus == .system)
        #expect(after.json)
        #expect(after.request == .select(id: "alarm"))
    }

    @Test("every command of the contract parses", arguments: [
        ("show", Request.show(follow: false)),
        ("show --follow", .show(follow: true)),
        ("list", .list),
        ("get SelectedTab", .get(property: "SelectedTab")),
        ("select --index 2", .selectIndex(2)),
        ("tap @more", .tap(item: "@more")),
        ("more", .more),
        ("tabs set a b c", .setTabs(["a", "b", "c"])),
        ("tabs set", .setTabs([])),
        ("tabs add notes 0", .addTab(id: "notes", position: 0)),
        ("tabs add notes", .addTab(id: "notes", position: -1)),
        ("tabs remove notes", .removeTab(id: "notes")),
        ("customize b a c", .customize(["b", "a", "c"])),
        ("customizable", .customizable([])),
        ("badge alarm 3", .badge(id: "alarm", value: .text("3"))),
        ("badge alarm --dot", .badge(id: "alarm", value: .dot)),
        ("badge alarm --clear", .badge(id: "alarm", value: .clear)),
        ("badge alarm -- --clear", .badge(id: "alarm", value: .text("--clear"))),
        ("badge alarm --color #FF0000", .badgeColor(id: "alarm", color: "#FF0000")),
        ("disable timer", .enable(id: "timer", enabled: false)),
        ("navigate stopwatch laps", .navigate(id: "stopwatch", page: "laps")),
        ("back stopwatch", .back(id: "stopwatch")),
        ("root stopwatch", .popToRoot(id: "stopwatch")),
        ("activate stopwatch start", .activate(id: "stopwatch", action: "start")),
        ("appearance tint-color #FF9500", .appearance(key: "tint-color", value: "#FF9500")),
        ("orientation landscape-left", .orientation("landscape-left")),
        ("follow", .follow),
        ("delegate --deny a b --allow-only c --exec ./judge", .delegate(DelegateRules(deny: ["a", "b"], allowOnly: ["c"], exec: "./judge"))),
        ("reset", .reset),
        ("describe", .describe),
        ("completions fish", .completions(shell: "fish")),
        ("help badge", .help(command: "badge")),
        ("badge --help", .help(command: "badge")),
        ("--version", .version),
    ])
    func commands(line: String, request: Request) throws {
        #expect(try parse(line).request == request)
    }

    @Test("usage errors name what is missing or wrong")
    func usageErrors() {
        #expect(throws: UsageError(message: "select needs ID", command: "select")) { try parse("select") }
        #expect(throws: UsageError(message: "unknown command 'selekt'; 'tabctl --help' lists them")) { try parse("selekt a") }
        #expect(throws: UsageError(message: "unexpected 'b' after select", command: "select")) { try parse("select a b") }
        #expect(throws: UsageError(message: "N must be a whole number, not 'two'", command: "select")) { try parse("select --index two") }
        #expect(throws: UsageError.self) { try parse("appearance colour red") }
        #expect(throws: UsageError.self) { try parse("--timeout 0 list") }
    }

    @Test("no arguments print the overview")
    func noArguments() throws {
        #expect(try Invocation(arguments: []).request == .help(command: nil))
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
    @Test("docs/tabctl.md has a section and an example for every command")
    func everyCommandDocumented() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/tabctl.md")
        let text = try String(contentsOf: manual, encoding: .utf8)
        for spec in CommandSpec.all where spec.name != "help" {
            #expect(text.contains("### \(spec.name)") || text.contains(", \(spec.name) ID"), "missing section: \(spec.name)")
            #expect(text.contains("tabctl \(spec.name)"), "missing example: \(spec.name)")
        }
    }
}
