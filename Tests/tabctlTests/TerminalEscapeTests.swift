import DBus
import Foundation
import TabbardTestSupport
import Testing

@testable import tabctl

/// Issue 37, finding 6: whatever text the daemon holds (an admin's badge and a standalone bar
/// item's title may carry any UTF-8, ITEM-4, SBAR-2), tabctl prints no control character of
/// it: C0 (line breaks and tabs too, where they come from the daemon), DEL and C1 are written
/// as `\u001B` in text and as the same JSON escape in JSON, in every command.
@Suite("tabctl escapes control characters from the daemon")
struct TerminalEscapeTests {
    /// A screen clear, an OSC 52 clipboard write, an OSC 8 link, C1 CSI, DEL, a line break and
    /// a tab: 45 bytes, a badge the daemon takes (ITEM-4).
    static let hostile = "\u{1B}[2J\u{1B}]52;c;eA==\u{07}\u{1B}]8;;http://x\u{1B}\\L\u{9B}31m\u{7F}\n\tX"

    /// The control characters in `text` but line breaks, named.
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    // MARK: The formatters

    private static let state = TabBarState(
        controller: PropertyValues(values: [
            "Tabs": .array("s", [.string("alarm")]), "VisibleTabs": .array("s", [.string("alarm")]),
            "MoreTabs": .array("s", []),
            "ShowsMore": .bool(false), "SelectedItem": .string("alarm"), "SelectedTab": .string("alarm"),
            "Layout": .string("bottom"), "TintColor": .string("#007AFF"),
        ]),
        tabs: [
            "alarm": PropertyValues(values: [
                "Title": .string("Alarm" + hostile), "HasBadge": .bool(true), "BadgeValue": .string(hostile),
                "Enabled": .bool(true), "Selected": .bool(true), "Customizable": .bool(true),
                "Placement": .string("bar"),
            ])
        ])

    @Test("list: titles and badges with every control character escaped, one row per tab")
    func list() {
        let text = TabList(Self.state).text
        print("list: \(text.debugDescription)")
        #expect(Self.controls(text).isEmpty, "\(Self.controls(text))")
        #expect(text.split(separator: "\n").count == 1, "\(text.debugDescription)")
        #expect(
            text.contains(
                #"Alarm\u001B[2J\u001B]52;c;eA==\u0007\u001B]8;;http://x\u001B\L\u009B31m\u007F\u000A\u0009X"#),
            "\(text)")
    }

