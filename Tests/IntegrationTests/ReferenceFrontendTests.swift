import Foundation
import TabbardTestSupport
import Testing

/// The daemon's state as `Describe` gives it, through busctl.
private func describe(_ bus: PrivateBus) throws -> [String: Any] {
    let result = try runCommand([
        "/usr/bin/busctl", "--address=\(bus.address)", "--json=short", "call", Names.service,
        Names.controller, Names.service, "Describe",
    ])
    guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any],
        let text = (reply["data"] as? [Any])?.first as? String,
        let state = try parseJSON(text) as? [String: Any]
    else {
        throw TestFailure("Describe failed: \(result.errors)")
    }
    return state
}

/// The title `GetContent` gives the top page of `tab`.
private func pageTitle(_ bus: PrivateBus, _ tab: String) throws -> String {
    let result = try runCommand([
        "/usr/bin/busctl", "--address=\(bus.address)", "--json=short", "call", Names.service,
        Names.controller, Names.service, "GetContent", "s", tab,
    ])
    guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any],
        let title = (reply["data"] as? [Any])?.first as? String
    else { throw TestFailure("GetContent failed: \(result.errors)") }
    return title
}

/// The properties of the view at `path` (`GetAll` of `org.tabbard.TabBar1.View`), through busctl.
private func viewProperties(_ bus: PrivateBus, _ path: String) throws -> [String: Any] {
    let result = try runCommand([
        "/usr/bin/busctl", "--address=\(bus.address)", "--json=short", "call", Names.service, path,
        "org.freedesktop.DBus.Properties", "GetAll", "s", "\(Names.service).View",
    ])
    guard result.status == 0, let reply = try parseJSON(result.output) as? [String: Any],
        let properties = (reply["data"] as? [Any])?.first as? [String: Any]
    else {
        throw TestFailure("GetAll of \(path) failed: \(result.errors)")
    }
    return properties.compactMapValues { ($0 as? [String: Any])?["data"] }
}

/// What a frontend presents with `view` (VIEW-2,3): the view's bar, More list and titles over
/// the controller's state; the controller's own without a view.
private func presented(_ state: [String: Any], view: [String: Any]?) -> [String: Any] {
    var shown = state
    for key in ["VisibleTabs", "MoreTabs", "ShowsMore", "SelectedItem", "MoreTitle", "Layout", "ShowingMore"] {
        if let value = view?[key], value as? String != "" { shown[key] = value }
    }
    if let titles = view?["Titles"] as? [String: String] {
        shown["catalog"] = (state["catalog"] as? [[String: Any]] ?? []).map { tab in
            tab.merging(titles[tab["Id"] as? String ?? ""].map { ["Title": $0] } ?? [:]) { $1 }
        }
    }
    // SEL-4: the More list is shown, not a tab in it (a tab of the More list is shown inside More).
    let selectedTab = shown["SelectedTab"] as? String ?? ""
    shown["ShowingMore"] =
        shown["ShowingMore"] as? Bool
        ?? (shown["SelectedItem"] as? String == "@more"
            && !(shown["MoreTabs"] as? [String] ?? []).contains(selectedTab))
    return shown
}

