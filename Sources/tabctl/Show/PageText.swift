import DBus
import Glibc

/// A page of `GetPage` as `tabctl page` prints it: the title, one line per row (its title,
/// detail, live clock read now, and `→ PAGE` or `▸ ACTION`), then the actions with their labels.
struct PageText {
    private let page: [String: Variant]

    init(_ page: [String: Variant]) {
        self.page = page
    }

    /// The lines, the clocks read at `now` (`CLOCK_REALTIME`, microseconds).
    func lines(at now: Int64) -> [String] {
        var lines = [string("title", in: page)]
        for row in list("rows") {
            var parts = [string("title", in: row)]
            let detail = string("detail", in: row)
            if !detail.isEmpty { parts.append(detail) }
            if let clock = Self.clock(row, at: now) { parts.append(clock) }
            if let target = row["page"]?.value.string { parts.append("→ " + target) }
            if let action = row["action"]?.value.string { parts.append("▸ " + action) }
            lines.append("  " + parts.joined(separator: "  "))
        }
        let actions = list("actions").map { action -> String in
            let id = string("id", in: action)
            let label = string("label", in: action)
            return label == id ? id : "\(id) (\(label))"
        }
        if !actions.isEmpty { lines.append("actions: " + actions.joined(separator: ", ")) }
        if page["truncated"]?.value.bool == true { lines.append("(cut to its bounds)") }
        return lines
    }

    /// Now, as `CLOCK_REALTIME` in microseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    /// A row's clock as it reads at `now`: `value + rate × (now − at)` (PAGE-3), with whether it
    /// runs; nil for a row without one.
    static func clock(_ row: [String: Variant], at now: Int64) -> String? {
        guard case .structure(let fields)? = row["clock"]?.value, fields.count == 3,
            case .int64(let value) = fields[0], case .int64(let at) = fields[1], case .double(let rate) = fields[2]
        else { return nil }
        let reading = value + Int64(rate) * max(0, now - at)
        let seconds = Int(reading / 1_000_000)
        let running = rate > 0 ? " ▶" : rate < 0 ? " ◀" : ""
        if row["clock_format"]?.value.string == "time-of-day" {
            let day = ((seconds % 86_400) + 86_400) % 86_400
            return "\(two(day / 3600)):\(two(day / 60 % 60)):\(two(day % 60))" + running
        }
        let tenths = Int(abs(reading) / 100_000) % 10
        return "\(two(abs(seconds) / 60)):\(two(abs(seconds) % 60)).\(tenths)" + running
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private func string(_ key: String, in dictionary: [String: Variant]) -> String {
        dictionary[key]?.value.string ?? ""
    }

    /// The dictionaries of `aa{sv}` under `key`.
    private func list(_ key: String) -> [[String: Variant]] {
        guard case .array(_, let items)? = page[key]?.value else { return [] }
        return items.map { item in
            guard case .dictionary(_, _, let entries) = item else { return [:] }
            var fields: [String: Variant] = [:]
            for (key, value) in entries {
                guard let name = key.string else { continue }
                if case .variant(let inner) = value {
                    fields[name] = Variant(inner)
                } else {
                    fields[name] = Variant(value)
                }
            }
            return fields
        }
    }
}
