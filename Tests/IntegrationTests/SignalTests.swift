import Foundation
import TabbardTestSupport
import Testing

/// Signals as a dbus-python client on the bus sees them, in order with the replies.
@Suite("Signals")
struct SignalTests {
    @Test("DidSelect follows every allowed tap, also of the selected tab, and never Select (SEL-1, TAP-2)")
    func didSelectOnlyOnTaps() throws {
        let daemon = try DaemonProcess()
        let groups = groupedByCall(
            try recordEvents(
                address: daemon.bus.address,
                [
                    BusCall("Select", .string("alarm")),
                    BusCall("SelectIndex", .int32(2)),
                    BusCall("SelectMore"),
                    BusCall("Tap", .string("alarm")),
                    BusCall("Tap", .string("alarm")),
                    BusCall("Tap", .string("@more")),
                ]))
        let didSelect = groups.map { group in
            group.compactMap { event -> String? in
                guard case .signal(_, _, "DidSelect", let arguments) = event else { return nil }
                return arguments.first as? String
            }
        }
        #expect(didSelect == [[], [], [], ["alarm"], ["alarm"], ["@more"], []], "\(groups)")
    }

    @Test(
        "an allowed tap's property changes and DidSelect come before its deferred reply, closed by the controller's Revision (TAP-1, SYNC-2)"
    )
    func tapSignalsBeforeDeferredReply() throws {
        let daemon = try DaemonProcess()
        let delegate = try Peer(address: daemon.bus.address, mode: .allow)
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, [BusCall("Tap", .string("songs"))]))
        let members = groups[0].compactMap(\.member)
        #expect(
            members.contains("PropertiesChanged") && members.suffix(2) == ["DidSelect", "PropertiesChanged"],
            "\(groups)")
        guard case .signal(Names.controller, _, "PropertiesChanged", let arguments)? = groups[0].dropLast().last else {
            Issue.record("the controller does not close the batch: \(groups)")
            return
        }
        #expect((arguments.dropFirst().first as? [String: Any])?["Revision"] != nil, "\(arguments)")
        #expect(groups[1].isEmpty, "\(groups)")
        #expect(delegate.lines.contains("asked songs"))
    }

    @Test(
        "what a plugin changes while a request calls it is in that request's one emission per object, before the reply")
    func pluginChangesBeforeReply() throws {
        let daemon = try DaemonProcess()
        // Adding an alarm changes the tab's actions, its badge (enabled alarms) and its content.
        let groups = groupedByCall(
            try recordEvents(
                address: daemon.bus.address,
                [
                    BusCall("Activate", .string("alarm"), .string("add")),
                    BusCall(
                        path: Names.tab("alarm"), interface: Names.properties, "Get", .string(Names.tabInterface),
                        .string("BadgeValue")),
                ]))
        func changes(of interface: String) -> [[String: Any]] {
            groups[0].compactMap { event -> [String: Any]? in
                guard case .signal(Names.tab("alarm"), _, "PropertiesChanged", let arguments) = event,
                    arguments.first as? String == interface
                else { return nil }
                return arguments.dropFirst().first as? [String: Any]
            }
        }
        let alarm = changes(of: Names.tabInterface)
        #expect(alarm.count == 1, "\(groups)")
        let keys = Set(alarm.first.map { Array($0.keys) } ?? [])
        #expect(keys.isSuperset(of: ["Actions", "BadgeValue"]) && !keys.contains("ContentRevision"), "\(alarm)")
        // PAGE-4: the content's revision on its own interface, once, before the reply too.
        let content = changes(of: Names.contentInterface)
        #expect(content.count == 1 && content.first?.keys.contains("ContentRevision") == true, "\(groups)")
        #expect(groups[1].compactMap(\.member).isEmpty, "changes after the reply: \(groups[1])")
        guard case .reply(_, let values) = groups[1].last else { Issue.record("no reply to Get: \(groups)"); return }
        #expect(values.first as? String == "2")
    }

    @Test("a session's signals come in order with the tabs and the right changed (CUST-3, CUST-5)")
    func customizationSignals() throws {
        let daemon = try DaemonProcess()
        let tabs = ["world-clock", "alarm", "stopwatch"]
        let events = try recordEvents(
            address: daemon.bus.address,
            [
                BusCall("SetTabs", .strings(tabs)),
                BusCall("BeginCustomizing"),
                BusCall("SwapTabs", .string("alarm"), .string("stopwatch")),
                BusCall("EndCustomizing"),
                BusCall("BeginCustomizing"),
                BusCall("EndCustomizing"),
                BusCall("Customize", .strings(["stopwatch", "world-clock", "alarm"])),
            ])
        let swapped = ["world-clock", "stopwatch", "alarm"]
        let seen = events.compactMap { event -> String? in
            switch event {
            case .signal(_, _, let member, let arguments) where member.hasSuffix("Customizing"):
                return
                    "\(member) \(arguments.first as? [String] ?? []) \(arguments.dropFirst().map { "\($0 as? Bool ?? false)" })"
            case .reply(let index, let values) where index == 3 || index == 5 || index == 6:
                return "reply \(values.first as? Bool ?? false)"
            default:
                return nil
            }
        }
        #expect(
            seen == [
                "WillBeginCustomizing \(tabs) []",
                "WillEndCustomizing \(swapped) [\"true\"]",
                "DidEndCustomizing \(swapped) [\"true\"]",
                "reply true",
                "WillBeginCustomizing \(swapped) []",
                "WillEndCustomizing \(swapped) [\"false\"]",
                "DidEndCustomizing \(swapped) [\"false\"]",
                "reply false",
                "WillBeginCustomizing \(swapped) []",
                "WillEndCustomizing [\"stopwatch\", \"world-clock\", \"alarm\"] [\"true\"]",
                "DidEndCustomizing [\"stopwatch\", \"world-clock\", \"alarm\"] [\"true\"]",
                "reply true",
            ], "\(events)")
    }

    @Test(
        "Select and SetBadge announce each tab, then the bar, then the controller with Revision last, each once and with every property it changed, right before the reply (SEL-6, ITEM-4, SYNC-2)"
    )
    func selectAndBadgeAnnounceInOrder() throws {
        let daemon = try DaemonProcess()
        let groups = groupedByCall(
            try recordEvents(
                address: daemon.bus.address,
                [
                    BusCall("Select", .string("world-clock")),
                    BusCall("Select", .string("alarm")),
                    BusCall("SetBadge", .string("alarm"), .string("3")),
                    BusCall("SetBadge", .string("alarm"), .string("4")),
                ]))
        // Each object's PropertiesChanged is sent as soon as its change is noted; what the
        // plugins say in the calls a request makes after its reply comes before the next
        // request's own, so each request's announcements are the last ones before its reply.
        func announced(_ group: [Event]) -> [String] {
            group.compactMap { event -> String? in
                guard case .signal(let path, _, "PropertiesChanged", let arguments) = event,
                    let changed = arguments.dropFirst().first as? [String: Any]
                else { return nil }
                return path + " " + changed.keys.sorted().joined(separator: ",")
            }
        }
        let select = [
            "\(Names.tab("world-clock")) AccessibilityLabel,Selected",
            "\(Names.tab("alarm")) AccessibilityLabel,Selected",
            "\(Names.bar) SelectedItem",
            "\(Names.controller) Revision,SelectedIndex,SelectedItem,SelectedTab",
        ]
        // The second badge: the tab has one already, so `HasBadge` stays as it is.
        let badge = ["\(Names.tab("alarm")) BadgeValue", "\(Names.controller) Revision"]
        #expect(Array(announced(groups[1]).suffix(select.count)) == select, "\(groups[1])")
        #expect(Array(announced(groups[3]).suffix(badge.count)) == badge, "\(groups[3])")
        for group in groups[1...3] {
            guard case .reply = group.last, case .signal(_, _, "PropertiesChanged", _) = group.dropLast().last else {
                Issue.record("the reply does not follow the announcements: \(group)")
                continue
            }
        }
    }

    @Test(
        "PropertiesChanged comes at most once per object per request, Reset included, before the reply; a no-op emits nothing (SEL-6)"
    )
    func propertiesChangedOncePerObject() throws {
        let daemon = try DaemonProcess()
        let calls = [
            BusCall("Select", .string("songs")),
            BusCall("SetTabs", .strings(["songs", "alarm", "notes"])),
            BusCall("Customize", .strings(["notes", "songs", "alarm"])),
            BusCall("SetBadge", .string("alarm"), .string("7")),
            BusCall.set("MaxVisible", .uint32(2)),
            BusCall("Reset"),
            BusCall("Select", .string("world-clock")),
            BusCall.set("MaxVisible", .uint32(5)),
        ]
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, calls))
        #expect(groups.count == calls.count + 1, "\(groups)")
        for (index, group) in groups.enumerated() {
            let paths = group.compactMap { event -> String? in
                guard case .signal(let path, _, "PropertiesChanged", _) = event else { return nil }
                return path
            }
            #expect(Set(paths).count == paths.count, "call \(index) changed an object twice: \(group)")
            if index < 6 {
                #expect(paths.contains(Names.controller), "call \(index) announced no controller change: \(group)")
            } else {
                #expect(paths.isEmpty, "after call \(index - 1) nothing more should change: \(group)")
            }
        }
        let badge = groups[3].compactMap { event -> [String: Any]? in
            guard case .signal(Names.tab("alarm"), _, "PropertiesChanged", let arguments) = event else { return nil }
            return arguments.dropFirst().first as? [String: Any]
        }
        #expect(badge.first?["BadgeValue"] as? String == "7", "\(groups[3])")
    }
}
