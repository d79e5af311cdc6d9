import DBus
import JSON
import TabbardBusContract

/// The lines `tabctl follow` prints: text for people (`DidSelect alarm`), or one JSON object
/// per line with `--json` (`{"event":"DidSelect","item":"alarm"}`). Event names are the D-Bus
/// member names, so `grep DidSelect` works on both.
struct EventLine {
    /// `--json`.
    let json: Bool

    /// The controller properties the text form of `state` shows; JSON shows all of them.
    static let stateSummary: [ControllerPropertyName] = [
        .selectedItem, .selectedTab, .tabs, .visibleTabs, .moreTabs, .customizing, .delegate, .bars, .revision,
    ]

    /// The state at start and after the daemon comes back.
    func state(_ controller: PropertyValues) -> String {
        if json {
            return JSONWriter.object { writer in
                writer.member("event", "state")
                writer.key("properties")
                writer.properties(controller)
            }
        }
        let pairs = Self.stateSummary.compactMap { property in
            controller.values[property.rawValue].map { "\(property.rawValue)=\(ValueText.compact($0))" }
        }
        return (["state"] + pairs).joined(separator: " ")
    }

    /// The state of view `path` (VIEW-2): `view 1 Items=[…] …`, or its properties as JSON.
    func viewState(_ path: String, _ view: PropertyValues) -> String {
        let number = BusNames.viewNumber(fromPath: path).map(String.init) ?? path
        if json {
            return JSONWriter.object { writer in
                writer.member("event", "view")
                writer.member("view", number)
                writer.key("properties")
                writer.properties(view)
            }
        }
        let pairs = ViewPropertyName.allCases.compactMap { property in
            view.values[property.rawValue].map { "\(property.rawValue)=\(ValueText.compact($0))" }
        }
        return (["view", number] + pairs).joined(separator: " ")
    }

    /// The daemon left the bus.
    func daemonLeft() -> String {
        json
            ? JSONWriter.object { $0.member("event", "daemonLeft") }
            : "daemon left the bus; waiting for it to come back"
    }

    /// The daemon took its name again, as `owner`.
    func daemonBack(_ owner: String) -> String {
        json
            ? JSONWriter.object {
                $0.member("event", "daemonBack"); $0.member("owner", owner)
            }
            : "daemon is back as \(owner)"
    }

    /// The line for a signal from the daemon, nil for one this does not describe.
    func signal(_ message: Message) -> String? {
        guard let interface = message.interface, let member = message.member,
            let arguments = try? message.arguments()
        else { return nil }
        switch (interface, member) {
        case (BusNames.controllerInterface, ControllerSignalName.didSelect.rawValue):
            return delegateSignal(member, arguments, names: ["item"])
        case (BusNames.controllerInterface, ControllerSignalName.willBeginCustomizing.rawValue):
            return delegateSignal(member, arguments, names: ["tabs"])
        case (BusNames.controllerInterface, _) where member.hasSuffix("Customizing"):
            return delegateSignal(member, arguments, names: ["tabs", "changed"])
        case (BusNames.barInterface, _):
            return barSignal(member, path: message.path ?? "", arguments)
        case (BusNames.propertiesInterface, "PropertiesChanged"):
            return propertiesChanged(path: message.path ?? "", arguments)
        case (BusNames.contentInterface, ContentSignalName.pageChanged.rawValue):
            return pageChanged(path: message.path ?? "", arguments)
        case (BusNames.objectManagerInterface, "InterfacesAdded"),
            (BusNames.objectManagerInterface, "InterfacesRemoved"):
            guard let path = arguments.first?.string else { return nil }
            let object = FollowedObject(path: path)
            guard !object.names.isEmpty else { return nil }
            return json
                ? JSONWriter.object { writer in
                    writer.member("event", member)
                    for (key, name) in object.names { writer.member(key, name) }
                } : firstWords(member, object).joined(separator: " ")
        default:
            return nil
        }
    }