    @Test("show: the drawing escapes titles, badges and page text; a body keeps its line breaks")
    func show() {
        let picture = BarPicture(state: Self.state, page: (title: "Page" + Self.hostile, body: "one\n" + Self.hostile))
        for colors in [false, true] {
            var drawn = BarRenderer(width: 200, colors: colors).render(picture)
            // The only escapes left are the drawing's own styles.
            for style in [TextStyle.heading, .selected(tint: "#007AFF"), .badge, .disabled] {
                drawn = drawn.replacingOccurrences(of: style.escape, with: "")
            }
            drawn = drawn.replacingOccurrences(of: TextStyle.reset, with: "")
            #expect(
                Self.controls(drawn).isEmpty, "colors \(colors): \(Self.controls(drawn)) in \(drawn.debugDescription)")
            #expect(drawn.contains(#"Page\u001B[2J"#), "\(drawn)")
            #expect(drawn.contains("│ one "), "\(drawn)")
        }
    }

    @Test("JSON output (list, show, follow, get, errors) carries DEL and C1 as JSON escapes; it reads back the same")
    func json() throws {
        for text in [
            TabList(Self.state).json,
            BarPicture(state: Self.state, page: (title: Self.hostile, body: Self.hostile)).json,
            EventLine(json: true).state(PropertyValues(values: ["SelectedItem": .string(Self.hostile)])),
        ] {
            let printed = TerminalText.escaped(text, keepingLineBreaks: true)
            #expect(Self.controls(printed).isEmpty, "\(Self.controls(printed)) in \(printed.debugDescription)")
            #expect(
                try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? NSDictionary
                    == JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        }
    }

    @Test("the escape: C0, DEL and C1 as \\u00XX, everything else as it is")
    func escape() {
        #expect(
            TerminalText.escaped("\u{0}\u{1F} \u{7F}\u{80}\u{9F}\u{A0}é") == #"\u0000\u001F \u007F\u0080\u009F"#
                + "\u{A0}é")
        #expect(TerminalText.escaped("a\nb\tc", keepingLineBreaks: true) == #"a"# + "\n" + #"b\u0009c"#)
        #expect(TerminalText.escaped("plain text ✓") == "plain text ✓")
    }

    @Test("follow and get: compact values and shell lines escape C1 and DEL as well as C0")
    func followAndGet() {
        for value in ["a\u{9B}b", "a\u{7F}b", "a\u{85}b", Self.hostile] {
            let compact = ValueText.compact(.string(value))
            #expect(Self.controls(compact).isEmpty && !compact.contains("\n"), "\(compact.debugDescription)")
            let lines = ValueText.shellLines(.string(value))
            #expect(lines.count == 1 && Self.controls(lines[0]).isEmpty && !lines[0].contains("\n"), "\(lines)")
        }
        #expect(ValueText.compact(.string("a\u{9B}b")) == #""a\u009Bb""#)
        #expect(ValueText.shellLines(.string("a\u{9B}b\n")) == [#"a\u009Bb\u000A"#])
        #expect(ValueText.shellLines(.string("Zürich ✓")) == ["Zürich ✓"])
    }

    // MARK: Against a daemon

    @Test(
        "every command prints an admin's badge and a bar item's title with control characters escaped, on stdout and stderr"
    )
    func everyCommand() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus
        let follow = try RunningTabctl(bus, "follow")
        #expect(try follow.nextLine().hasPrefix("state "))
        let followJSON = try RunningTabctl(bus, "--json", "follow")
        _ = try followJSON.nextLine()
        #expect(try tabctl(bus, "badge", "alarm", Self.hostile).status == 0)
        #expect(try tabctl(bus, "bar", "modes", "create").status == 0)
        #expect(try tabctl(bus, "bar", "modes", "define", "map", "Map" + Self.hostile).status == 0)
        #expect(try tabctl(bus, "bar", "modes", "items", "map").status == 0)

        var outputs: [(String, String)] = []
        for arguments in [
            ["list"], ["--json", "list"], ["show"], ["--json", "show"], ["show", "--bar", "modes"],
            ["bar", "modes", "show"],
            ["--json", "bar", "modes", "show"], ["describe"], ["get", "Bars"],
        ] {
            let result = try runCommand(
                [try PackagePaths.executable("tabctl"), "--address", bus.address] + arguments, timeout: 20)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            outputs.append((arguments.joined(separator: " "), result.output))
        }
        outputs.append(("follow", try follow.line(startingWith: "PropertiesChanged tab alarm")))
        var line = try followJSON.nextLine()
        while !line.contains("BadgeValue") { line = try followJSON.nextLine() }
        outputs.append(("--json follow", line))
        // An error naming the value: a badge over 64 bytes (ITEM-4, ERR-2).
        for arguments in [
            ["badge", "alarm", Self.hostile + Self.hostile], ["--json", "badge", "alarm", Self.hostile + Self.hostile],
        ] {
            let refused = try runCommand(
                [try PackagePaths.executable("tabctl"), "--address", bus.address] + arguments, timeout: 20)
            #expect(refused.status != 0)
            outputs.append((arguments.joined(separator: " ") + " (stderr)", refused.errors))
            outputs.append((arguments.joined(separator: " ") + " (stdout)", refused.output))
        }
        for (command, output) in outputs {
            print("\(command): \(Self.controls(output).count) control characters")
            #expect(Self.controls(output).isEmpty, "\(command): \(Self.controls(output)) in \(output.debugDescription)")
        }
        #expect(outputs[0].1.contains(#"\u001B[2J"#), "\(outputs[0].1)")
        #expect(outputs[4].1.contains(#"Map\u001B[2J"#), "\(outputs[4].1)")
        #expect(outputs.first { $0.0 == "describe" }.map { (try? parseJSON($0.1)) != nil } == true)
        follow.send(SIGINT)
        followJSON.send(SIGINT)
        #expect(daemon.stop() == 0)
    }
}
