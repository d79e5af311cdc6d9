import DBus

extension BarPicture {
    /// The picture of `state`: the bar's items (visible tabs, then More when shown), the
    /// selection, and what the content area shows: the shown tab's page (`page`, from
    /// `GetContent`; inside More its heading says so, SEL-4), else the More list when it is
    /// shown itself (SEL-5), else nothing.
    init(state: TabBarState, page: (title: String, body: String)?) {
        let controller = state.controller
        let selected = controller.string("SelectedItem")
        var ids = controller.strings("VisibleTabs")
        if controller.bool("ShowsMore") { ids.append(TabBarNames.moreItem) }
        let item = { (id: String) in
            Item(id: id, title: state.title(of: id), badge: state.badge(of: id), enabled: state.isEnabled(id),
                 selected: id == selected)
        }
        let content: Content
        if let page {
            let insideMore = selected == TabBarNames.moreItem
            content = .page(title: insideMore ? "More › " + page.title : page.title, body: page.body)
        } else if selected == TabBarNames.moreItem {
            content = .moreList(controller.strings("MoreTabs").map(item))
        } else {
            content = .nothing
        }
        self.init(layout: controller.string("Layout") == "top" ? .top : .bottom, items: ids.map(item),
                  tintColor: controller.string("TintColor"), content: content)
    }

    /// The picture for `--json`: `layout`, `tintColor`, `items` (each `id`, `title`, `badge`,
    /// `enabled`, `selected`) and `content` (`kind` `page` with `title` and `body`, `more`
    /// with `items`, or `nothing`).
    var json: String {
        JSONWriter.object { writer in
            writer.member("layout", layout == .top ? "top" : "bottom")
            writer.member("tintColor", tintColor)
            writer.key("items")
            Self.write(items, to: &writer)
            writer.key("content")
            writer.beginObject()
            switch content {
            case .page(let title, let body):
                writer.member("kind", "page")
                writer.member("title", title)
                writer.member("body", body)
            case .moreList(let rows):
                writer.member("kind", "more")
                writer.key("items")
                Self.write(rows, to: &writer)
            case .nothing:
                writer.member("kind", "nothing")
            }
            writer.endObject()
        }
    }

    private static func write(_ items: [Item], to writer: inout JSONWriter) {
        writer.beginArray()
        for item in items {
            writer.beginObject()
            writer.member("id", item.id)
            writer.member("title", item.title)
            writer.member("badge", item.badge)
            writer.member("enabled", item.enabled)
            writer.member("selected", item.selected)
            writer.endObject()
        }
        writer.endArray()
    }
}
