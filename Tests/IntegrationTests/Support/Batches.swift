import Foundation
import TabbardTestSupport

/// One step of a run that `batch_client.py` takes.
enum RunStep {
    /// A call on the recording connection, settled by its reply.
    case call(BusCall)
    /// A second connection, with a delegate of its own, makes `calls` and leaves the bus; settled
    /// once a signal named `until` arrives.
    case leave([BusCall], until: String)
    /// `files` removed and SIGHUP sent to `pid`; settled once a signal named `until` arrives.
    case reload(pid: pid_t, removing: [String], until: String)

    /// The step as `batch_client.py` reads it.
    var json: [String: Any] {
        switch self {
        case .call(let call): ["call": call.json]
        case .leave(let calls, let member): ["leave": calls.map(\.json), "until": member]
        case .reload(let pid, let files, let member): ["hup": Int(pid), "remove": files, "until": member]
        }
    }
}

/// A run as a frontend saw it (`batch_client.py`): the controller's `Revision` before the first
/// step and after the last, and every reply and signal in between, in arrival order; with
/// `mirroring`, what a client of SYNC-3 made of it.
struct RecordedRun {
    let start: Int
    let end: Int
    let events: [Event]
    /// Where the SYNC-3 client's copy differed from `Describe` after a step.
    let differences: [String]
    /// How often a closing `Revision` was not the client's last plus one.
    let gaps: Int
    /// How many `Describe` calls the client's algorithm made.
    let describes: Int

    /// Takes `steps` against the daemon on `address`; `mirroring` runs SYNC-3's client beside.
    init(address: String, _ steps: [RunStep], mirroring: Bool = false) throws {
        let output = try runScript(
            "batch_client.py", [address] + (mirroring ? ["mirror"] : []),
            input: try jsonText(steps.map(\.json)), timeout: 120)
        guard let run = try parseJSON(output) as? [String: Any], let events = run["events"] as? [[Any]],
            let start = run["start"] as? Int, let end = run["end"] as? Int, run["timeout"] as? Bool == false,
            run["failure"] == nil
        else {
            throw TestFailure("batch_client.py printed \(output)")
        }
        self.start = start
        self.end = end
        self.events = events.map(Event.init(recorded:))
        differences = run["differences"] as? [String] ?? []
        gaps = run["gaps"] as? Int ?? 0
        describes = run["describes"] as? Int ?? 0
    }
}

/// The run cut into batches as SYNC-3's client cuts it: a batch ends with the controller's
/// `PropertiesChanged` that carries `Revision` (its close). What `Revision` leaves out
/// (`ContentRevision` alone, the `Content` interface, `PageChanged`) belongs to no batch.
struct BatchReading {
    /// Each batch's signals, its close last, as `interface.member path`.
    private(set) var batches: [[String]] = []
    /// The `Revision` each batch closed with, in order.
    private(set) var closes: [Int] = []
    /// Every way the run broke SYNC-2, with where.
    private(set) var problems: [String] = []

    /// The place of each kind of signal in a batch (dbus-api.md, "Keeping a frontend in sync"):
    /// objects that come, the other objects' property changes, the controller's signals, the
    /// bars' signals, objects that leave; the close after them all.
    private static func rank(_ interface: String, _ member: String, path: String) -> Int {
        switch member {
        case "InterfacesAdded": 0
        case "PropertiesChanged": 1
        case "InterfacesRemoved": 4
        default: path == Names.controller ? 2 : 3
        }
    }

    init(_ run: RecordedRun) {
        var open: [String] = []
        var highest = 0
        var last = run.start
        for event in run.events {
            switch event {
            case .reply(let index, _), .error(let index, _):
                if !open.isEmpty { problems.append("step \(index) answered with its batch open: \(open)") }
            case .signal(let path, let interface, let member, let arguments):
                let changed = arguments.dropFirst().first as? [String: Any] ?? [:]
                let invalidated = arguments.last as? [String] ?? []
                if member == "PageChanged" || interface.hasSuffix(".Content")
                    || (member == "PropertiesChanged"
                        && Set(changed.keys).union(invalidated).isSubset(of: ["ContentRevision"]))
                {
                    continue // Outside `Revision` (PAGE-4).
                }
                // A property change is named by the interface it is about.
                let subject = member == "PropertiesChanged" ? arguments.first as? String ?? "" : interface
                let named = "\(subject).\(member) \(path)"
                let isController = path == Names.controller && member == "PropertiesChanged"
                if isController, let revision = changed["Revision"] as? Int {
                    if revision != last + 1 {
                        problems.append("closed with Revision \(revision) after \(last): \(open)")
                    }
                    batches.append(open + [named])
                    closes.append(revision)
                    last = revision
                    open = []
                    highest = 0
                    continue
                }
                if isController {
                    problems.append("the controller's PropertiesChanged without Revision: \(changed.keys.sorted())")
                }
                // A view's announcements (VIEW-5) may come anywhere before the close.
                if !subject.hasSuffix(".View") {
                    let rank = Self.rank(interface, member, path: path)
                    if rank < highest { problems.append("\(named) after a later kind of signal in its batch: \(open)") }
                    highest = max(highest, rank)
                }
                open.append(named)
            }
        }
        if !open.isEmpty { problems.append("signals after the last close: \(open)") }
        if last != run.end { problems.append("the last close is \(last), Revision is \(run.end)") }
    }
}
