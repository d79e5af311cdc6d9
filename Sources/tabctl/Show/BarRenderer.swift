/// Draws a `BarPicture` as a person would see the bar: a box whose content area shows the
/// selected tab's page (or the More list; for a standalone bar its name and the items off the
/// bar), and a row of bar items under it (or above it for layout `top`).
///
/// Markers keep the drawing readable without colors: the selected item is `[Title]`, a
/// disabled one `~Title~`, a badge `(3)` and a dot badge `•`. With colors the selected item is
/// also bold in the tint color, badges red and disabled items dim.
struct BarRenderer {
    /// Total columns, borders included; at least 20.
    var width: Int
    /// Whether to emit ANSI styles.
    var colors: Bool
    /// Body lines shown before the rest is cut with `…`.
    var maxBodyLines = 12

    /// A renderer for `width` columns.
    init(width: Int, colors: Bool) {
        self.width = max(width, 20)
        self.colors = colors
    }

    /// The whole drawing, one string with a trailing newline.
    func render(_ picture: BarPicture) -> String {
        let cells = cellWidths(count: max(picture.items.count, 1))
        let bar = barRow(picture, cells: cells)
        let content = contentRows(picture)
        var lines: [String] = []
        switch picture.layout {
        case .bottom:
            lines.append(border("┌", "─", "┐", cells: nil))
            lines += content
            lines.append(border("├", "┬", "┤", cells: cells))
            lines.append(bar)
            lines.append(border("└", "┴", "┘", cells: cells))
        case .top:
            lines.append(border("┌", "┬", "┐", cells: cells))
            lines.append(bar)
            lines.append(border("├", "┴", "┤", cells: cells))
            lines += content
            lines.append(border("└", "─", "┘", cells: nil))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Content

    private func contentRows(_ picture: BarPicture) -> [String] {
        let heading: String
        var body: [[Span]]
        switch picture.content {
        case .page(let title, let text):
            heading = title
            body = text.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(text: String($0))] }
        case .moreList(let title, let rows):
            heading = title
            body = rows.map { row in [Span(text: "  ")] + label(row, tint: picture.tintColor) }
        case .nothing:
            heading = "No tab selected"
            body = []
        case .standalone(let name, let customizing, let offBar):
            heading = "Bar " + name + (customizing ? " · customizing" : "")
            body =
                offBar.isEmpty
                ? []
                : [[Span(text: "Not on the bar:")]]
                    + offBar.map { row in [Span(text: "  ")] + label(row, tint: picture.tintColor) }
        }
        if body.count > maxBodyLines {
            body = Array(body.prefix(maxBodyLines - 1)) + [[Span(text: "…")]]
        }
        var rows = [boxed([Span(text: heading, style: .heading)])]
        if !body.isEmpty {
            rows.append("├" + String(repeating: "─", count: width - 2) + "┤")
            rows += body.map(boxed)
        }
        return rows
    }

    /// A content line inside the box: `│ text │`, cut with `…` when too long.
    private func boxed(_ spans: [Span]) -> String {
        let room = width - 4
        let fitted = fit(spans, to: room)
        let padding = String(repeating: " ", count: room - fitted.width)
        return "│ " + fitted.draw(colors: colors) + padding + " │"
    }

    // MARK: - Bar

    private func barRow(_ picture: BarPicture, cells: [Int]) -> String {
        guard !picture.items.isEmpty else {
            let empty = if case .standalone = picture.content { "(no items)" } else { "(no tabs)" }
            return "│" + centered([Span(text: empty, style: .disabled)], in: cells[0]) + "│"
        }
        let drawn = zip(picture.items, cells).map { item, cell in
            centered(fit(label(item, tint: picture.tintColor), to: cell - 2), in: cell)
        }
        return "│" + drawn.joined(separator: "│") + "│"
    }

    /// An item's label: title with its badge, wrapped in the marker of its state.
    private func label(_ item: BarPicture.Item, tint: String) -> [Span] {
        let style: TextStyle = item.selected ? .selected(tint: tint) : item.enabled ? .plain : .disabled
        let (open, close) = item.selected ? ("[", "]") : item.enabled ? ("", "") : ("~", "~")
        var spans = [Span(text: open + item.title, style: style)]
        switch item.badge {
        case .none: break
        case .some(""): spans.append(Span(text: " •", style: .badge))
        case .some(let text): spans.append(Span(text: " (\(text))", style: .badge))
        }
        if !close.isEmpty { spans.append(Span(text: close, style: style)) }
        return spans
    }

    /// The widths of `count` cells filling the space between the outer borders, separated by
    /// one column each; the first cells take the remainder.
    private func cellWidths(count: Int) -> [Int] {
        let room = width - 2 - (count - 1)
        let base = max(room / count, 1)
        let extra = max(room - base * count, 0)
        return (0..<count).map { base + ($0 < extra ? 1 : 0) }
    }

    private func centered(_ spans: [Span], in cell: Int) -> String {
        let free = max(cell - spans.width, 0)
        let left = free / 2
        return String(repeating: " ", count: left) + spans.draw(colors: colors)
            + String(repeating: " ", count: free - left)
    }

    /// A horizontal border; `cells` places the joints over the bar's separators.
    private func border(_ left: String, _ joint: String, _ right: String, cells: [Int]?) -> String {
        guard let cells else { return left + String(repeating: "─", count: width - 2) + right }
        return left + cells.map { String(repeating: "─", count: $0) }.joined(separator: joint) + right
    }

    /// The spans cut to `room` columns, the last visible character replaced by `…`.
    private func fit(_ spans: [Span], to room: Int) -> [Span] {
        guard spans.width > room else { return spans }
        guard room > 0 else { return [] }
        var result: [Span] = []
        var left = room - 1
        for span in spans {
            guard left > 0 else { break }
            let kept = String(span.text.prefix(left))
            result.append(Span(text: kept, style: span.style))
            left -= kept.count
        }
        result.append(Span(text: "…", style: result.last?.style ?? .plain))
        return result
    }
}
