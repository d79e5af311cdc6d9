import TabbardPluginABI

/// The structured page of ABI 1.2 (PAGE-1) and the locale (PAGE-5): what a plugin with
/// `render_page` and `set_locale` is asked. Rows past `PluginContent.maximumRows` are never
/// read: a plugin that hands a million rows costs the host a thousand.
extension PluginTab {
    /// `page` rendered by `render_page`, copied out of the plugin, its text held to the limits
    /// of `render` and each row's and label's to theirs; a string over its limit fails the
    /// render, as for `render`.
    func renderPage(_ page: String) throws(PluginCallError) -> PluginContent {
        guard !destroyed, let renderPage = module.table.render_page else { throw failure("render_page") }
        let rendered = module.timed("render_page", tab: id) {
            page.withCString { pageText -> Result<PluginContent, PluginCallError> in
                var out = tabbard_page()
                out.struct_size = UInt32(MemoryLayout<tabbard_page>.size)
                guard renderPage(instance, pageText, &out) else { return .failure(failure("render_page")) }
                // Copy, then release: what the page points to is the plugin's until release.
                defer { out.release?(&out) }
                do throws(PluginText.Refusal) {
                    return .success(try Self.copy(out))
                } catch {
                    return .failure(refused("render_page", error))
                }
            }
        }
        return try rendered.get()
    }

    /// Tells the plugin the controller's locale, when it has `set_locale`.
    public func setLocale(_ locale: String) {
        guard !destroyed, let setLocale = module.table.set_locale else { return }
        module.timed("set_locale", tab: id) { locale.withCString { setLocale(instance, $0) } }
    }

    /// Whether the plugin renders in the locale it is told (it has `set_locale`).
    public var hearsLocale: Bool { module.table.set_locale != nil }

    /// The page's parts as Swift values; NULL arrays with a count are refused as NULL text is.
    private static func copy(_ page: tabbard_page) throws(PluginText.Refusal) -> PluginContent {
        let taken = min(Int(page.row_count), PluginContent.maximumRows)
        var rows: [PluginPageRow] = []
        if taken > 0 {
            guard let source = page.rows else { throw .null }
            rows.reserveCapacity(taken)
            for index in 0..<taken { rows.append(try row(source[index])) }
        }
        var labels: [PluginActionLabel] = []
        if page.action_label_count > 0 {
            // More labels than actions a tab may have is a plugin bug, not a list to read.
            guard let source = page.action_labels, page.action_label_count <= PluginTab.maximumActions else {
                throw .null
            }
            for index in 0..<Int(page.action_label_count) {
                let label = source[index]
                labels.append(
                    PluginActionLabel(
                        action: try text(label.action, .action) ?? "",
                        label: try text(label.label, .label) ?? "",
                        icon: try text(label.icon, .iconName) ?? ""))
            }
        }
        return PluginContent(
            title: try text(page.title, .title) ?? "",
            mimeType: try text(page.mime_type, .mimeType) ?? "text/plain",
            body: try text(page.text, .body) ?? "",
            rows: rows, actionLabels: labels, rowsCut: Int(page.row_count) > taken)
    }

    private static func row(_ row: tabbard_page_row) throws(PluginText.Refusal) -> PluginPageRow {
        var clock: PluginClock?
        switch row.clock_format {
        case Int32(TABBARD_CLOCK_DURATION.rawValue):
            clock = PluginClock(value: row.clock_value, at: row.clock_at, rate: row.clock_rate, format: .duration)
        case Int32(TABBARD_CLOCK_TIME_OF_DAY.rawValue):
            clock = PluginClock(value: row.clock_value, at: row.clock_at, rate: row.clock_rate, format: .timeOfDay)
        default:
            clock = nil // TABBARD_CLOCK_NONE, or a format this host does not know.
        }
        return PluginPageRow(
            id: try text(row.id, .rowID) ?? "", title: try text(row.title, .title) ?? "",
            detail: try text(row.detail, .detail) ?? "", icon: try text(row.icon, .iconName) ?? "",
            page: try text(row.page, .page) ?? "", action: try text(row.action, .action) ?? "",
            clock: clock)
    }
}
