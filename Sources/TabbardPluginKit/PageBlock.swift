import Glibc
import TabbardPluginABI

/// A `PageContent` laid out for the C ABI's `struct tabbard_page`: its rows and labels in
/// `malloc`'d arrays whose strings live in one `CStringBlock`, and a `malloc`'d list of the
/// three blocks, which `release` frees, so that the host is handed nothing Swift owns.
enum PageBlock {
    /// Fills `out` with `content`; `release` frees what it points to.
    static func fill(_ out: UnsafeMutablePointer<tabbard_page>, with content: PageContent) {
        var texts = [content.title, content.mimeType, content.body]
        for row in content.rows { texts += [row.id, row.title, row.detail, row.icon, row.page, row.action] }
        for label in content.actionLabels { texts += [label.action, label.label, label.icon] }
        let strings = CStringBlock(texts)
        let rows = UnsafeMutablePointer<tabbard_page_row>.allocate(capacity: max(content.rows.count, 1))
        var next = 3
        func take() -> UnsafePointer<CChar> {
            defer { next += 1 }
            return strings.strings[next]
        }
        for (index, row) in content.rows.enumerated() {
            (rows + index).initialize(
                to: tabbard_page_row(
                    id: take(), title: take(), detail: take(), icon: take(), page: take(), action: take(),
                    clock_format: row.clock?.format.rawValue ?? Int32(TABBARD_CLOCK_NONE.rawValue),
                    clock_rate: row.clock?.rate ?? 0, clock_value: row.clock?.value ?? 0, clock_at: row.clock?.at ?? 0))
        }
        let labels = UnsafeMutablePointer<tabbard_action_label>.allocate(capacity: max(content.actionLabels.count, 1))
        for index in content.actionLabels.indices {
            (labels + index).initialize(to: tabbard_action_label(action: take(), label: take(), icon: take()))
        }
        let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 3)
        blocks[0] = strings.base
        blocks[1] = UnsafeMutableRawPointer(rows)
        blocks[2] = UnsafeMutableRawPointer(labels)
        out.pointee.title = strings.strings[0]
        out.pointee.mime_type = strings.strings[1]
        out.pointee.text = strings.strings[2]
        out.pointee.rows = UnsafePointer(rows)
        out.pointee.row_count = UInt32(content.rows.count)
        out.pointee.action_labels = UnsafePointer(labels)
        out.pointee.action_label_count = UInt32(content.actionLabels.count)
        out.pointee.release_data = UnsafeMutableRawPointer(blocks)
        out.pointee.release = { page in
            guard let blocks = page?.pointee.release_data?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) else {
                return
            }
            free(blocks[0])
            blocks[1]?.deallocate()
            blocks[2]?.deallocate()
            blocks.deallocate()
        }
    }
}
