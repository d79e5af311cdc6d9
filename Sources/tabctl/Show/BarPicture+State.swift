import DBus
import JSON
import TabbardBusContract

extension BarPicture {
    /// The picture of `state`: the bar's items (visible tabs, then More when shown), the
    /// selection, and what the content area shows: the shown tab's page (`page`, from
    /// `GetContent`; inside More its heading says so, SEL-4), else the More list when it is
    /// shown itself (SEL-5), else nothing.
    init(state: TabBarState, page: (title: String, body: String)?) {
        let controller = state.controller
        let selected = controller.string(ControllerPropertyName.selectedItem)
        var ids = controller.strings(ControllerPropertyName.visibleTabs)
        if controller.bool(ControllerPropertyName.showsMore) { ids.append(BusNames.moreItem) }
        let item = { (id: String) in
            Item(
                id: id, title: state.title(of: id), badge: state.badge(of: id), enabled: state.isEnabled(id),
                selected: id == selected)
        }
        let content: Content
        if let page {
            let insideMore = selected == BusNames.moreItem
            content = .page(title: insideMore ? state.moreTitle + " › " + page.title : page.title, body: page.body)
        } else if selected == BusNames.moreItem {
            content = .moreList(
                title: state.moreTitle, items: controller.strings(ControllerPropertyName.moreTabs).map(item))
        } else {
            content = .nothing
        }
        self.init(
            layout: controller.string(ControllerPropertyName.layout) == "top" ? .top : .bottom, items: ids.map(item),
            tintColor: controller.string(ControllerPropertyName.tintColor), content: content)
    }

    /// The picture for `--json`: `layout`, `tintColor`, `items` (each `id`, `title`, `badge`,
    /// `enabled`, `selected`) and `content` (`kind` `page` with `title` and `body`, `more`
    /// with `items`, `nothing`, or `bar` with `name`, `customizing` and the `items` off the bar).
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
            case .moreList(let title, let rows):
                writer.member("kind", "more")
                writer.member("title", title)
                writer.key("items")
                Self.write(rows, to: &writer)
            case .nothing:
                writer.member("kind", "nothing")
            case .standalone(let name, let customizing, let offBar):
                writer.member("kind", "bar")
                writer.member("name", name)
                writer.member("customizing", customizing)
                writer.key("items")
                Self.write(offBar, to: &writer)
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

extension BarPicture {
    /// The picture of the daemon's state now: `GetAll`, `GetManagedObjects`, and `GetContent`
    /// of the shown tab, if any (none while the More list itself is shown). Content a plugin
    /// cannot give is drawn as a note in the content area; an unreachable daemon still fails
    /// the command.
    static func fetch(from client: TabBarClient) throws(CommandFailure) -> BarPicture {
        try picture(of: try TabBarState.fetch(from: client), showing: true, from: client)
    }

    /// The picture of the daemon's state through `view` (VIEW-2): the view's bar, selection,
    /// titles, More title and layout in place of the controller's; the content of the shown
    /// tab unless the view shows its More list.
    static func fetch(from client: TabBarClient, through view: OpenedView) throws(CommandFailure) -> BarPicture {
        var state = try TabBarState.fetch(from: client)
        let presented = try view.properties()
        let overlaid: [any PropertyName] = [
            ControllerPropertyName.visibleTabs, ControllerPropertyName.moreTabs,
            ControllerPropertyName.showsMore, ControllerPropertyName.selectedItem,
            ControllerPropertyName.moreTitle, ControllerPropertyName.layout,
        ]
        for name in overlaid { state.controller.values[name.rawValue] = presented.values[name.rawValue] }
        if case .dictionary(_, _, let titles)? = presented.values[ViewPropertyName.titles.rawValue] {
            for (id, title) in titles {
                guard let id = id.string, let title = title.unwrapped.string else { continue }
                state.tabs[id]?.values[TabPropertyName.title.rawValue] = .string(title)
            }
        }
        return try picture(of: state, showing: !presented.bool(ViewPropertyName.showingMore), from: client)
    }

    /// The picture of `state`, with the shown tab's content from `client` when `showing`.
    private static func picture(of state: TabBarState, showing: Bool, from client: TabBarClient) throws(CommandFailure)
        -> BarPicture
    {
        let shown = state.controller.string(ControllerPropertyName.selectedTab)
        var page: (title: String, body: String)?
        if showing, !shown.isEmpty {
            do {
                let (title, _, body) = try client.decode(
                    try client.call(.getContent, shown),
                    as: String.self, String.self, String.self)
                page = (title.isEmpty ? state.title(of: shown) : title, body)
            } catch  where error.status != .unreachable {
                page = (state.title(of: shown), "(no content: \(error.message))")
            }
        }
        return BarPicture(state: state, page: page)
    }

    /// Prints the picture as `show` does: drawn, or its JSON document with `--json`.
    func print(in context: CommandContext) {
        if context.json {
            context.output.line(json)
        } else {
            context.output.writeDrawing(drawnForStandardOutput())
        }
    }
}
