import Foundation
import TabbardTestSupport
import Testing

/// Reads a property of the standalone bar `bar` with busctl, in busctl's syntax (`s "map"`).
private func barProperty(_ bus: PrivateBus, _ bar: String, _ name: String) throws -> String {
    let result = try runCommand([
        "/usr/bin/busctl", "--address=\(bus.address)", "get-property", Names.service,
        "\(Names.controller)/bars/\(bar)", Names.barInterface, name,
    ])
    guard result.status == 0 else { throw TestFailure("busctl get-property \(bar) \(name) failed: \(result.errors)") }
    return result.output
}

/// Reads a property of the item `item` of the standalone bar `bar` with busctl, in busctl's syntax.
private func itemProperty(_ bus: PrivateBus, _ bar: String, _ item: String, _ name: String) throws -> String {
    let result = try runCommand([
        "/usr/bin/busctl", "--address=\(bus.address)", "get-property", Names.service,
        Names.item(item, bar: bar), Names.itemInterface, name,
    ])
    guard result.status == 0 else {
        throw TestFailure("busctl get-property \(bar) \(item) \(name) failed: \(result.errors)")
    }
    return result.output
}

/// The `DividerImages` of the standalone bar `bar`, read with busctl (`a{ss} 1 "normal|normal" "divider"`).
private func dividerImages(_ bus: PrivateBus, _ bar: String) throws -> [String: String] {
    let strings = try barProperty(bus, bar, "DividerImages").split(separator: "\"").enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    return Dictionary(
        uniqueKeysWithValues: stride(from: 0, to: strings.count - 1, by: 2).map { (strings[$0], strings[$0 + 1]) })
}

/// Runs `tabctl --address BUS ARGUMENTS…` and fails the test, with its stderr, unless it succeeds.
@discardableResult
private func succeeds(_ bus: PrivateBus, _ arguments: String...) throws -> String {
    let result = try runCommand(
        [try PackagePaths.executable("tabctl"), "--address", bus.address] + arguments, timeout: 20)
    #expect(result.status == 0, "tabctl \(arguments.joined(separator: " ")) exited \(result.status): \(result.errors)")
    return result.output
}

/// Runs `tabctl --address BUS ARGUMENTS…` and expects it to exit `status` with `fragment` in its stderr.
private func fails(
    _ bus: PrivateBus, status: Int32, mentioning fragment: String, _ arguments: String...,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = try runCommand(
        [try PackagePaths.executable("tabctl"), "--address", bus.address] + arguments, timeout: 20)
    #expect(
        result.status == status, "tabctl \(arguments.joined(separator: " ")): \(result.errors)",
        sourceLocation: sourceLocation)
    #expect(result.errors.contains(fragment), "\(result.errors)", sourceLocation: sourceLocation)
}

/// The JSON object `tabctl --json …` printed.
private func object(_ text: String) throws -> [String: Any] {
    guard let object = try parseJSON(text) as? [String: Any] else { throw TestFailure("not a JSON object: \(text)") }
    return object
}

/// `tabctl bar NAME …`, `show --bar` and `follow` against the daemon's standalone bars on a
/// private bus, checked through tabctl's own output and through busctl.
@Suite("tabctl and standalone bars")
struct TabctlBarTests {
    /// A daemon with the bar `modes` holding map, transit and a favorites system item, all on the bar.
    private static func daemonWithBar() throws -> DaemonProcess {
        let daemon = try DaemonProcess()
        try succeeds(daemon.bus, "bar", "modes", "create")
        try succeeds(daemon.bus, "bar", "modes", "define", "map", "Map", "map", "map.fill")
        try succeeds(daemon.bus, "bar", "modes", "define", "transit", "Transit")
        try succeeds(daemon.bus, "bar", "modes", "define", "saved", "--system-item", "favorites", "7")
        try succeeds(daemon.bus, "bar", "modes", "items", "map", "transit", "saved")
        return daemon
    }

