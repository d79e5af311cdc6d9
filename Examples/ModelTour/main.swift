// A short walk through the tab controller model: select, a vetoed and an allowed tap, badges,
// the More overflow, a customization session, and state restoration. Prints the bar after
// every step, as a renderer would draw it, and what each step announced.

import TabModel

/// Draws the bar on one line: `*` marks the highlighted item, badges follow in parentheses.
func draw(_ controller: TabController) -> String {
    let items = controller.barItems.map { item -> String in
        let mark = controller.selectedItem == item ? "*" : " "
        guard item != "@more" else { return "[\(mark)More]" }
        let badge =
            switch controller.badge(of: item) {
            case .dot?: " (•)"
            case .text(let text)?: " (\(text))"
            case nil: ""
            }
        return "[\(mark)\(controller.title(of: item) ?? item)\(badge)]"
    }
    var line = items.joined(separator: " ")
    if controller.showsMore { line += "   More: " + controller.moreTabs.joined(separator: ", ") }
    let shown =
        switch controller.shownContent {
        case .nothing: "nothing"
        case .moreList: "the More list"
        case .tab(let id): "\(id) at \(controller.stack(of: id).last ?? "")"
        }
    return line + "\n    showing \(shown)"
}

/// One line about what a request announced.
func summary(_ events: TabEvents) -> String {
    if events.isEmpty { return "    (nothing changed)" }
    var parts: [String] = []
    if !events.controllerProperties.isEmpty {
        parts.append("changed " + events.controllerProperties.map(\.rawValue).joined(separator: ", "))
    }
    for change in events.tabProperties.prefix(3) {
        parts.append("\(change.tab): " + change.properties.map(\.rawValue).joined(separator: ", "))
    }
    if events.tabProperties.count > 3 { parts.append("… \(events.tabProperties.count - 3) more tabs") }
    if !events.signals.isEmpty { parts.append("signals " + events.signals.map { "\($0)" }.joined(separator: ", ")) }
    parts.append("durability \(events.durability)")
    return "    " + parts.joined(separator: "; ")
}

/// Prints one step. `events` comes before `controller` so that the argument list performs the
/// request before it copies the controller to draw.
func step(_ title: String, _ events: TabEvents, _ controller: TabController) {
    print("\n» \(title)")
    print(summary(events))
    print("    " + draw(controller))
}

func tour() throws(TabError) {
    let media = [
        "playlists", "artists", "songs", "videos", "podcasts", "audiobooks", "genres", "composers", "compilations",
    ]
    let catalog = media.map {
        TabDefinition(id: $0, plugin: "media", title: $0.prefix(1).uppercased() + $0.dropFirst())
    }
    var controller = try TabController(catalog: catalog, configuration: ControllerConfiguration(selected: "artists"))
    print("» Start: \(controller.tabs.count) tabs, MaxVisible \(controller.maxVisible)")
    print("    " + draw(controller))

    step("Select songs", try controller.select("songs"), controller)

    _ = try controller.registerDelegate(owner: ":1.42", path: "/org/example/Delegate")
    var pending = try controller.beginTap("videos")
    print(
        "\n» Tap videos: ask \(pending.delegate?.propertyValue ?? "nobody") ShouldSelect(\(pending.item)); it says no")
    let vetoed = try controller.completeTap(pending, allowed: false)
    print("    Tap returns \(vetoed.selected)")
    print(summary(vetoed.events))

    pending = try controller.beginTap("videos")
    let allowed = try controller.completeTap(pending, allowed: true)
    step(
        "Tap videos again; this time the delegate allows it (Tap returns \(allowed.selected))", allowed.events,
        controller)

    step("Badge artists with 3", try controller.setBadge("artists", to: .text("3")), controller)
    step("Dot badge on playlists", try controller.setBadge("playlists", to: .dot), controller)

    step("Select genres, which lives in the More list", try controller.select("genres"), controller)
    step(
        "Tap @more while genres is shown inside More: back to the list", try controller.tap("@more").events, controller)

    step("Begin customizing", try controller.beginCustomizing(owner: ":1.7"), controller)
    step("Move genres to the front", try controller.moveTab("genres", to: 0, owner: ":1.7"), controller)
    let ended = try controller.endCustomizing(owner: ":1.7")
    step("End customizing (changed: \(ended.changed))", ended.events, controller)

    step("Navigate inside genres", try controller.navigate("genres", to: "jazz"), controller)
    step("Select genres, now on the bar", try controller.select("genres"), controller)

    let saved = controller.snapshot()
    var restarted = try TabController(catalog: catalog, configuration: ControllerConfiguration(selected: "artists"))
    let restored = try restarted.restore(saved)
    step("Restart and restore the saved state", restored.events, restarted)
    print("    the restored state saves identically: \(restarted.snapshot() == saved)")

    step("Reset to the configuration", restarted.reset(), restarted)
}

do {
    try tour()
} catch {
    print("tour failed: \(error)")
}
