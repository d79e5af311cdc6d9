import Foundation
import TabbardTestSupport
import Testing

/// Pages a renderer can draw (PAGE-1, PAGE-2): `GetPage` through busctl, on the bundled
/// plugins and on a plugin whose page is over every bound, in the daemon and in a helper.
@Suite("Pages")
struct PageTests {
    /// `GetPage` of `tab` as busctl decodes it, each variant unwrapped: rows and actions are
    /// arrays of dictionaries of plain values.
    static func page(_ bus: String, _ tab: String) throws -> [String: Any] {
        let result = try runCommand([
            "/usr/bin/busctl", "--address=\(bus)", "--json=short", "call", Names.service, Names.controller,
            Names.service, "GetPage", "s", tab,
        ])
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

    @Test(
        "PAGE-1: GetPage of the stopwatch: its title, text as GetContent's body, rows with a page and a clock, labelled actions"
    )
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
        #expect(
            Self.list(page, "actions").map { $0["label"] as? String } == ["poke"],
            "an action without a label reads its name")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "PAGE-2: a 2,000-row page with control characters and a label not UTF-8: cut, screened, one warning",
        arguments: [false, true])
    func pageOverItsBounds(isolated: Bool) throws {
        let daemon = try IsolationTests.faultyTabDaemon("BAD_PAGE", isolated: isolated)
        let bus = daemon.bus.address
        let first = try Self.page(bus, "faulty-tab")
        let page = try Self.page(bus, "faulty-tab")
        let rows = Self.list(page, "rows")
        print(
            "\(isolated ? "in a helper" : "in the daemon"): \(rows.count) rows, truncated \(String(describing: page["truncated"])), "
                + "first \(rows.prefix(3)), actions \(Self.list(page, "actions"))")
        #expect(page["truncated"] as? Bool == true)
        #expect(rows.count < 1000 && rows.count > 100, "cut from the end to 64 KiB: \(rows.count)")
        #expect(rows.first?["title"] as? String == "row \u{FFFD}[2J zero")
        #expect(
            rows.dropFirst().first?["id"] as? String == "r2", "the row whose page has a control character is left out")
        #expect(rows.dropFirst().first?["clock"] as? [Double] == [5_000_000, 1_700_000_000_000_000, 1])
        #expect(Self.list(page, "actions").first?["label"] as? String == "Po\u{FFFD}\u{FFFD}ke \u{FFFD}[2J")
        #expect(first["rows"] as? [[String: Any]] != nil)
        let log = daemon.log
        #expect(PluginFaultTests.occurrences(of: "is over its bounds", in: log) == 1, "\(log)")
        #expect(daemon.stop() == 0)
    }
}

/// PAGE-4 through dbus-python: `PageChanged` for the selected tab's content change, before the
/// request's reply, on `.Content`, where `ContentRevision` is announced too; the bar's
/// interface hears nothing of it.
@Suite("Pages pushed")
struct PagePushTests {
    @Test(
        "PAGE-4: adding a note to the selected notes tab sends PageChanged with the page, and ContentRevision only on .Content"
    )
    func pageChangedForSelectedTab() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try busctlCall(bus, "Select", "s", "notes")
        let events = try recordEvents(
            address: bus,
            [
                BusCall("Activate", .string("notes"), .string("add")),
                BusCall("Activate", .string("alarm"), .string("add")),
            ])
        let groups = groupedByCall(events)
        print("signals of the two calls: \(groups)")
        let pages = groups[0].compactMap { event -> [String: Any]? in
            guard case .signal(Names.tab("notes"), Names.contentInterface, "PageChanged", let arguments) = event else {
                return nil
            }
            return arguments.first as? [String: Any]
        }
        #expect(pages.count == 1, "\(groups[0])")
        #expect((pages.first?["rows"] as? [Any])?.count == 1, "\(pages)")
        #expect(pages.first?["revision"] as? Int == (try ContentTests.contentRevision(bus, "notes")))
        // Another tab's content change raises its ContentRevision only.
        #expect(!groups[1].contains { $0.member == "PageChanged" }, "\(groups[1])")
        let tabInterfaceChanges = events.filter { event in
            guard case .signal(_, _, "PropertiesChanged", let arguments) = event else { return false }
            return arguments.first as? String == Names.tabInterface
                && ((arguments.dropFirst().first as? [String: Any])?.keys.contains("ContentRevision") ?? false)
        }
        #expect(tabInterfaceChanges.isEmpty, "a client of the bar alone hears no content: \(tabInterfaceChanges)")
        #expect(daemon.stop() == 0)
    }
}