/// Where what the frontend drew differs from the daemon's state: empty when the bar, the page
/// (or the More list, or the customization sheet) and the standalone bars all show `state`.
private func differences(_ dump: [String: Any]?, _ state: [String: Any], title: String?) -> [String] {
    guard let dump else { return ["no dump yet"] }
    guard dump["status"] as? String == "ready" else { return ["the frontend is \(dump["status"] ?? "?")"] }
    var found: [String] = []
    func check(_ what: String, _ shown: Any?, _ expected: Any?) {
        let a = String(describing: shown ?? "nil")
        let b = String(describing: expected ?? "nil")
        // JSON's true reads back as a number 1: a Bool on either side is compared as a Bool.
        let same = expected is Bool || shown is Bool ? (shown as? Bool) == (expected as? Bool) : a == b
        if !same { found.append("\(what): shows \(a), the daemon has \(b)") }
    }
    let catalog = Dictionary(
        uniqueKeysWithValues: (state["catalog"] as? [[String: Any]] ?? []).map { ($0["Id"] as? String ?? "", $0) })
    check("revision", dump["revision"], state["Revision"])
    check("layout", dump["layout"], state["Layout"])
    check("selected item", dump["selected_item"], state["SelectedItem"])
    let bar = dump["bar"] as? [[String: Any]] ?? []
    let items = (state["VisibleTabs"] as? [String] ?? []) + (state["ShowsMore"] as? Bool == true ? ["@more"] : [])
    check("bar items", bar.map { $0["id"] as? String ?? "" }, items)
    for item in bar {
        let id = item["id"] as? String ?? ""
        check("\(id) selected", item["selected"], id == state["SelectedItem"] as? String)
        guard let tab = catalog[id] else {
            check("More's title", item["title"], state["MoreTitle"] ?? "More")
            continue
        }
        check("\(id) title", item["title"], tab["Title"])
        check("\(id) enabled", item["enabled"], tab["Enabled"])
        let badge = item["badge"] as? [String: Any]
        check(
            "\(id) badge", badge.map { "\($0["value"] ?? "") \($0["dot"] as? Bool ?? false)" },
            tab["HasBadge"] as? Bool == true ? "\(tab["BadgeValue"] ?? "") \(tab["BadgeValue"] as? String == "")" : nil)
        // ICON-5: the theme's IconName (SelectedIconName while selected, where there is one)
        // where the daemon gives one, else the Image (SelectedImage while selected) or nothing.
        let icon = item["icon"] as? String ?? ""
        let selected = id == state["SelectedItem"] as? String
        func name(_ key: String, _ selectedKey: String) -> String {
            let chosen = selected ? tab[selectedKey] as? String ?? "" : ""
            return chosen.isEmpty ? tab[key] as? String ?? "" : chosen
        }
        if !name("IconName", "SelectedIconName").isEmpty {
            check("\(id) icon", icon, name("IconName", "SelectedIconName"))
        } else if !icon.isEmpty {
            check("\(id) icon", icon, name("Image", "SelectedImage"))
        }
    }
    if state["Customizing"] as? Bool == true {
        check("customization order", (dump["customizing"] as? [String: Any])?["order"], state["Tabs"])
    } else if state["ShowingMore"] as? Bool == true {
        let rows = (dump["more"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        check("More list", rows.map { $0["id"] as? String ?? "" }, state["MoreTabs"])
    } else if let selected = state["SelectedTab"] as? String, !selected.isEmpty, let tab = catalog[selected] {
        let page = dump["page"] as? [String: Any] ?? [:]
        check("page's tab", page["tab"], selected)
        check("page title", page["title"], title)
        check(
            "page actions", (page["actions"] as? [[String: Any]] ?? []).map { $0["id"] as? String ?? "" },
            tab["Actions"])
        check("back button", page["back"] is [Any], (tab["Depth"] as? Int ?? 1) > 1)
    }
    let bars = dump["bars"] as? [[String: Any]] ?? []
    let defined = state["bars"] as? [[String: Any]] ?? []
    check("standalone bars", bars.map { $0["name"] as? String ?? "" }, defined.map { $0["Name"] as? String ?? "" })
    for (shown, bar) in zip(bars, defined) {
        let shownItems = shown["items"] as? [[String: Any]] ?? []
        check("\(bar["Name"] ?? "") items", shownItems.map { $0["id"] as? String ?? "" }, bar["Items"])
        let titles = Dictionary(
            uniqueKeysWithValues: (bar["items"] as? [[String: Any]] ?? []).map {
                ($0["Id"] as? String ?? "", $0["Title"] ?? "")
            })
        check(
            "\(bar["Name"] ?? "") titles", shownItems.map { "\($0["title"] ?? "")" },
            (bar["Items"] as? [String] ?? []).map { "\(titles[$0] ?? "")" })
        check(
            "\(bar["Name"] ?? "") selected", shownItems.first { $0["selected"] as? Bool == true }?["id"],
            bar["SelectedItem"] as? String == "" ? nil : bar["SelectedItem"])
    }
    return found
}

/// The reference GTK frontend (issue 41) on a virtual display against a daemon on a private
/// bus: after each click (xdotool) and each change from tabctl and busctl, what it drew (its
/// dump of the widgets it built) matches `Describe`, and its screenshot is not blank and
/// differs from the last where the step changed the bar.
@Suite(
    "The reference frontend", .serialized,
    .enabled(if: referenceFrontendMissing == nil, "\(referenceFrontendMissing ?? "")"))
struct ReferenceFrontendTests {
    /// One run of the frontend: the daemon, the display, the frontend, the screenshots so far.
    final class Run {
        let daemon: DaemonProcess
        let display: VirtualDisplay
        let frontend: ReferenceFrontend
        var shots: ScreenshotSeries
        var problems: [String] = []

        init(width: Int = 760, lang: String = "C.UTF-8") throws {
            daemon = try DaemonProcess()
            display = try VirtualDisplay()
            frontend = try ReferenceFrontend(bus: daemon.bus, display: display, width: width, lang: lang)
            shots = try ScreenshotSeries(display: display)
        }

        /// The screenshots are kept for a run that found problems (their directory is named
        /// in the first), and removed otherwise.
        deinit {
            if problems.isEmpty { try? FileManager.default.removeItem(atPath: shots.directory) }
        }

        /// Waits (30 s at most) until the frontend shows the daemon's state, then takes a
        /// screenshot; records what still differed at the deadline.
        func step(_ name: String, changed: Bool = true) throws {
            let deadline = Date().addingTimeInterval(30)
            var found: [String] = []
            repeat {
                let view = try (frontend.dump?["view"] as? String).map { try viewProperties(daemon.bus, $0) }
                let state = presented(try describe(daemon.bus), view: view)
                let selected = state["SelectedTab"] as? String ?? ""
                found = differences(
                    frontend.dump, state, title: selected.isEmpty ? nil : try pageTitle(daemon.bus, selected))
                if found.isEmpty { break }
                usleep(50_000)
            } while Date() < deadline
            problems += found.map { "\(name): \($0)" }
            problems += try shots.take(name, changed: changed)
        }

        /// The selected item the frontend is to show: its view's where it opened one (VIEW-3:
        /// `@more` there changes nothing shared), else the controller's.
        func shownSelectedItem() throws -> String? {
            guard let view = frontend.dump?["view"] as? String else {
                return try describe(daemon.bus)["SelectedItem"] as? String
            }
            return try viewProperties(daemon.bus, view)["SelectedItem"] as? String
        }

        /// Waits until the frontend says it is waiting for the daemon, then takes a screenshot.
        func waiting(_ name: String) throws {
            let deadline = Date().addingTimeInterval(30)
            while frontend.dump?["status"] as? String != "waiting" && Date() < deadline { usleep(50_000) }
            if frontend.dump?["status"] as? String != "waiting" {
                problems.append("\(name): the frontend does not say it is waiting")
            }
            problems += try shots.take(name, changed: true)
        }

        /// Clicks the widget the dump places at `path` (keys and array indexes, then `at`).
        func click(_ find: ([String: Any]) -> [String: Any]?) throws {
            guard let dump = frontend.dump, let widget = find(dump), let at = widget["at"] as? [Int] else {
                throw TestFailure(
                    "no such widget in the dump: \(frontend.dump ?? [:]); so far:\n\(problems.joined(separator: "\n"))")
            }
            try display.click(window: "tabbard", at: at)
        }

        /// Resizes the frontend's window to `width` pixels, as a user dragging its edge would.
        func resize(width: Int) throws {
            let result = try display.run([
                "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--name", "^tabbard$",
                "windowsize", "%1", "\(width)", "520",
            ])
            guard result.status == 0 else { throw TestFailure("xdotool windowsize \(width) failed: \(result.errors)") }
        }

        /// Runs tabctl and requires it to succeed.
        func tabctl(_ arguments: String...) throws {
            let result = try runCommand(
                [try PackagePaths.executable("tabctl"), "--address", daemon.bus.address] + arguments, timeout: 20)
            guard result.status == 0 else {
                throw TestFailure("tabctl \(arguments.joined(separator: " ")): \(result.errors)")
            }
        }

        /// Runs busctl on the daemon's bus and requires it to succeed.
        func busctl(_ arguments: String...) throws {
            let result = try runCommand(["/usr/bin/busctl", "--address=\(daemon.bus.address)"] + arguments)
            guard result.status == 0 else {
                throw TestFailure("busctl \(arguments.joined(separator: " ")): \(result.errors)")
            }
        }
    }

    /// A bar item of the dump by id.
    private static func barItem(_ id: String) -> ([String: Any]) -> [String: Any]? {
        { ($0["bar"] as? [[String: Any]])?.first { $0["id"] as? String == id } }
    }

    @Test("issue 41: the frontend shows the daemon's state after clicks, tabctl and busctl changes and a restart")
    func followsTheDaemon() throws {
        let run = try Run()
        try run.step("start")
        let visible =
            run.frontend.dump.flatMap { ($0["bar"] as? [[String: Any]])?.compactMap { $0["id"] as? String } } ?? []
        let unselected = try #require(
            visible.first { $0 != "@more" && $0 != (run.frontend.dump?["selected_item"] as? String) })
        let before = run.frontend.dump?["bar"] ?? []
        try run.click(Self.barItem(unselected))
        try run.step("tap-\(unselected)")
        #expect(
            try describe(run.daemon.bus)["SelectedItem"] as? String == unselected,
            "clicked \(unselected) in \(before); now \(run.frontend.dump?["bar"] ?? [])")
        try run.click(Self.barItem("@more"))
        try run.step("more")
        #expect(try run.shownSelectedItem() == "@more")
        // A row of the More list shows its tab inside More (SEL-4).
        try run.click { (($0["more"] as? [String: Any])?["rows"] as? [[String: Any]])?.first }
        try run.step("more-row")
        #expect(try run.shownSelectedItem() == "@more")
        // The stopwatch's page, its laps page (tabctl navigates), back by a click.
        try run.click(Self.barItem("stopwatch"))
        try run.step("stopwatch")
        try run.tabctl("navigate", "stopwatch", "laps")
        try run.step("laps")
        try run.click(Self.backButton)
        try run.step("back")
        #expect(
            try describe(run.daemon.bus)["catalog"].flatMap {
                ($0 as? [[String: Any]])?.first { $0["Id"] as? String == "stopwatch" }?["Depth"] as? Int
            } == 1)
        try run.tabctl("badge", unselected, "3")
        try run.tabctl("badge", visible[0], "--dot")
        try run.step("badges")
        try run.busctl(
            "call", Names.service, Names.controller, Names.service, "SetTabs", "as", "7",
            "timer", "stopwatch", "alarm", "notes", "songs", "artists", "world-clock")
        try run.step("seven-tabs")
        try run.busctl("set-property", Names.service, Names.controller, Names.service, "Locale", "s", "fr_FR")
        try run.step("french")
        try run.busctl("set-property", Names.service, Names.controller, Names.service, "Layout", "s", "top")
        try run.step("top")
        try run.tabctl("appearance", "tint-color", "#FF9500")
        try run.step("tint")
        try run.tabctl("bar", "modes", "create")
        try run.tabctl("bar", "modes", "define", "map", "Map")
        try run.tabctl("bar", "modes", "define", "transit", "Transit")
        try run.tabctl("bar", "modes", "items", "map", "transit")
        try run.step("standalone-bar")
        try run.click { (($0["bars"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])?.last }
        try run.step("standalone-tap")
        run.daemon.stop()
        try run.waiting("daemon-stopped")
        try run.daemon.start()
        try run.step("daemon-restarted")
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))\nfrontend log:\n\(run.frontend.log)")
    }

    @Test("issue 41: the frontend's More list, customization sheet and a delegate's veto")
    func customizesAndIsVetoed() throws {
        let run = try Run()
        try run.step("start")
        try run.click(Self.barItem("@more"))
        try run.step("more")
        try run.click { ($0["more"] as? [String: Any]).flatMap { $0["edit"] is [Int] ? ["at": $0["edit"]!] : nil } }
        try run.step("customizing")
        let order = try #require(try describe(run.daemon.bus)["Tabs"] as? [String])
        try run.click {
            (($0["customizing"] as? [String: Any])?["moves"] as? [String: Any]).flatMap {
                ["at": $0["\(order[0]) down"] as Any]
            }
        }
        try run.step("moved")
        #expect(try describe(run.daemon.bus)["Tabs"] as? [String] == [order[1], order[0]] + order.dropFirst(2))
        // Drag and drop: the first row onto the third's place is MoveTab(first, 2).
        let rows = try #require((run.frontend.dump?["customizing"] as? [String: Any])?["rows"] as? [String: [Int]])
        try run.display.drag(window: "tabbard", from: try #require(rows[order[1]]), to: try #require(rows[order[2]]))
        try run.step("dragged")
        #expect(
            try describe(run.daemon.bus)["Tabs"] as? [String] == [order[0], order[2], order[1]] + order.dropFirst(3))
        try run.click { ($0["customizing"] as? [String: Any]).flatMap { ["at": $0["done"] as Any] } }
        try run.step("done")
        #expect(try describe(run.daemon.bus)["Customizing"] as? Bool == false)
        // The view's More list stays until a tap of its own selects a tab (VIEW-3), not when
        // another client selects one: a click on a tab of its bar ends it.
        try run.click(Self.barItem("world-clock"))
        try run.step("world-clock")
        #expect(try describe(run.daemon.bus)["SelectedTab"] as? String == "world-clock")
        // A delegate that denies the timer: the click's Tap answers false and nothing changes.
        let delegate = try RunningTabctl(run.daemon.bus, "delegate", "--deny", "timer")
        _ = delegate
        let deadline = Date().addingTimeInterval(20)
        while (try describe(run.daemon.bus)["Delegate"] as? String ?? "").isEmpty && Date() < deadline {
            usleep(50_000)
        }
        try run.step("delegate", changed: false)
        try run.click(Self.barItem("timer"))
        let vetoDeadline = Date().addingTimeInterval(20)
        while run.frontend.dump?["last_tap"] == nil || run.frontend.dump?["last_tap"] is NSNull, Date() < vetoDeadline {
            usleep(50_000)
        }
        let tap = run.frontend.dump?["last_tap"] as? [String: Any]
        #expect(tap?["item"] as? String == "timer" && tap?["selected"] as? Bool == false, "\(String(describing: tap))")
        try run.step("vetoed", changed: false)
        #expect(try describe(run.daemon.bus)["SelectedTab"] as? String == "world-clock")
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))\nfrontend log:\n\(run.frontend.log)")
    }

    /// The page's back button of the dump.
    private static func backButton(_ dump: [String: Any]) -> [String: Any]? {
        (dump["page"] as? [String: Any]).flatMap { $0["back"] is [Int] ? ["at": $0["back"]!] : nil }
    }

    /// A tab of `Describe`'s catalog by id.
    private static func tab(_ state: [String: Any], _ id: String) -> [String: Any]? {
        (state["catalog"] as? [[String: Any]])?.first { $0["Id"] as? String == id }
    }

    /// The page's widget of the dump under `key` (`actions`, `rows`) whose `field` is `value`.
    private static func pageWidget(_ key: String, _ field: String, _ matches: @escaping (String) -> Bool) -> (
        [String: Any]
    ) -> [String: Any]? {
        { (($0["page"] as? [String: Any])?[key] as? [[String: Any]])?.first { matches($0[field] as? String ?? "") } }
    }

    // The rows need GetPage (PAGE-1), and a running stopwatch that costs no call needs live
    // clocks (PAGE-3) and PageChanged (PAGE-4): against a daemon without them the frontend falls
    // back to GetContent's text, shows no rows and no clock, and calls about ten times a second
    // while the stopwatch runs.
    @Test(
        "issue 41, PAGE-1..4: an action by its button, a row that navigates, back, and a running stopwatch that costs no call"
    )
    func drivesPages() throws {
        let run = try Run()
        try run.step("start")
        try run.click(Self.barItem("stopwatch"))
        try run.step("stopwatch")
        try run.click(Self.pageWidget("actions", "id") { $0 == "start" })
        try run.step("started")
        #expect(Self.tab(try describe(run.daemon.bus), "stopwatch")?["Actions"] as? [String] == ["stop", "lap"])
        // Counted by the frontend while the running clock is on screen: two seconds of it.
        let deadline = Date().addingTimeInterval(30)
        func figures() -> [String: Any] { run.frontend.dump?["call_figures"] as? [String: Any] ?? [:] }
        while (figures()["running_seconds"] as? Double ?? 0) < 2, Date() < deadline { usleep(100_000) }
        print("reference frontend, call figures with a running stopwatch: \(figures())")
        #expect(
            figures()["running_seconds"] as? Double ?? 0 >= 2,
            "the frontend shows no running clock: \(run.frontend.dump ?? [:])")
        #expect(figures()["calls_while_running"] as? Int == 0, "calls while the stopwatch ran: \(figures())")
        try run.click(Self.pageWidget("rows", "page") { !$0.isEmpty })
        try run.step("row-navigated")
        #expect(Self.tab(try describe(run.daemon.bus), "stopwatch")?["Depth"] as? Int == 2)
        try run.click(Self.backButton)
        try run.step("back")
        #expect(Self.tab(try describe(run.daemon.bus), "stopwatch")?["Depth"] as? Int == 1)
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))\nfrontend log:\n\(run.frontend.log)")
    }

    // Needs OpenView (VIEW-1..3): without it the frontend draws the controller's own bar, which
    // keeps its five items and no More item, and taps the controller.
    @Test(
        "issue 41, VIEW-1..3: a narrow window in French opens a view of its own: a More item, French titles, taps through it"
    )
    func presentsItsOwnView() throws {
        let run = try Run(width: 480, lang: "fr_FR.UTF-8")
        try run.busctl(
            "call", Names.service, Names.controller, Names.service, "SetTabs", "as", "5",
            "timer", "stopwatch", "alarm", "notes", "world-clock")
        try run.step("start")
        let view = try #require(
            run.frontend.dump?["view"] as? String, "the frontend opened no view: \(run.frontend.dump ?? [:])")
        let properties = try viewProperties(run.daemon.bus, view)
        let controller = try describe(run.daemon.bus)
        let bar = (run.frontend.dump?["bar"] as? [[String: Any]] ?? []).map { $0["id"] as? String ?? "" }
        // 480 pixels hold three items: two tabs and the More item; the controller keeps five.
        #expect(
            properties["MaxVisible"] as? Int == 3 && bar == ["timer", "stopwatch", "@more"], "\(bar) \(properties)")
        #expect(controller["ShowsMore"] as? Bool == false && controller["MaxVisible"] as? Int == 5)
        #expect(properties["Locale"] as? String == "fr_FR" && controller["Locale"] as? String != "fr_FR")
        #expect(properties["MoreTitle"] as? String != controller["MoreTitle"] as? String, "\(properties)")
        // Widened, the window holds five items: its view's MaxVisible follows (the user's resize).
        try run.resize(width: 760)
        try run.step("view-wide")
        #expect(try viewProperties(run.daemon.bus, view)["MaxVisible"] as? Int == 5)
        try run.resize(width: 480)
        try run.step("view-narrow")
        try run.click(Self.barItem("@more"))
        try run.step("view-more")
        #expect(try viewProperties(run.daemon.bus, view)["SelectedItem"] as? String == "@more")
        #expect(try describe(run.daemon.bus)["SelectedItem"] as? String == controller["SelectedItem"] as? String)
        try run.click { (($0["more"] as? [String: Any])?["rows"] as? [[String: Any]])?.last }
        try run.step("view-more-row")
        #expect(try describe(run.daemon.bus)["SelectedTab"] as? String == "world-clock")
        run.daemon.stop()
        try run.waiting("daemon-stopped")
        try run.daemon.start()
        try run.step("daemon-restarted")
        #expect(run.frontend.dump?["view"] is String, "no view after the restart: \(run.frontend.dump ?? [:])")
        #expect(run.problems.isEmpty, "\(run.problems.joined(separator: "\n"))\nfrontend log:\n\(run.frontend.log)")
    }
}
