import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// Issue 37, finding 6: text from plugins is checked where it reaches the model. Titles,
/// badges, a page's title and MIME type get every control character (C0, DEL, C1) replaced by
/// U+FFFD; a page body keeps line breaks and tabs only; page and action names with one are
/// refused; each plugin's first such text is logged once (docs/plugins.md, Limits).
@Suite("Control characters in plugin text")
struct PluginTextScreenTests {
    /// ESC sequences that clear the screen, write the clipboard (OSC 52) and make a link
    /// (OSC 8), C1 CSI (U+009B), DEL, a carriage return, a NUL.
    static let hostile =
        "\u{1B}[2J\u{1B}]52;c;Zm9yZ2Vk\u{07}\u{1B}]8;;http://example.org\u{1B}\\link\u{9B}31m\u{7F}\r\u{0}end"

    /// Whether `text` holds a control character other than those of `kept`.
    static func hasControl(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> Bool {
        text.unicodeScalars.contains { PluginText.isControl($0) && !kept.contains($0) }
    }

    @Test("titles, badges, MIME types: every control character replaced by U+FFFD, the rest kept")
    func replaced() {
        for field in [PluginText.Field.title, .badge, .mimeType] {
            guard case .replaced(let text, let first) = PluginText.screen(Self.hostile, for: field) else {
                Issue.record("\(field): \(PluginText.screen(Self.hostile, for: field))")
                continue
            }
            #expect(!Self.hasControl(text), "\(field): \(text.debugDescription)")
            #expect(text.hasSuffix("link\u{FFFD}31m\u{FFFD}\u{FFFD}\u{FFFD}end"), "\(text.debugDescription)")
            #expect(first == "\u{1B}")
        }
        #expect(PluginText.screen("Zürich 12:00 – 日本 ✓", for: .title) == .clean)
        #expect(PluginText.screen("line\nbreak", for: .title) == .replaced("line\u{FFFD}break", first: "\n"))
        #expect(PluginText.screen("\u{85}", for: .badge) == .replaced("\u{FFFD}", first: "\u{85}"))
        #expect(PluginText.screen("\u{9F}\u{A0}", for: .badge) == .replaced("\u{FFFD}\u{A0}", first: "\u{9F}"))
    }

    @Test("a page body keeps its line breaks and tabs and nothing else")
    func body() {
        let body = "12:00\n\tZürich\n" + Self.hostile
        guard case .replaced(let text, _) = PluginText.screen(body, for: .body) else {
            Issue.record("\(PluginText.screen(body, for: .body))")
            return
        }
        #expect(!Self.hasControl(text, keeping: ["\n", "\t"]), "\(text.debugDescription)")
        #expect(text.hasPrefix("12:00\n\tZürich\n\u{FFFD}[2J"))
        #expect(PluginText.screen("a\n\tb\n", for: .body) == .clean)
    }

    @Test("page and action names with a control character are refused")
    func names() {
        #expect(PluginText.screen("edit\u{9B}", for: .page) == .refused(first: "\u{9B}"))
        #expect(PluginText.screen("go\u{1B}", for: .action) == .refused(first: "\u{1B}"))
        #expect(PluginText.screen("edit-2", for: .page) == .clean)
    }

    @Test("events and pages are screened, refused names dropped, each plugin told once in the log")
    func screenedOnce() {
        let captured = CapturedLog()
        let screen = PluginTextScreen(log: captured.log)
        let title = screen.event(PluginTabEvent(plugin: "p", tabID: "t", change: .title("A\u{1B}[2J")))
        #expect(title?.change == .title("A\u{FFFD}[2J"))
        #expect(
            screen.event(PluginTabEvent(plugin: "p", tabID: "t", change: .badge("\u{9B}1")))?.change
                == .badge("\u{FFFD}1"))
        #expect(screen.event(PluginTabEvent(plugin: "p", tabID: "t", change: .pushPage("x\u{7F}"))) == nil)
        #expect(screen.event(PluginTabEvent(plugin: "p", tabID: "t", change: .badge(nil)))?.change == .badge(nil))
        let page = screen.content(
            PluginContent(title: "T\u{1B}", mimeType: "text/plain", body: "a\n\tb\u{1B}"), plugin: "p", tab: "t")
        #expect(page == PluginContent(title: "T\u{FFFD}", mimeType: "text/plain", body: "a\n\tb\u{FFFD}"))
        #expect(screen.actions(["go", "stop"], plugin: "p", tab: "t") == .success(["go", "stop"]))
        #expect(
            screen.actions(["go", "st\u{9B}op"], plugin: "p", tab: "t")
                == .failure(
                    PluginCallError(
                        plugin: "p", tabID: "t", function: "actions",
                        reason: "returned an action name with a control character")))
        // Another plugin is told about once too.
        #expect(
            screen.event(PluginTabEvent(plugin: "q", tabID: "u", change: .title("\u{0}")))?.change == .title("\u{FFFD}")
        )
        let lines = captured.lines
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.contains(
                "plugin p: tab t sent a title with control characters (first U+001B); each is shown as U+FFFD (said once for this plugin)"
            ) == true,
            "\(lines)")
        #expect(
            lines.last?.contains("plugin q: tab u sent a title with control characters (first U+0000)") == true,
            "\(lines)")
        #expect(!lines.contains { $0.unicodeScalars.contains { PluginText.isControl($0) } })
    }

    @Test(
        "an icon name with a control character becomes a refusal that counts against the plugin; clean names pass (ICON-2)"
    )
    func iconNames() {
        let screen = PluginTextScreen(log: quietLog)
        let clean = PluginTabEvent(plugin: "p", tabID: "t", change: .iconNames(icon: "alarm-symbolic", selected: ""))
        #expect(screen.event(clean) == clean)
        for (icon, selected) in [("bad\u{1B}[2J", ""), ("alarm-symbolic", "c1\u{9B}")] {
            let refused = screen.event(
                PluginTabEvent(plugin: "p", tabID: "t", change: .iconNames(icon: icon, selected: selected)))
            guard case .iconRefused(let reason)? = refused?.change else {
                Issue.record("\(String(describing: refused))")
                continue
            }
            #expect(reason.hasPrefix("an icon name with a control character (U+00"), "\(reason)")
        }
        #expect(PluginText.screen("x/y", for: .iconName) == .clean) // '/' is the model's to refuse
        #expect(PluginText.Field.iconName.named == "an icon name" && PluginText.Field.iconName.limit == 255)
    }

    @Test("a plugin's log line keeps its tabs and loses its other control characters")
    func logLine() {
        let line = "a\tb\u{1B}[2J\u{9B}c"
        #expect(line.withCString { PluginText.logLine($0) } == "a\tb\u{FFFD}[2J\u{FFFD}c")
    }

    @Test(
        "a manifest whose titles, images, description, actions or root page hold a control character is refused, naming the key"
    )
    func manifest() throws {
        let base = "name = \"p\"\nmodule = \"libp.so\"\nabi = \"1.0\"\n"
        let cases: [(String, String)] = [
            ("description = \"d\\u001B[2J\"\n[[tabs]]\nid = \"t\"\ntitle = \"T\"\n", "description"),
            ("[[tabs]]\nid = \"t\"\ntitle = \"T\\u009B31m\"\n", "title"),
            ("[[tabs]]\nid = \"t\"\ntitle = \"T\"\n[tabs.titles]\nfr = \"T\\u007F\"\n", "fr"),
            ("[[tabs]]\nid = \"t\"\ntitle = \"T\"\nimage = \"i\\u0007\"\n", "image"),
            ("[[tabs]]\nid = \"t\"\ntitle = \"T\"\nselected_image = \"i\\u0085\"\n", "selected_image"),
            ("[[tabs]]\nid = \"t\"\ntitle = \"T\"\nactions = [\"go\\u001B\"]\n", "actions"),
            ("[[tabs]]\nid = \"t\"\ntitle = \"T\"\nroot_page = \"main\\u0001\"\n", "root_page"),
        ]
        for (tail, key) in cases {
            do {
                _ = try PluginManifest(parsing: base + tail, file: "p.plugin")
                Issue.record("accepted: \(tail.debugDescription)")
            } catch {
                #expect(error.description.contains(key) && error.description.contains("control character"), "\(error)")
                #expect(
                    !error.description.unicodeScalars.contains { PluginText.isControl($0) },
                    "\(error.description.debugDescription)")
            }
        }
        let clean = try PluginManifest(
            parsing: base + "[[tabs]]\nid = \"t\"\ntitle = \"Zürich ✓\"\nimage = \"clock\"\n", file: "p.plugin")
        #expect(clean.tabs.first?.title == "Zürich ✓")
    }
}
