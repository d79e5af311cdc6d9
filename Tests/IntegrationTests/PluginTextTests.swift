import Foundation
import TabbardTestSupport
import Testing

/// Issue 37, finding 6: a plugin, in the daemon or in a helper, whose version, title, badge,
/// page name, log line and rendered page are full of what terminals act on (a screen clear, OSC 52,
/// OSC 8, C1 CSI, DEL): the daemon publishes none of it. Control characters are replaced by
/// U+FFFD in the title, the badge and the page's title and MIME type; the body keeps its line
/// breaks and tabs only; the page name is refused; the plugin is told about once in the log.
@Suite("Control characters from plugins")
struct PluginTextTests {
    /// The title the fault plugin sets, as published: every control character replaced.
    static let title =
        "Title \u{FFFD}[2J\u{FFFD}]52;c;Zm9yZ2Vk\u{FFFD}\u{FFFD}]8;;http://example.org\u{FFFD}\\link\u{FFFD}31m\u{FFFD}"

    /// Whether `text` holds a control character other than those of `kept`.
    static func hasControl(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) && !kept.contains($0) }
    }

    /// `GetContent` of `tab` as busctl decodes it: title, MIME type, body.
    static func content(_ bus: String, _ tab: String) throws -> [String] {
        let result = try runCommand([
            "/usr/bin/busctl", "--address=\(bus)", "--json=short", "call", Names.service, Names.controller,
            Names.service, "GetContent", "s", tab,
        ])
        guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any] else {
            throw TestFailure(result.errors)
        }
        return reply["data"] as? [String] ?? []
    }

    @Test(
        "a plugin's title, badge, page and log line with control characters: replaced or refused, said once in the log",
        arguments: [false, true])
    func controlCharacters(isolated: Bool) throws {
        let daemon = try IsolationTests.faultyTabDaemon("CONTROLS_IN_ACTIVATE", isolated: isolated)
        let bus = daemon.bus.address
        let tab = Names.tab("faulty-tab")
        for _ in 1...2 { try busctlCall(bus, "Activate", "ss", "faulty-tab", "poke") }
        // The badge is the last change the plugin makes that the daemon takes.
        let deadline = Date().addingTimeInterval(10)
        while (try? property(bus, "HasBadge", path: tab, interface: Names.tabInterface) as? Bool) != true
            && Date() < deadline
        { usleep(20_000) }

        let title = try stringProperty(bus, "Title", path: tab, interface: Names.tabInterface)
        let badge = try stringProperty(bus, "BadgeValue", path: tab, interface: Names.tabInterface)
        let page = try Self.content(bus, "faulty-tab")
        print(
            "\(isolated ? "in a helper" : "in the daemon"): title \(title.debugDescription), badge \(badge.debugDescription), page \(page.debugDescription)"
        )
        #expect(title == Self.title)
        #expect(badge == "\u{FFFD}1\u{FFFD}[2J\u{FFFD}")
        #expect(page.count == 3 && !page.contains { $0.isEmpty }, "\(page)")
        #expect(!page.prefix(2).contains { Self.hasControl($0) }, "\(page)")
        #expect(
            page.last.map {
                !Self.hasControl($0, keeping: ["\n", "\t"]) && $0.hasPrefix("line 1\n\tline 2\u{FFFD}\u{FFFD}[2J")
            } == true,
            "\(page)")
        // The page name with C1 CSI was refused: the root page is still the top page.
        #expect(try stringProperty(bus, "Page", path: tab, interface: Names.tabInterface) == "main")

        let log = daemon.log
        #expect(
            PluginFaultTests.occurrences(
                of:
                    "plugin faulty: tab faulty-tab sent a title with control characters (first U+001B); each is shown as U+FFFD (said once for this plugin)",
                in: log) == 1,
            "\(log)")
        #expect(PluginFaultTests.occurrences(of: "said once", in: log) == 1, "\(log)")
        #expect(log.contains("plugin faulty: log \u{FFFD}[2J"), "\(log)")
        if !isolated { #expect(log.contains("plugin faulty 0.1\u{FFFD}[2J"), "the version, logged at load: \(log)") }
        #expect(!Self.hasControl(log, keeping: ["\n"]), "\(log.debugDescription)")
        #expect(daemon.stop() == 0)
    }
}