    /// The signals of a standalone bar (SBAR-3..5), named by the bar: `ItemsSet modes [a,b]
    /// animated=true`, `DidSelectItem modes map`, `DidEndCustomizingItems modes [a,b] changed=true`.
    private func barSignal(_ member: String, path: String, _ arguments: [DBusValue]) -> String? {
        guard let bar = BusNames.barName(fromPath: path) else { return nil }
        let names: [String]
        switch BarSignalName(rawValue: member) {
        case .itemsSet: names = ["items", "animated"]
        case .didSelectItem: names = ["item"]
        case .willBeginCustomizingItems, .didBeginCustomizingItems: names = ["items"]
        case .willEndCustomizingItems, .didEndCustomizingItems: names = ["items", "changed"]
        case nil: return nil
        }
        return delegateSignal(member, arguments, names: names, bar: bar)
    }

    /// `DidSelect alarm`, `WillEndCustomizing [a,b] changed=true`; a standalone bar's
    /// signals name the `bar` first.
    private func delegateSignal(_ member: String, _ arguments: [DBusValue], names: [String], bar: String? = nil)
        -> String
    {
        let named = Array(zip(names, arguments))
        if json {
            return JSONWriter.object { writer in
                writer.member("event", member)
                if let bar { writer.member("bar", bar) }
                for (name, value) in named {
                    writer.key(name)
                    writer.value(value)
                }
            }
        }
        let words = named.enumerated().map { index, pair in
            index == 0 ? ValueText.compact(pair.1) : "\(pair.0)=\(ValueText.compact(pair.1))"
        }
        return ([member] + (bar.map { [ValueText.word($0)] } ?? []) + words).joined(separator: " ")
    }

    /// `PageChanged tab stopwatch page=main revision=3 title=Stopwatch rows=2` (PAGE-4); with
    /// `--json`, the whole page.
    private func pageChanged(path: String, _ arguments: [DBusValue]) -> String? {
        guard let page = arguments.first, case .dictionary(_, _, let entries) = page else { return nil }
        let object = FollowedObject(path: path)
        if json {
            return objectJSON("PageChanged", object) { writer in
                writer.key("page")
                writer.value(page)
            }
        }
        let field = { (key: String) in entries[.string(key)]?.unwrapped }
        var rows = 0
        if case .array(_, let items)? = field("rows") { rows = items.count }
        var words = firstWords("PageChanged", object)
        for key in ["page", "revision", "title"] {
            if let value = field(key) { words.append("\(key)=\(ValueText.compact(value))") }
        }
        return (words + ["rows=\(rows)"]).joined(separator: " ")
    }

    /// `PropertiesChanged controller SelectedItem=alarm`, `PropertiesChanged tab alarm Selected=true`,
    /// `PropertiesChanged bar modes Items=[map]`, `PropertiesChanged item modes map HasBadge=true`.
    private func propertiesChanged(path: String, _ arguments: [DBusValue]) -> String? {
        guard arguments.count == 3, case .dictionary(_, _, let entries) = arguments[1] else { return nil }
        let changed = PropertyValues(
            values: Dictionary(
                uniqueKeysWithValues: entries.compactMap { key, value in
                    key.string.map { ($0, value.unwrapped) }
                }))
        let invalidated = arguments[2].strings ?? []
        let object = FollowedObject(path: path)
        if json {
            return objectJSON("PropertiesChanged", object) { writer in
                writer.key("changed")
                writer.properties(changed)
                writer.member("invalidated", invalidated)
            }
        }
        var words = firstWords("PropertiesChanged", object)
        words += changed.sortedNames.map { "\($0)=\(ValueText.compact(changed.values[$0]!))" }
        words += invalidated.map { "\($0)=?" }
        return words.joined(separator: " ")
    }

    /// The first words of a line for `event` on `object`: `PropertiesChanged tab alarm`.
    private func firstWords(_ event: String, _ object: FollowedObject) -> [String] {
        [event, object.kind] + object.names.map { ValueText.word($0.1) }
    }

    /// The JSON of `event` on `object`: the event, the object's kind and names, then what
    /// `body` writes.
    private func objectJSON(_ event: String, _ object: FollowedObject, _ body: (inout JSONWriter) -> Void) -> String {
        JSONWriter.object { writer in
            writer.member("event", event)
            writer.member("object", object.kind)
            for (key, name) in object.names { writer.member(key, name) }
            body(&writer)
        }
    }
}
