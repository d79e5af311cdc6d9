import DBus

/// The lines `tabctl follow` prints: text for people (`DidSelect alarm`), or one JSON object
/// per line with `--json` (`{"event":"DidSelect","item":"alarm"}`). Event names are the D-Bus
/// member names, so `grep DidSelect` works on both.
struct EventLine {
    /// `--json`.
    let json: Bool

    /// The controller properties the text form of `state` shows; JSON shows all of them.
    static let stateSummary: [ControllerProperty] = [
        .selectedItem, .selectedTab, .tabs, .visibleTabs, .moreTabs, .customizing, .delegate, .revision,
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

    /// The daemon left the bus.
    func daemonLeft() -> String {
        json ? JSONWriter.object { $0.member("event", "daemonLeft") }
            : "daemon left the bus; waiting for it to come back"
    }

    /// The daemon took its name again, as `owner`.
    func daemonBack(_ owner: String) -> String {
        json ? JSONWriter.object { $0.member("event", "daemonBack"); $0.member("owner", owner) }
            : "daemon is back as \(owner)"
    }

    /// The line for a signal from the daemon, nil for one this does not describe.
    func signal(_ message: Message) -> String? {
        guard let interface = message.interface, let member = message.member,
              let arguments = try? message.arguments() else { return nil }
        switch (interface, member) {
        case (TabBarNames.controllerInterface, "DidSelect"):
            return delegateSignal(member, arguments, names: ["item"])
        case (TabBarNames.controllerInterface, "WillBeginCustomizing"):
            return delegateSignal(member, arguments, names: ["tabs"])
        case (TabBarNames.controllerInterface, _) where member.hasSuffix("Customizing"):
            return delegateSignal(member, arguments, names: ["tabs", "changed"])
        case (TabBarNames.propertiesInterface, "PropertiesChanged"):
            return propertiesChanged(path: message.path ?? "", arguments)
        case (TabBarNames.objectManagerInterface, "InterfacesAdded"), (TabBarNames.objectManagerInterface, "InterfacesRemoved"):
            guard let path = arguments.first?.string, let id = TabBarNames.tabId(fromPath: path) else { return nil }
            return json ? JSONWriter.object { $0.member("event", member); $0.member("tab", id) } : "\(member) tab \(id)"
        default:
            return nil
        }
    }

    /// `DidSelect alarm`, `WillEndCustomizing [a,b] changed=true`.
    private func delegateSignal(_ member: String, _ arguments: [DBusValue], names: [String]) -> String {
        let named = Array(zip(names, arguments))
        if json {
            return JSONWriter.object { writer in
                writer.member("event", member)
                for (name, value) in named {
                    writer.key(name)
                    writer.value(value)
                }
            }
        }
        let words = named.enumerated().map { index, pair in
            index == 0 ? ValueText.compact(pair.1) : "\(pair.0)=\(ValueText.compact(pair.1))"
        }
        return ([member] + words).joined(separator: " ")
    }

    /// `PropertiesChanged controller SelectedItem=alarm`, `PropertiesChanged tab alarm Selected=true`.
    private func propertiesChanged(path: String, _ arguments: [DBusValue]) -> String? {
        guard arguments.count == 3, case .dictionary(_, _, let entries) = arguments[1] else { return nil }
        let changed = PropertyValues(values: Dictionary(uniqueKeysWithValues: entries.compactMap { key, value in
            key.string.map { ($0, value.unwrapped) }
        }))
        let invalidated = arguments[2].strings ?? []
        let tab = TabBarNames.tabId(fromPath: path)
        let object = tab != nil ? "tab" : path == TabBarNames.barPath ? "bar" : path == TabBarNames.controllerPath ? "controller" : path
        if json {
            return JSONWriter.object { writer in
                writer.member("event", "PropertiesChanged")
                writer.member("object", object)
                if let tab { writer.member("tab", tab) }
                writer.key("changed")
                writer.properties(changed)
                writer.member("invalidated", invalidated)
            }
        }
        var words = ["PropertiesChanged", object]
        if let tab { words.append(ValueText.word(tab)) }
        words += changed.sortedNames.map { "\($0)=\(ValueText.compact(changed.values[$0]!))" }
        words += invalidated.map { "\($0)=?" }
        return words.joined(separator: " ")
    }
}
