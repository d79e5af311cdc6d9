import DBus
import TabbardPluginHost

/// `GetPage`'s answer and `PageChanged`'s argument (PAGE-1): a tab's top page as an `a{sv}`
/// a renderer draws, held to PAGE-2's bounds: at most 1,000 rows (the plugin host reads no
/// more) and 64 KiB as marshalled, cut rows from the end first, then `text` at a character
/// boundary, with `truncated` true.
struct PageDocument {
    /// The page as the bus carries it.
    let value: DBusValue
    /// Whether it was cut (PAGE-2), here or by the plugin host.
    let truncated: Bool
    /// Its size as marshalled.
    let size: Int

    /// The most bytes a page takes as marshalled (PAGE-2).
    static let maximumSize = 64 * 1024

    /// The page `page` of a tab at `revision`, as its plugin rendered it (`content`, screened),
    /// whose `Actions` are `actions`: a page's actions are exactly the tab's, labelled where the
    /// plugin labelled them and by their names elsewhere.
    init(page: String, revision: UInt64, content: PluginContent, actions: [String]) {
        var labels: [String: PluginActionLabel] = [:]
        for label in content.actionLabels where labels[label.action] == nil { labels[label.action] = label }
        let fields: [String: DBusValue] = [
            "page": .string(page),
            "revision": .uint64(revision),
            "title": .string(content.title),
            "actions": .array("a{sv}", actions.map { Self.action($0, labels[$0]) }),
        ]
        var rows = content.rows.map(Self.row)
        var text = content.body
        var truncated = content.rowsCut
        var value = Self.page(fields, rows: rows, text: text, truncated: truncated)
        var size = value.marshalledSize()
        // Each row's share is at most its own size and 7 bytes of padding: cut that much, then
        // measure again, so that a page is measured a handful of times, not once a row.
        // The actions are never cut (they are exactly the tab's), so a page of nothing else
        // stays as it is.
        while size > Self.maximumSize, !rows.isEmpty || !text.isEmpty {
            truncated = true
            var excess = size - Self.maximumSize
            if rows.isEmpty {
                text = Self.cut(text, by: excess)
            } else {
                while excess > 0, let last = rows.popLast() { excess -= last.marshalledSize() + 7 }
            }
            value = Self.page(fields, rows: rows, text: text, truncated: truncated)
            size = value.marshalledSize()
        }
        self.value = value
        self.truncated = truncated
        self.size = size
    }

    // MARK: Parts

    private static func row(_ row: PluginPageRow) -> DBusValue {
        var fields: [String: DBusValue] = ["id": .string(row.id), "title": .string(row.title)]
        for (key, text) in [("detail", row.detail), ("icon", row.icon), ("page", row.page), ("action", row.action)]
        where !text.isEmpty {
            fields[key] = .string(text)
        }
        if let clock = row.clock {
            // PAGE-3: (value, at, rate); a frontend shows value + rate × (now − at).
            fields["clock"] = .structure([.int64(clock.value), .int64(clock.at), .double(Double(clock.rate))])
            fields["clock_format"] = .string(clock.format.rawValue)
        }
        return dictionary(fields)
    }

    private static func action(_ name: String, _ label: PluginActionLabel?) -> DBusValue {
        var fields: [String: DBusValue] = [
            "id": .string(name), "label": .string(label.map { $0.label.isEmpty ? name : $0.label } ?? name),
        ]
        if let icon = label?.icon, !icon.isEmpty { fields["icon"] = .string(icon) }
        return dictionary(fields)
    }

    /// An `a{sv}` of `fields`, each value in a variant.
    private static func dictionary(_ fields: [String: DBusValue]) -> DBusValue {
        var entries: [DBusValue: DBusValue] = [:]
        for (key, value) in fields { entries[.string(key)] = .variant(value) }
        return .dictionary(key: "s", value: "v", entries)
    }

    /// The whole page: `fields` and the parts a cut changes.
    private static func page(_ fields: [String: DBusValue], rows: [DBusValue], text: String, truncated: Bool)
        -> DBusValue
    {
        var all = fields
        all["rows"] = .array("a{sv}", rows)
        all["text"] = .string(text)
        all["truncated"] = .bool(truncated)
        return dictionary(all)
    }

    /// `text` without at least its last `bytes` bytes, cut between characters.
    private static func cut(_ text: String, by bytes: Int) -> String {
        let keep = text.utf8.count - bytes
        var kept = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            kept += text.utf8.distance(from: index, to: next)
            guard kept <= keep else { break }
            end = next
        }
        return String(text[..<end])
    }
}

extension PageDocument: DBusEncodable {
    /// `a{sv}`
    static var dbusSignature: String { "a{sv}" }

    /// Writes the page as measured.
    func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.append(value: value)
    }
}