/// PAGE-5 through busctl: the plugins render in the controller's locale.
@Suite("Pages in the controller's locale")
struct PageLocaleTests {
    @Test(
        "PAGE-5: a Locale change raises every started tab's ContentRevision; titles and labels follow it, in Swift and in C"
    )
    func localeReachesPlugins() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        let before = try ContentTests.contentRevision(bus, "stopwatch")
        let notesBefore = try ContentTests.contentRevision(bus, "notes")
        try busctlSet(bus, "Locale", "s", "de_DE.UTF-8")
        let stopwatch = try PageTests.page(bus, "stopwatch")
        let notes = try PageTests.page(bus, "notes")
        print(
            "in German: \(stopwatch["title"] ?? "") \(PageTests.list(stopwatch, "actions")); \(notes["title"] ?? "") \(PageTests.list(notes, "actions"))"
        )
        #expect(stopwatch["title"] as? String == "Stoppuhr")
        #expect(PageTests.list(stopwatch, "actions").first?["label"] as? String == "Starten")
        #expect(notes["title"] as? String == "Notizen")
        #expect(PageTests.list(notes, "actions").first?["label"] as? String == "Notiz hinzufügen")
        #expect(
            try PageTests.page(bus, "artists")["title"] as? String == "Künstler",
            "a media section's page, titled as its tab")
        // A media group's page and its row in the section (proper names stay as they are).
        let playlists = try PageTests.page(bus, "playlists")
        #expect(
            PageTests.list(playlists, "rows").compactMap { $0["title"] as? String } == [
                "Zuletzt hinzugefügt", "Top 25 meistgespielt",
            ])
        #expect(try busctl(bus, "Navigate", "ss", "playlists", "recently-added").status == 0)
        #expect(try PageTests.page(bus, "playlists")["title"] as? String == "Zuletzt hinzugefügt")
        #expect(try ContentTests.contentRevision(bus, "stopwatch") > before)
        #expect(try ContentTests.contentRevision(bus, "notes") > notesBefore)
        try busctlSet(bus, "Locale", "s", "ja")
        #expect(try PageTests.page(bus, "stopwatch")["title"] as? String == "ストップウォッチ")
        #expect(daemon.stop() == 0)
    }
}

/// PAGE-4 under a flood: a plugin whose thread says its content changed as fast as it can.
@Suite("Pages pushed under a flood")
struct PageFloodTests {
    /// dbus-monitor on `bus`, matching `PageChanged`, once it is a monitor (it has said so with
    /// `NameLost`); `stop()` ends it and gives the `PageChanged` it saw.
    final class PageChangedMonitor {
        let process = Process()
        let output = Pipe()
        var seen = ""

        init(_ bus: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
            process.arguments = [
                "-oL", "/usr/bin/dbus-monitor", "--address", bus, "--profile",
                "type='signal',interface='\(Names.contentInterface)',member='PageChanged'",
            ]
            process.standardOutput = output
            try process.run()
            while !seen.contains("NameLost") {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw TestFailure("dbus-monitor ended: \(seen)") }
                seen += String(decoding: chunk, as: UTF8.self)
            }
        }

        func stop() -> Int {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            seen += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return seen.split(separator: "\n").filter { $0.hasSuffix("\tPageChanged") }.count
        }
    }

    @Test(
        "PAGE-4: thousands of content changes of the selected tab reach a frontend as a few PageChanged, never one per change"
    )
    func floodIsCoalesced() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "flooder", define: "FLOOD_ON_THREAD"))
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let bus = daemon.bus.address
        #expect(IsolationTests.waitForContent(bus, "flooder-tab"), "\(daemon.log)")
        try busctlCall(bus, "SetTabs", "as", "2", "flooder-tab", "alarm")
        try busctlCall(bus, "Select", "s", "flooder-tab")
        let before = try ContentTests.contentRevision(bus, "flooder-tab")
        let monitor = try PageChangedMonitor(bus)
        try busctlCall(bus, "Activate", "ss", "flooder-tab", "poke")
        let deadline = Date().addingTimeInterval(20)
        while !daemon.log.contains("plugin flooder: flood over") && Date() < deadline { usleep(50_000) }
        let changes = try ContentTests.contentRevision(bus, "flooder-tab") - before
        // The daemon answers in order: its last PageChanged went out before this reply.
        _ = try PageTests.page(bus, "flooder-tab")
        let pages = monitor.stop()
        print("content changes \(changes), PageChanged \(pages)")
        #expect(daemon.log.contains("plugin flooder: flood over"), "\(daemon.log.suffix(2000))")
        #expect(pages >= 1 && pages < changes, "coalesced: \(pages) PageChanged for \(changes) changes")
        #expect(daemon.stop() == 0)
    }
}

/// `tabctl page` against a daemon: a page's rows, actions and live clocks, escaped.
@Suite("tabctl page")
struct TabctlPageTests {
    @Test(
        "PAGE-1, PAGE-3: tabctl page shows the stopwatch's rows, its running clock read now, its laps row's page and its labelled actions"
    )
    func stopwatchPage() throws {
        let daemon = try DaemonProcess()
        try busctlCall(daemon.bus.address, "Activate", "ss", "stopwatch", "start")
        let result = try tabctl(daemon.bus, "page", "stopwatch")
        print(result.output)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Stopwatch")
        #expect(
            lines.dropFirst().first.map { $0.hasPrefix("  Elapsed  00:0") && $0.hasSuffix(" ▶") } == true, "\(lines)")
        #expect(lines.contains("  Laps  0  → laps"), "\(lines)")
        #expect(lines.last == "actions: stop (Stop), lap (Lap)", "\(lines)")
        #expect(daemon.stop() == 0)
    }

    @Test("tabctl page escapes a plugin's control characters and says when a page was cut (PAGE-2)")
    func escapedAndCut() throws {
        let daemon = try IsolationTests.faultyTabDaemon("BAD_PAGE", isolated: false)
        let result = try tabctl(daemon.bus, "page", "faulty-tab")
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            !result.output.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            })
        #expect(result.output.hasSuffix("(cut to its bounds)\n"), "\(result.output.suffix(300))")
        #expect(daemon.stop() == 0)
    }
}