    @Test("create, define, items, tap and badge reach the daemon; show --bar draws the result (SBAR-1..4)")
    func fillAndDraw() throws {
        let daemon = try Self.daemonWithBar()
        #expect(try succeeds(daemon.bus, "get", "Bars") == "modes\n") // SBAR-1
        #expect(try barProperty(daemon.bus, "modes", "Items") == "as 3 \"map\" \"transit\" \"saved\"\n") // SBAR-3
        try succeeds(daemon.bus, "bar", "modes", "tap", "transit")
        #expect(try barProperty(daemon.bus, "modes", "SelectedItem") == "s \"transit\"\n") // SBAR-4
        try succeeds(daemon.bus, "bar", "modes", "badge", "saved", "2")
        try succeeds(daemon.bus, "bar", "modes", "disable", "map")
        let drawn = try succeeds(daemon.bus, "show", "--bar", "modes")
        #expect(drawn.contains("│ Bar modes "), "\(drawn)")
        #expect(drawn.contains("[Transit]"))
        #expect(drawn.contains("~Map~"))
        #expect(drawn.contains("Favorites (2)"), "the system item's title is the daemon's (ITEM-3)")
        #expect(try succeeds(daemon.bus, "bar", "modes", "show") == drawn)
        let picture = try object(try succeeds(daemon.bus, "--json", "show", "--bar", "modes"))
        let items = try #require(picture["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["map", "transit", "saved"])
        #expect(items.map { $0["selected"] as? Bool } == [false, true, false])
        #expect(items[2]["badge"] as? String == "2")
        #expect((picture["content"] as? [String: Any])?["kind"] as? String == "bar")
    }

    @Test("select without a tap, select --none, items off the bar shown apart, and the bar's own tint (SBAR-4, SBAR-6)")
    func selectionAndLook() throws {
        let daemon = try Self.daemonWithBar()
        try succeeds(daemon.bus, "bar", "modes", "select", "map")
        #expect(try barProperty(daemon.bus, "modes", "SelectedItem") == "s \"map\"\n")
        try succeeds(daemon.bus, "bar", "modes", "items", "map", "transit")
        try succeeds(daemon.bus, "bar", "modes", "appearance", "tint-color", "#34C759")
        #expect(try barProperty(daemon.bus, "modes", "TintColor") == "s \"#34C759\"\n")
        #expect(try succeeds(daemon.bus, "get", "TintColor") == "#007AFF\n", "the controller keeps its own tint")
        let picture = try object(try succeeds(daemon.bus, "--json", "show", "--bar", "modes"))
        #expect(picture["tintColor"] as? String == "#34C759")
        let content = try #require(picture["content"] as? [String: Any])
        #expect((content["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["saved"])
        try succeeds(daemon.bus, "bar", "modes", "select", "--none")
        #expect(try barProperty(daemon.bus, "modes", "SelectedItem") == "s \"\"\n")
    }

