import DBus

extension CommandRunner {
    /// The commands that change the daemon, one call each. Silent on success; with `--json`,
    /// `{"ok":true}` plus what the call answered (`selected` for `tap`, `changed` for
    /// `customize`). A vetoed tap is not a failure of the call, but exits 3.
    func act(_ client: TabBarClient) throws(CommandFailure) -> ExitStatus {
        var answer: (key: String, value: Bool)?
        var status = ExitStatus.success
        switch invocation.request {
        case .select(let id): try client.call("Select", id)
        case .selectIndex(let index): try client.call("SelectIndex", index)
        case .tap(let item):
            let selected = try client.decode(try client.call("Tap", item), as: Bool.self)
            answer = ("selected", selected)
            if !selected {
                status = .vetoed
                StandardStream.error.line("tabctl: the delegate vetoed the tap on '\(item)'")
            }
        case .more: try client.call("SelectMore")
        case .setTabs(let ids): try client.call("SetTabs", ids)
        case .addTab(let id, let position): try client.call("AddTab", id, position)
        case .removeTab(let id): try client.call("RemoveTab", id)
        case .customize(let ids):
            answer = ("changed", try client.decode(try client.call("Customize", ids), as: Bool.self))
        case .customizable(let ids): try client.call("SetCustomizable", ids)
        case .badge(let id, .text(let value)): try client.call("SetBadge", id, value)
        case .badge(let id, .dot): try client.call("SetBadge", id, "")
        case .badge(let id, .clear): try client.call("ClearBadge", id)
        case .badgeColor(let id, let color): try client.call("SetBadgeColor", id, color)
        case .enable(let id, let enabled): try client.call("SetEnabled", id, enabled)
        case .navigate(let id, let page): try client.call("Navigate", id, page)
        case .back(let id): try client.call("Back", id)
        case .popToRoot(let id): try client.call("PopToRoot", id)
        case .activate(let id, let action): try client.call("Activate", id, action)
        case .appearance(let key, let value): try setAppearance(key, value, client)
        case .orientation(let orientation): try client.call("SetOrientation", orientation)
        case .reset: try client.call("Reset")
        default: preconditionFailure("not an action: \(invocation.request)")
        }
        if invocation.json {
            output.line(JSONWriter.object { writer in
                writer.member("ok", true)
                if let answer { writer.member(answer.key, answer.value) }
            })
        }
        return status
    }

    private func setAppearance(_ key: String, _ value: String, _ client: TabBarClient) throws(CommandFailure) {
        guard let property = AppearanceKeys.properties.first(where: { $0.key == key })?.property else {
            throw CommandFailure(.usage, "unknown appearance key '\(key)'")
        }
        if property == "Translucent" {
            guard value == "true" || value == "false" else {
                throw CommandFailure(.usage, "translucent takes true or false, not '\(value)'")
            }
            try client.setProperty(property, .bool(value == "true"))
        } else {
            try client.setProperty(property, .string(value))
        }
    }
}
