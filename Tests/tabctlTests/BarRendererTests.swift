import Testing

@testable import tabctl

/// Builds bar items from a compact description: `"[alarm]"` selected, `"~notes~"` disabled,
/// `"alarm(3)"` badged, `"alarm(.)"` a dot badge.
private func items(_ specs: [String]) -> [BarPicture.Item] {
    specs.map { spec in
        var text = spec
        var item = BarPicture.Item(id: "", title: "")
        if text.hasPrefix("[") { item.selected = true; text = String(text.dropFirst().dropLast()) }
        if text.hasPrefix("~") { item.enabled = false; text = String(text.dropFirst().dropLast()) }
        if let open = text.firstIndex(of: "(") {
            let badge = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            item.badge = badge == "." ? "" : badge
            text = String(text[..<open])
        }
        item.id = text == "More" ? "@more" : text.lowercased()
        item.title = text
        return item
    }
}

@Suite("tabctl show drawing")
struct BarRendererTests {
    let plain = BarRenderer(width: 60, colors: false)

    @Test("5 tabs: all on the bar, the selected one marked, content above")
    func fiveTabs() {
        let picture = BarPicture(
            layout: .bottom, items: items(["[Clock]", "Alarm", "Stopwatch", "Timer", "Notes"]), tintColor: "#007AFF",
            content: .page(title: "World Clock", body: "Paris     10:04\nTokyo     18:04"))
        #expect(
            plain.render(picture) == """
                ┌──────────────────────────────────────────────────────────┐
                │ World Clock                                              │
                ├──────────────────────────────────────────────────────────┤
                │ Paris     10:04                                          │
                │ Tokyo     18:04                                          │
                ├───────────┬───────────┬───────────┬───────────┬──────────┤
                │  [Clock]  │   Alarm   │ Stopwatch │   Timer   │  Notes   │
                └───────────┴───────────┴───────────┴───────────┴──────────┘

                """)
    }

    @Test("9 tabs: four on the bar plus More, the More list shown")
    func nineTabsWithMore() {
        let picture = BarPicture(
            layout: .bottom, items: items(["Playlists", "Artists", "Songs", "Videos", "[More]"]), tintColor: "#007AFF",
            content: .moreList(
                title: "More", items: items(["Podcasts", "Audiobooks", "Genres", "Composers", "Compilations"])))
        #expect(
            plain.render(picture) == """
                ┌──────────────────────────────────────────────────────────┐
                │ More                                                     │
                ├──────────────────────────────────────────────────────────┤
                │   Podcasts                                               │
                │   Audiobooks                                             │
                │   Genres                                                 │
                │   Composers                                              │
                │   Compilations                                           │
                ├───────────┬───────────┬───────────┬───────────┬──────────┤
                │ Playlists │  Artists  │   Songs   │  Videos   │  [More]  │
                └───────────┴───────────┴───────────┴───────────┴──────────┘

                """)
    }

    @Test("a badge, a dot badge and a disabled tab carry their markers")
    func badgesAndDisabled() {
        let picture = BarPicture(
            layout: .bottom, items: items(["[Alarm(3)]", "Notes(.)", "~Timer~"]), tintColor: "#007AFF",
            content: .page(title: "Alarms", body: ""))
        #expect(
            plain.render(picture) == """
                ┌──────────────────────────────────────────────────────────┐
                │ Alarms                                                   │
                ├──────────────────────────────────────────────────────────┤
                │                                                          │
                ├───────────────────┬───────────────────┬──────────────────┤
                │    [Alarm (3)]    │      Notes •      │     ~Timer~      │
                └───────────────────┴───────────────────┴──────────────────┘

                """)
    }

    @Test("layout top draws the bar above the content")
    func topLayout() {
        let picture = BarPicture(
            layout: .top, items: items(["Clock", "[Alarm]"]), tintColor: "#007AFF",
            content: .page(title: "Alarms", body: "07:00 on"))
        #expect(
            plain.render(picture) == """
                ┌─────────────────────────────┬────────────────────────────┐
                │            Clock            │          [Alarm]           │
                ├─────────────────────────────┴────────────────────────────┤
                │ Alarms                                                   │
                ├──────────────────────────────────────────────────────────┤
                │ 07:00 on                                                 │
                └──────────────────────────────────────────────────────────┘

                """)
    }

    @Test("colors mark the selected item in the tint color and badges in red")
    func colors() {
        let picture = BarPicture(
            layout: .bottom, items: items(["[Alarm(3)]", "~Notes~"]), tintColor: "#FF9500",
            content: .page(title: "Alarms", body: ""))
        let drawing = BarRenderer(width: 40, colors: true).render(picture)
        #expect(drawing.contains("\u{1B}[1;38;2;255;149;0m[Alarm\u{1B}[0m"))
        #expect(drawing.contains("\u{1B}[1;31m (3)\u{1B}[0m"))
        #expect(drawing.contains("\u{1B}[2m~Notes~\u{1B}[0m"))
        #expect(!BarRenderer(width: 40, colors: false).render(picture).contains("\u{1B}"))
    }

    @Test("a title too long for its cell is cut with an ellipsis")
    func truncation() {
        let picture = BarPicture(
            layout: .bottom, items: items(["[Compilations]", "Audiobooks", "Podcasts", "Composers", "More"]),
            tintColor: "#007AFF", content: .nothing)
        let bar = BarRenderer(width: 40, colors: false).render(picture).split(separator: "\n")[3]
        #expect(bar == "│ [Com… │ Audi… │ Podc… │ Comp… │ More │")
    }
}
