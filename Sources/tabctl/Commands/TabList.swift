import DBus
import JSON
import TabbardBusContract

/// `tabctl list`: one line per tab of the controller, in order.
struct TabList {
    /// One row of the listing.
    struct Row: Equatable {
        /// Position in `Tabs`.
        var index: Int
        /// The tab id.
        var id: String
        /// The title shown.
        var title: String
        /// `bar`, `more` or `hidden`.
        var placement: String
        /// nil for none, "" for a dot, else the text.
        var badge: String?
        /// `selected`, `disabled`, `fixed`, in that order.
        var flags: [String]
    }

    /// The rows, in the controller's order.
    var rows: [Row]

    /// The listing of `state`.
    init(_ state: TabBarState) {
        rows = state.controller.strings(ControllerPropertyName.tabs).enumerated().map { index, id in
            let tab = state.tabs[id]
            var flags: [String] = []
            if tab?.bool(TabPropertyName.selected) ?? false { flags.append("selected") }
            if !state.isEnabled(id) { flags.append("disabled") }
            if let tab, !tab.bool(TabPropertyName.customizable) { flags.append("fixed") }
            return Row(
                index: index, id: id, title: state.title(of: id),
                placement: tab?.string(TabPropertyName.placement) ?? "",
                badge: state.badge(of: id), flags: flags)
        }
    }

    /// Aligned columns: index, id, title, placement, badge (`-`, `•` or the text), flags;
    /// the daemon's text with its control characters escaped, so that a row stays one line.
    var text: String {
        let cells = rows.map { row in
            [
                String(row.index), row.id, row.title, row.placement,
                row.badge.map { $0.isEmpty ? "•" : $0 } ?? "-",
                row.flags.isEmpty ? "-" : row.flags.joined(separator: ","),
            ]
            .map { TerminalText.escaped($0) }
        }
        guard let columns = cells.first?.count else { return "" }
        let widths = (0..<columns).map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { column, cell in
                column == columns - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + (cells.isEmpty ? "" : "\n")
    }

    /// `{"tabs":[{"index":0,"id":…,"title":…,"placement":…,"badge":null|"3","flags":[…]}]}`.
    var json: String {
        JSONWriter.object { writer in
            writer.key("tabs")
            writer.beginArray()
            for row in rows {
                writer.beginObject()
                writer.member("index", row.index)
                writer.member("id", row.id)
                writer.member("title", row.title)
                writer.member("placement", row.placement)
                writer.member("badge", row.badge)
                writer.member("flags", row.flags)
                writer.endObject()
            }
            writer.endArray()
        }
    }
}
