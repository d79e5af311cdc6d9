import Foundation
import TabbardTestSupport

/// What `tabbar_client.py events` saw: replies and signals in arrival order.
enum Event: CustomStringConvertible {
    /// The reply to call `index`, with its values.
    case reply(index: Int, values: [Any])
    /// The error answering call `index`.
    case error(index: Int, name: String)
    /// A signal from the daemon.
    case signal(path: String, interface: String, member: String, arguments: [Any])

    var description: String {
        switch self {
        case .reply(let index, let values): "reply \(index) \(values)"
        case .error(let index, let name): "error \(index) \(name)"
        case .signal(let path, let interface, let member, let arguments): "\(interface).\(member) \(path) \(arguments)"
        }
    }

    /// The signal's member name, nil for a reply.
    var member: String? {
        if case .signal(_, _, let member, _) = self { member } else { nil }
    }

    /// An event as the Python clients print it: `["reply", index, values]`, `["error", index,
    /// name]` or `["signal", path, interface, member, arguments]`.
    init(recorded event: [Any]) {
        switch event.first as? String {
        case "reply": self = .reply(index: event[1] as? Int ?? -1, values: event[2] as? [Any] ?? [])
        case "error": self = .error(index: event[1] as? Int ?? -1, name: event[2] as? String ?? "")
        default:
            self = .signal(
                path: event[1] as? String ?? "", interface: event[2] as? String ?? "",
                member: event[3] as? String ?? "", arguments: event[4] as? [Any] ?? [])
        }
    }
}

/// Makes `calls` in order with dbus-python on one connection that also records every signal
/// the daemon sends; returns everything in arrival order. `together` sends every call at once
/// instead of each after the reply to the one before, so that the daemon finds them queued.
func recordEvents(address: String, _ calls: [BusCall], together: Bool = false) throws -> [Event] {
    let output = try runScript(
        "tabbar_client.py", [address, "events"] + (together ? ["together"] : []),
        input: try jsonText(calls.map(\.json)))
    guard let events = (try parseJSON(output) as? [String: Any])?["events"] as? [[Any]] else {
        throw TestFailure("tabbar_client.py events printed \(output)")
    }
    return events.map(Event.init(recorded:))
}

/// The events of each call: for call `i`, the signals that arrived after the previous reply,
/// then its reply; a last group holds whatever came after the last reply.
func groupedByCall(_ events: [Event]) -> [[Event]] {
    var groups: [[Event]] = [[]]
    for event in events {
        groups[groups.count - 1].append(event)
        switch event {
        case .reply, .error: groups.append([])
        case .signal: break
        }
    }
    return groups
}
