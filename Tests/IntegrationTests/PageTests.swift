import Foundation
import Testing
import TabbardTestSupport

/// Pages a renderer can draw (PAGE-1, PAGE-2): `GetPage` through busctl, on the bundled
/// plugins and on a plugin whose page is over every bound, in the daemon and in a helper.
@Suite("Pages")
struct PageTests {
    /// `GetPage` of `tab` as busctl decodes it, each variant unwrapped: rows and actions are
    /// arrays of dictionaries of plain values.
    static func page(_ bus: String, _ tab: String) throws -> [String: Any] {
        let result = try runCommand(["/usr/bin/busctl", "--address=\(bus)", "--json=short", "call", Names.service, Names.controller,
                                     Names.service, "GetPage", "s", tab])
        guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any],
              let data = (reply["data"] as? [Any])?.first as? [String: Any]
        else { throw TestFailure("GetPage \(tab): \(result.errors)") }
        return unwrapped(data)
    }

    /// An `a{sv}` as busctl's JSON has it, each `{"type", "data"}` replaced by its data.
    static func unwrapped(_ dictionary: [String: Any]) -> [String: Any] {
        dictionary.mapValues { variant in
            let data = (variant as? [String: Any])?["data"] ?? variant
            if let list = data as? [[String: Any]] { return list.map(unwrapped) }
            return data
        }
    }

    /// The rows or actions of `page`.
    static func list(_ page: [String: Any], _ key: String) -> [[String: Any]] {
        page[key] as? [[String: Any]] ?? []
    }

    @Test("PAGE-1: GetPage of the stopwatch: its title, text as GetContent's body, rows with a page and a clock, labelled actions")
    func stopwatchPage() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        let page = try Self.page(bus, "stopwatch")
        print("GetPage stopwatch: \(page)")
        #expect(page["page"] as? String == "main")
        #expect(page["title"] as? String == "Stopwatch")
        #expect(page["truncated"] as? Bool == false)
        let content = try PluginTextTests.content(bus, "stopwatch")
        #expect(page["text"] as? String == content.last, "\(content)")
        #expect(page["revision"] as? Int == (try ContentTests.contentRevision(bus, "stopwatch")))
        let rows = Self.list(page, "rows")
        #expect(rows.map { $0["id"] as? String } == ["elapsed", "laps"])
        #expect(rows.last?["page"] as? String == "laps", "the page the tab can reach")
        #expect(rows.first?["clock_format"] as? String == "duration")
        #expect((rows.first?["clock"] as? [Any])?.count == 3, "\(rows)")
        let actions = Self.list(page, "actions")
        let names = try stringsProperty(bus, "Actions", path: Names.tab("stopwatch"), interface: Names.tabInterface)
        #expect(actions.map { $0["id"] as? String } == names.map { $0 }, "a page's actions are exactly the tab's")
        #expect(actions.first?["label"] as? String == "Start")

        // The row's page is one Navigate accepts; the alarms' rows act.
        try busctlCall(bus, "Navigate", "ss", "stopwatch", "laps")
        #expect(try Self.page(bus, "stopwatch")["page"] as? String == "laps")
        let alarms = Self.list(try Self.page(bus, "alarm"), "rows")
        #expect(alarms.first?["action"] as? String == "disable-1", "\(alarms)")
        let notes = try Self.page(bus, "notes")
        #expect(Self.list(notes, "actions").first?["label"] as? String == "Add note", "the C plugin's label: \(notes)")
        #expect(daemon.stop() == 0)
    }

    @Test("PAGE-1: a plugin of ABI 1.0 (text only) still answers GetPage: its text is the page's text, no rows")
    func textOnlyPlugin() throws {
        let daemon = try IsolationTests.faultyTabDaemon("ABI_1_0", isolated: false)
        let page = try Self.page(daemon.bus.address, "faulty-tab")
        print("GetPage of a text-only plugin: \(page)")
        #expect(page["text"] as? String == "fault")
        #expect(page["title"] as? String == "Fault")
        #expect(Self.list(page, "rows").isEmpty)
        #expect(Self.list(page, "actions").map { $0["label"] as? String } == ["poke"], "an action without a label reads its name")
        #expect(daemon.stop() == 0)
    }

    @Test("PAGE-2: a 2,000-row page with control characters and a label not UTF-8: cut, screened, one warning",
          arguments: [false, true])
    func pageOverItsBounds(isolated: Bool) throws {
        let daemon = try IsolationTests.faultyTabDaemon("BAD_PAGE", isolated: isolated)
        let bus = daemon.bus.address
        let first = try Self.page(bus, "faulty-tab")
        let page = try Self.page(bus, "faulty-tab")
        let rows = Self.list(page, "rows")
        print("\(isolated ? "in a helper" : "in the daemon"): \(rows.count) rows, truncated \(String(describing: page["truncated"])), "
              + "first \(rows.prefix(3)), actions \(Self.list(page, "actions"))")
        #expect(page["truncated"] as? Bool == true)
        #expect(rows.count < 1000 && rows.count > 100, "cut from the end to 64 KiB: \(rows.count)")
        #expect(rows.first?["title"] as? String == "row \u{FFFD}[2J zero")
        #expect(rows.dropFirst().first?["id"] as? String == "r2", "the row whose page has a control character is left out")
        #expect(rows.dropFirst().first?["clock"] as? [Double] == [5_000_000, 1_700_000_000_000_000, 1])
        #expect(Self.list(page, "actions").first?["label"] as? String == "Po\u{FFFD}\u{FFFD}ke \u{FFFD}[2J")
        #expect(first["rows"] as? [[String: Any]] != nil)
        let log = daemon.log
        #expect(PluginFaultTests.occurrences(of: "is over its bounds", in: log) == 1, "\(log)")
        #expect(daemon.stop() == 0)
    }
}
