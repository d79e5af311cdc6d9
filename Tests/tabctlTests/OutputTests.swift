import DBus
import Foundation
import JSON
import TabbardBusContract
import Testing

@testable import tabctl

@Suite("tabctl output forms")
struct OutputTests {
    @Test("get's shell form: strings as they are, arrays one per line, dictionaries sorted key=value")
    func shellLines() {
        #expect(ValueText.shellLines(.string("World Clock")) == ["World Clock"])
        #expect(ValueText.shellLines(.variant(.bool(false))) == ["false"])
        #expect(ValueText.shellLines(.uint64(18_446_744_073_709_551_615)) == ["18446744073709551615"])
        #expect(ValueText.shellLines(.array("s", [.string("a b"), .string("c")])) == ["a b", "c"])
        #expect(ValueText.shellLines(.array("s", [])) == [])
        let images = DBusValue.dictionary(
            key: "s", value: "s",
            [
                .string("selected|normal"): .string("x.png"),
                .string("normal|normal"): .string(""),
            ])
        #expect(ValueText.shellLines(images) == ["normal|normal=", "selected|normal=x.png"])
    }

    @Test("follow's compact form keeps one event on one line")
    func compact() {
        #expect(ValueText.compact(.string("alarm")) == "alarm")
        #expect(ValueText.compact(.string("")) == #""""#)
        #expect(ValueText.compact(.string("Alarm, two of five")) == #""Alarm, two of five""#)
        #expect(ValueText.compact(.string("line\nbreak")) == #""line\nbreak""#)
        #expect(ValueText.compact(.array("s", [.string("a"), .string("b c")])) == #"[a,"b c"]"#)
        #expect(ValueText.compact(.int32(-1)) == "-1")
    }

    @Test("JSON strings escape quotes, backslashes and control characters, and Foundation reads them back")
    func jsonEscaping() throws {
        let original = "say \"hi\"\\ \n\t\u{01} é 日本"
        let text = JSONWriter.object { $0.member("value", original) }
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed == ["value": original])
    }

    @Test("a tab object's path gives back its id (world_2dclock is world-clock)")
    func tabPaths() {
        #expect(BusNames.tabID(fromPath: "/org/tabbard/TabBar1/tab/world_2dclock") == "world-clock")
        #expect(BusNames.tabID(fromPath: "/org/tabbard/TabBar1/tab/alarm") == "alarm")
        #expect(BusNames.tabID(fromPath: "/org/tabbard/TabBar1/tab/a_5fb_2ec") == "a_b.c")
        #expect(BusNames.tabID(fromPath: "/org/tabbard/TabBar1/bar") == nil)
    }
}

@Suite("tabctl list and show from the daemon's properties")
struct StateViewTests {
    /// Four tabs and More; alarm selected with a badge, notes with a dot badge, timer disabled
    /// and fixed.
    private let state = StateViewTests.sample

    private static let sample = TabBarState(
        controller: PropertyValues(values: [
            "Tabs": .array("s", ["world-clock", "alarm", "timer", "notes", "songs"].map(DBusValue.string)),
            "VisibleTabs": .array("s", ["world-clock", "alarm", "timer", "notes"].map(DBusValue.string)),
            "MoreTabs": .array("s", [.string("songs")]),
            "ShowsMore": .bool(true), "SelectedItem": .string("alarm"), "SelectedTab": .string("alarm"),
            "Layout": .string("bottom"), "TintColor": .string("#007AFF"),
        ]),
        tabs: [
            "world-clock": tab("World Clock", placement: "bar"),
            "alarm": tab("Alarm", placement: "bar", badge: "3", selected: true),
            "timer": tab("Timer", placement: "bar", enabled: false, customizable: false),
            "notes": tab("Notes", placement: "bar", badge: ""),
            "songs": tab("Songs", placement: "more"),
        ])

    private static func tab(
        _ title: String, placement: String, badge: String? = nil, enabled: Bool = true,
        customizable: Bool = true, selected: Bool = false
    ) -> PropertyValues {
        PropertyValues(values: [
            "Title": .string(title), "Placement": .string(placement), "HasBadge": .bool(badge != nil),
            "BadgeValue": .string(badge ?? ""), "Enabled": .bool(enabled), "Customizable": .bool(customizable),
            "Selected": .bool(selected),
        ])
    }

    @Test("list: aligned columns with badge markers and flags")
    func listing() {
        #expect(
            TabList(state).text == """
                0  world-clock  World Clock  bar   -  -
                1  alarm        Alarm        bar   3  selected
                2  timer        Timer        bar   -  disabled,fixed
                3  notes        Notes        bar   •  -
                4  songs        Songs        more  -  -

                """)
    }

    @Test("show: visible tabs then More, the selected item marked, the page as content")
    func picture() {
        let picture = BarPicture(state: state, page: (title: "Alarms", body: "07:00"))
        #expect(picture.items.map(\.id) == ["world-clock", "alarm", "timer", "notes", "@more"])
        #expect(picture.items.map(\.selected) == [false, true, false, false, false])
        #expect(picture.items[2].enabled == false)
        #expect(picture.items[3].badge == "")
        #expect(picture.content == .page(title: "Alarms", body: "07:00"))
    }

    @Test("show: with the More list itself shown the content is the list (SEL-5)")
    func moreList() {
        var more = state
        more.controller.values["SelectedItem"] = .string("@more")
        more.controller.values["SelectedTab"] = .string("")
        let picture = BarPicture(state: more, page: nil)
        #expect(picture.items.last?.selected == true)
        #expect(picture.content == .moreList(title: "More", items: [BarPicture.Item(id: "songs", title: "Songs")]))
    }

    @Test("show: a tab of the More list is shown inside More, with More highlighted (SEL-4)")
    func tabInsideMore() {
        var inside = state
        inside.controller.values["SelectedItem"] = .string("@more")
        inside.controller.values["SelectedTab"] = .string("songs")
        let picture = BarPicture(state: inside, page: (title: "Songs", body: "3 songs"))
        #expect(picture.items.last?.selected == true)
        #expect(picture.content == .page(title: "More › Songs", body: "3 songs"))
    }
}

@Suite("tabctl delegate rules")
struct DelegateRuleTests {
    @Test("--deny refuses its items, --allow-only refuses all others, --exec decides the rest")
    func rules() {
        let deny = DelegateRules(deny: ["timer"])
        #expect(deny.decide("timer")! == (false, "--deny"))
        #expect(deny.decide("alarm")!.allow)
        let only = DelegateRules(allowOnly: ["alarm"])
        #expect(only.decide("@more")! == (false, "not in --allow-only"))
        #expect(only.decide("alarm")!.allow)
        let exec = DelegateRules(deny: ["timer"], exec: "./judge")
        #expect(exec.decide("timer")!.allow == false)
        #expect(exec.decide("alarm") == nil)
    }

    @Test("a hanging --exec command is killed before the daemon's timeout")
    func killDeadline() {
        #expect(ExecJudge.limit(forDaemonTimeout: 1000) == 750)
        #expect(ExecJudge.limit(forDaemonTimeout: 20_000) == 19_500)
        #expect(ExecJudge.limit(forDaemonTimeout: 10) == 5)
        for timeout in [10, 100, 1000, 5000, 20_000] { #expect(ExecJudge.limit(forDaemonTimeout: timeout) < timeout) }
    }
}