    @Test("set changes an item's title, images, rendering mode and tag after define (SBAR-2, LOOK-6)")
    func setItem() throws {
        let daemon = try Self.daemonWithBar()
        try succeeds(daemon.bus, "bar", "modes", "set", "transit", "title", "Transport")
        #expect(try itemProperty(daemon.bus, "modes", "transit", "Title") == "s \"Transport\"\n")
        try succeeds(daemon.bus, "bar", "modes", "set", "transit", "image", "/icons/tram.png")
        #expect(try itemProperty(daemon.bus, "modes", "transit", "Image") == "s \"/icons/tram.png\"\n")
        try succeeds(daemon.bus, "bar", "modes", "set", "transit", "selected-image", "tram.fill")
        #expect(try itemProperty(daemon.bus, "modes", "transit", "SelectedImage") == "s \"tram.fill\"\n")
        try succeeds(daemon.bus, "bar", "modes", "set", "transit", "image-rendering-mode", "original")
        #expect(try itemProperty(daemon.bus, "modes", "transit", "ImageRenderingMode") == "s \"original\"\n")
        #expect(try succeeds(daemon.bus, "--json", "bar", "modes", "set", "saved", "tag", "-3") == "{\"ok\":true}\n")
        #expect(try itemProperty(daemon.bus, "modes", "saved", "Tag") == "i -3\n")
        #expect(try succeeds(daemon.bus, "show", "--bar", "modes").contains("Transport"))

        try fails(
            daemon.bus, status: 5, mentioning: "org.tabbard.TabBar1.Error.NotSupported",
            "bar", "modes", "set", "saved", "title", "Mine") // ITEM-3
        try fails(
            daemon.bus, status: 5, mentioning: "icons/tram.png", "bar", "modes", "set", "transit", "image",
            "icons/tram.png") // LOOK-4
        try fails(
            daemon.bus, status: 1, mentioning: "TAG must be a whole number, not 'three'",
            "bar", "modes", "set", "transit", "tag", "three")
        try fails(
            daemon.bus, status: 1, mentioning: "unknown item key 'colour'", "bar", "modes", "set", "transit", "colour",
            "red")
        try fails(
            daemon.bus, status: 4, mentioning: "no item 'nosuch' on bar 'modes'", "bar", "modes", "set", "nosuch",
            "title", "X")
        #expect(
            try itemProperty(daemon.bus, "modes", "transit", "Image") == "s \"/icons/tram.png\"\n",
            "a refusal changes nothing")
    }

    @Test(
        "an item title is bounded as a tab's: 257 bytes is InvalidArgument naming the title by its head and length (SBAR-2, ERR-2)"
    )
    func titleBound() throws {
        let daemon = try Self.daemonWithBar()
        let longest = String(repeating: "t", count: 256)
        try succeeds(daemon.bus, "bar", "modes", "set", "transit", "title", longest)
        try fails(
            daemon.bus, status: 5, mentioning: "org.tabbard.TabBar1.Error.InvalidArgument: Title 'tttt",
            "bar", "modes", "set", "transit", "title", longest + "t")
        try fails(
            daemon.bus, status: 5, mentioning: "(257 bytes) is longer than 256 bytes", "bar", "modes", "define", "long",
            longest + "t")
        #expect(try itemProperty(daemon.bus, "modes", "transit", "Title") == "s \"\(longest)\"\n")
        #expect(try barProperty(daemon.bus, "modes", "DefinedItems") == "as 3 \"map\" \"transit\" \"saved\"\n")
    }

    @Test("divider sets and removes the bar's divider image for a pair of item states (LOOK-5, SBAR-6)")
    func divider() throws {
        let daemon = try Self.daemonWithBar()
        try succeeds(daemon.bus, "bar", "modes", "divider", "divider", "normal", "normal")
        try succeeds(daemon.bus, "bar", "modes", "divider", "divider.left", "selected", "normal")
        try succeeds(daemon.bus, "bar", "modes", "divider", "/icons/divider.right.png", "normal", "selected")
        #expect(
            try dividerImages(daemon.bus, "modes")
                == [
                    "normal|normal": "divider", "selected|normal": "divider.left",
                    "normal|selected": "/icons/divider.right.png",
                ])
        #expect(try succeeds(daemon.bus, "get", "DividerImages") == "", "the controller keeps its own dividers")
        try succeeds(daemon.bus, "bar", "modes", "divider", "", "normal", "normal")
        #expect(
            try dividerImages(daemon.bus, "modes") == [
                "selected|normal": "divider.left", "normal|selected": "/icons/divider.right.png",
            ])
        try fails(
            daemon.bus, status: 5, mentioning: "selected|selected", "bar", "modes", "divider", "divider", "selected",
            "selected")
        try fails(
            daemon.bus, status: 5, mentioning: "'pressed'", "bar", "modes", "divider", "divider", "normal", "pressed")
        try fails(
            daemon.bus, status: 1, mentioning: "bar modes divider needs RIGHT_STATE",
            "bar", "modes", "divider", "divider", "normal")
    }

    @Test("customize runs one whole session: --json says changed, the items are reordered (SBAR-5)")
    func customize() throws {
        let daemon = try Self.daemonWithBar()
        try succeeds(daemon.bus, "bar", "modes", "define", "satellite", "Satellite")
        let result = try object(
            try succeeds(
                daemon.bus, "--json", "bar", "modes", "customize", "map", "transit", "saved",
                "satellite", "--replace", "2", "satellite", "--move", "satellite", "0"))
        #expect(result["ok"] as? Bool == true)
        #expect(result["changed"] as? Bool == true)
        #expect(try barProperty(daemon.bus, "modes", "Items") == "as 3 \"satellite\" \"map\" \"transit\"\n")
        #expect(try barProperty(daemon.bus, "modes", "Customizing") == "b false\n")
        let unchanged = try object(try succeeds(daemon.bus, "--json", "bar", "modes", "customize", "map"))
        #expect(unchanged["changed"] as? Bool == false)
    }

    @Test("a step the daemon refuses ends the session, keeping the steps before it, and names the error (SBAR-5)")
    func refusedStep() throws {
        let daemon = try Self.daemonWithBar()
        // transit is not a candidate, so it is fixed in place: moving it is NotCustomizable.
        let result = try tabctl(
            daemon.bus, "bar", "modes", "customize", "map", "saved", "--move", "saved", "0",
            "--move", "transit", "0")
        #expect(result.status == 5)
        #expect(result.errors.contains("org.tabbard.TabBar1.Error.NotCustomizable"), "\(result.errors)")
        #expect(try barProperty(daemon.bus, "modes", "Customizing") == "b false\n")
        #expect(try barProperty(daemon.bus, "modes", "Items") == "as 3 \"saved\" \"transit\" \"map\"\n")
    }

    @Test(
        "a missing bar or item exits 4 and names it; other refusals exit 5 with the daemon's error (SBAR-1, SBAR-2, SBAR-8)"
    )
    func errors() throws {
        let daemon = try Self.daemonWithBar()
        let noBar = try tabctl(daemon.bus, "bar", "nosuch", "tap", "map")
        #expect(noBar.status == 4)
        #expect(noBar.errors.contains("no bar 'nosuch'"), "\(noBar.errors)")
        let noBarShown = try tabctl(daemon.bus, "show", "--bar", "nosuch")
        #expect(noBarShown.status == 4)
        #expect(noBarShown.errors.contains("no bar 'nosuch'"))
        let removed = try tabctl(daemon.bus, "bar", "nosuch", "remove")
        #expect(removed.status == 4)
        #expect(removed.errors.contains("org.tabbard.TabBar1.Error.NoSuchBar"), "\(removed.errors)")
        let noItemObject = try tabctl(daemon.bus, "bar", "modes", "badge", "nosuch", "1")
        #expect(noItemObject.status == 4)
        #expect(noItemObject.errors.contains("no item 'nosuch' on bar 'modes'"), "\(noItemObject.errors)")
        let noItem = try tabctl(daemon.bus, "--json", "bar", "modes", "tap", "nosuch")
        #expect(noItem.status == 4)
        #expect(try object(noItem.output)["error"] as? String == "org.tabbard.TabBar1.Error.NoSuchItem")
        let twice = try tabctl(daemon.bus, "bar", "modes", "create")
        #expect(twice.status == 5)
        #expect(twice.errors.contains("org.tabbard.TabBar1.Error.InvalidArgument"))
        try succeeds(daemon.bus, "bar", "modes", "disable", "transit")
        let disabled = try tabctl(daemon.bus, "bar", "modes", "tap", "transit")
        #expect(disabled.status == 5)
        #expect(disabled.errors.contains("org.tabbard.TabBar1.Error.Disabled"))
    }

    @Test("follow prints the bar's signals and its and its items' property changes, one line each (SBAR-1..5)")
    func follow() throws {
        let daemon = try DaemonProcess()
        let follow = try RunningTabctl(daemon.bus, "follow")
        #expect(try follow.line(startingWith: "state ").contains(" Bars=[] "))
        try succeeds(daemon.bus, "bar", "modes", "create")
        #expect(try follow.line(startingWith: "InterfacesAdded bar") == "InterfacesAdded bar modes")
        try succeeds(daemon.bus, "bar", "modes", "define", "map", "Map")
        try succeeds(daemon.bus, "bar", "modes", "define", "transit", "Transit")
        #expect(try follow.line(startingWith: "InterfacesAdded item") == "InterfacesAdded item modes map")
        try succeeds(daemon.bus, "bar", "modes", "items", "--animated", "map", "transit")
        #expect(try follow.line(startingWith: "ItemsSet ") == "ItemsSet modes [map,transit] animated=true")
        try succeeds(daemon.bus, "bar", "modes", "tap", "transit")
        _ = try follow.line(where: {
            $0.hasPrefix("PropertiesChanged bar modes ") && $0.contains(" SelectedItem=transit")
        })
        #expect(try follow.line(startingWith: "DidSelectItem ") == "DidSelectItem modes transit")
        try succeeds(daemon.bus, "bar", "modes", "badge", "map", "3")
        _ = try follow.line(where: { $0.hasPrefix("PropertiesChanged item modes map ") && $0.contains(" BadgeValue=3") }
        )
        try succeeds(daemon.bus, "bar", "modes", "customize", "map", "transit", "--move", "transit", "0")
        #expect(
            try follow.line(startingWith: "WillBeginCustomizingItems ")
                == "WillBeginCustomizingItems modes [map,transit]")
        #expect(
            try follow.line(startingWith: "DidBeginCustomizingItems ") == "DidBeginCustomizingItems modes [map,transit]"
        )
        #expect(
            try follow.line(startingWith: "DidEndCustomizingItems ")
                == "DidEndCustomizingItems modes [transit,map] changed=true")
        try succeeds(daemon.bus, "bar", "modes", "remove")
        #expect(try follow.line(startingWith: "InterfacesRemoved bar") == "InterfacesRemoved bar modes")
        follow.send(SIGINT)
        #expect(try follow.waitForExit() == 0)
    }
}
