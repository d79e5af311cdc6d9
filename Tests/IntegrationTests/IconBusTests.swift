import Foundation
import TabbardTestSupport
import Testing

/// ICON-1..5 and MORE-6 through real clients: busctl reads the properties, dbus-python records
/// what is announced, gdbus sets a standalone item's names, tabctl draws the More item.
@Suite("Icons and the More item on the bus")
struct IconBusTests {
    /// A tab property read with busctl.
    static func tabProperty(_ bus: String, _ tab: String, _ name: String) throws -> Any {
        try property(bus, name, path: Names.tab(tab), interface: Names.tabInterface)
    }

    @Test(
        "every bundled tab has IconName and SelectedIconName that resolve in adwaita-icon-theme; Image stays (ICON-1, ICON-2, ICON-5)"
    )
    func bundledTabs() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        let theme = try AdwaitaIcons.installed()
        let tabs = try stringsProperty(bus, "AvailableTabs")
        #expect(tabs.count == 16)
        for tab in tabs {
            let icon = try stringProperty(bus, "IconName", path: Names.tab(tab), interface: Names.tabInterface)
            let selected = try stringProperty(
                bus, "SelectedIconName", path: Names.tab(tab), interface: Names.tabInterface)
            #expect(theme.contains(icon) && icon.hasSuffix("-symbolic"), "\(tab): \(icon)")
            #expect(selected.isEmpty || theme.contains(selected), "\(tab): \(selected)")
            #expect(try stringProperty(bus, "IconThemePath", path: Names.tab(tab), interface: Names.tabInterface) == "")
            #expect((try Self.tabProperty(bus, tab, "IconPixmaps") as? [Any])?.isEmpty == true, "\(tab)")
        }
        // A system item's names are the standard ones (ICON-2); v1's Image is as it was.
        #expect(
            try stringProperty(bus, "IconName", path: Names.tab("search"), interface: Names.tabInterface)
                == "system-search-symbolic")
        #expect(
            try stringProperty(bus, "SelectedIconName", path: Names.tab("search"), interface: Names.tabInterface)
                == "system-search-symbolic")
        #expect(
            try stringProperty(bus, "Image", path: Names.tab("search"), interface: Names.tabInterface)
                == "system-search")
        #expect(
            try stringProperty(bus, "Image", path: Names.tab("world-clock"), interface: Names.tabInterface) == "globe")
        // Describe carries them, the pixmaps by their sizes.
        let describe = try busctlCall(bus, "Describe")
        for key in [
            "\\\"IconName\\\":\\\"alarm-symbolic\\\"", "\\\"IconPixmaps\\\":[]", "\\\"MoreTitle\\\":\\\"More\\\"",
            "\\\"MoreIconName\\\":\\\"view-more-horizontal-symbolic\\\"",
        ] {
            #expect(describe.contains(key), "\(key) in \(describe.prefix(400))")
        }
        #expect(daemon.stop() == 0)
    }

    @Test(
        "MoreTitle, MoreIconName, MoreAccessibilityLabel: localized with Locale, announced, empty label without More (MORE-6)"
    )
    func moreItem() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        #expect(try stringProperty(bus, "MoreTitle") == "More")
        #expect(try stringProperty(bus, "MoreIconName") == "view-more-horizontal-symbolic")
        #expect(try stringProperty(bus, "MoreAccessibilityLabel") == "More, five of five")
        let groups = groupedByCall(
            try recordEvents(
                address: bus,
                [
                    BusCall.set("Locale", .string("fr_FR.UTF-8")),
                    BusCall("SelectMore"),
                    BusCall.set("MaxVisible", .uint32(64)),
                    BusCall.set("MaxVisible", .uint32(5)),
                ]))
        /// The controller's changed properties announced for call `index`.
        func changed(_ index: Int) -> [String: Any] {
            groups[index].reduce(into: [:]) { all, event in
                guard case .signal(Names.controller, _, "PropertiesChanged", let arguments) = event,
                    let properties = arguments.dropFirst().first as? [String: Any]
                else { return }
                all.merge(properties) { $1 }
            }
        }
        print(
            "Locale: \(changed(0)), SelectMore: \(changed(1)), MaxVisible 64: \(changed(2)), MaxVisible 5: \(changed(3))"
        )
        #expect(changed(0)["MoreTitle"] as? String == "Plus")
        #expect(changed(0)["MoreAccessibilityLabel"] as? String == "Plus, cinq sur cinq")
        #expect(changed(0)["MoreIconName"] == nil)
        #expect(changed(1)["MoreAccessibilityLabel"] as? String == "Sélectionné, Plus, cinq sur cinq")
        #expect(changed(2)["MoreAccessibilityLabel"] as? String == "")
        #expect(changed(2)["ShowsMore"] as? Bool == false)
        #expect(changed(3)["MoreAccessibilityLabel"] as? String == "Plus, cinq sur cinq")
        #expect(try stringProperty(bus, "MoreTitle") == "Plus")
        // tabctl draws the More item with MoreTitle, not a hard-coded "More".
        let shown = try tabctl(daemon.bus, "show")
        #expect(shown.status == 0 && shown.output.contains("Plus") && !shown.output.contains("More"), "\(shown.output)")
        _ = try tabctl(daemon.bus, "more")
        let json = try tabctl(daemon.bus, "show", "--json")
        #expect(json.output.contains("\"kind\":\"more\",\"title\":\"Plus\""), "\(json.output)")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a standalone item's IconName and SelectedIconName: rw, checked, saved; a system item's are NotSupported (ICON-1, ICON-2)"
    )
    func standaloneItem() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        let item = Names.item("map", bar: "modes")
        let calls = [
            BusCall("CreateBar", .string("modes")),
            BusCall.bar("modes", "AddItem", .string("map"), .string("Map"), .string(""), .string("")),
            BusCall.bar("modes", "AddSystemItem", .string("recent"), .string("recents"), .int32(0)),
            BusCall.set("IconName", .string("find-location-symbolic"), on: item, interface: Names.itemInterface),
            BusCall.set(
                "SelectedIconName", .string("mark-location-symbolic"), on: item, interface: Names.itemInterface),
            BusCall.set("IconName", .string("a/b"), on: item, interface: Names.itemInterface, fails: "InvalidArgument"),
            BusCall.set(
                "IconName", .string("bad\u{1B}[2J"), on: item, interface: Names.itemInterface, fails: "InvalidArgument"),
            BusCall.set(
                "IconName", .string(String(repeating: "n", count: 256)), on: item, interface: Names.itemInterface,
                fails: "InvalidArgument"),
            BusCall.set(
                "IconName", .string("x-symbolic"), on: Names.item("recent", bar: "modes"),
                interface: Names.itemInterface,
                fails: "NotSupported"),
        ]
        for call in calls {
            let (error, _) = try call.throughGDBus(address: bus)
            #expect(error == call.error, "\(call.member) \(call.arguments): \(error ?? "ok")")
        }
        #expect(
            try stringProperty(bus, "IconName", path: item, interface: Names.itemInterface) == "find-location-symbolic")
        #expect(
            try stringProperty(
                bus, "IconName", path: Names.item("recent", bar: "modes"), interface: Names.itemInterface)
                == "document-open-recent-symbolic")
        // Structural, as the item's other properties: saved before the reply, back after a restart.
        try daemon.restart()
        #expect(
            try stringProperty(bus, "IconName", path: item, interface: Names.itemInterface) == "find-location-symbolic")
        #expect(
            try stringProperty(bus, "SelectedIconName", path: item, interface: Names.itemInterface)
                == "mark-location-symbolic")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a plugin's icon names and pixmaps are taken; a name with '/', not UTF-8 or with an escape, a 300×300 pixmap, one short of its bytes and 5 sizes are each refused with a warning and a counted failure, the earlier icon staying (ICON-2, ICON-3)",
        arguments: [false, true])
    func pluginIcons(isolated: Bool) throws {
        let daemon = try IsolationTests.faultyTabDaemon("ICONS_IN_ACTIVATE", isolated: isolated)
        let bus = daemon.bus.address
        let tab = Names.tab("faulty-tab")
        /// Activates once and waits for the step's badge.
        func step(_ number: Int) throws {
            try busctlCall(bus, "Activate", "ss", "faulty-tab", "poke")
            let deadline = Date().addingTimeInterval(10)
            while (try? stringProperty(bus, "BadgeValue", path: tab, interface: Names.tabInterface)) != "step \(number)"
                && Date() < deadline
            {
                usleep(20_000)
            }
            #expect(
                try stringProperty(bus, "BadgeValue", path: tab, interface: Names.tabInterface) == "step \(number)",
                "\(daemon.log)")
        }
        try step(0)
        #expect(try stringProperty(bus, "IconName", path: tab, interface: Names.tabInterface) == "alarm-symbolic")
        #expect(
            try stringProperty(bus, "SelectedIconName", path: tab, interface: Names.tabInterface)
                == "alarm-selected-symbolic")
        let good = try Self.tabProperty(bus, "faulty-tab", "IconPixmaps") as? [[Any]]
        #expect(
            good?.count == 1 && good?.first?[0] as? Int == 2 && (good?.first?[2] as? [Int])?.count == 16,
            "\(String(describing: good))")
        // In a helper the third failure within the window disables the plugin: two refusals there.
        let refusals =
            isolated
            ? [
                "icon name 'a/b'", // the model's words for the name with '/'
                "set_icon_name passed text that is not UTF-8",
            ]
            : [
                "icon name 'a/b'",
                "set_icon_name passed text that is not UTF-8",
                "an icon name with a control character (U+001B)",
                "An icon pixmap of 300×300",
                "An icon pixmap of 2×2 with 15 bytes: expected 16",
                "5 icon pixmaps: at most 4 sizes",
            ]
        for (index, refusal) in refusals.enumerated() {
            try step(index + 1)
            let log = daemon.log
            let line = log.split(separator: "\n").first {
                $0.contains("plugin faulty, tab faulty-tab:") && $0.contains(refusal)
            }
            print("step \(index + 1): \(line ?? "no line")")
            #expect(
                line?.contains(
                    "refused, the icon set before stays; failures counted: \(index + 1) (3 disable the plugin)")
                    == true,
                "\(refusal): \(log)")
        }
        // The icons set before the refusals stay, the daemon serves, and the helper still runs.
        #expect(try stringProperty(bus, "IconName", path: tab, interface: Names.tabInterface) == "alarm-symbolic")
        #expect((try Self.tabProperty(bus, "faulty-tab", "IconPixmaps") as? [Any])?.count == 1)
        #expect(IsolationTests.waitForContent(bus, "faulty-tab", seconds: 2))
        let recorded = daemon.pluginRecords.joined(separator: "\n")
        #expect(recorded.contains("ok \(refusals.count) "), "plugins.state: \(recorded)")
        if isolated {
            // The third failure within the window ends the helper and disables the plugin, as any
            // failure at the limit does; the daemon goes on, the tab keeps the icons it had. The
            // reply may be the failure of a helper ended before it answered.
            _ = try? busctlCall(bus, "Activate", "ss", "faulty-tab", "poke")
            let deadline = Date().addingTimeInterval(10)
            while !daemon.log.contains("failure 3 of 3: disabled") && Date() < deadline { usleep(20_000) }
            #expect(
                daemon.log.contains(
                    "an icon name with a control character (U+001B); refused, the icon set before stays; failures counted: 3"
                ),
                "\(daemon.log)")
            let disabled = daemon.log.split(separator: "\n").first { $0.contains("failure 3 of 3: disabled") }
            print("disabled: \(disabled ?? "no line")")
            #expect(
                disabled?.contains("plugin faulty: tab faulty-tab: an icon name with a control character (U+001B)")
                    == true, "\(daemon.log)")
            #expect(try stringProperty(bus, "IconName", path: tab, interface: Names.tabInterface) == "alarm-symbolic")
            #expect(try stringProperty(bus, "SelectedTab") != "")
        }
        #expect(!daemon.log.contains("\u{1B}"), "no escape reaches the log")
        #expect(daemon.stop() == 0)
    }

    @Test("the Swift SDK sets icon names and pixmaps, through a helper's link (ICON-2, ICON-3)")
    func swiftSDK() throws {
        let daemon = try DaemonProcess(pluginDirectory: try FaultPlugin.swiftDirectory())
        let bus = daemon.bus.address
        #expect(IsolationTests.waitForContent(bus, "swiftfault-tab"), "\(daemon.log)")
        let tab = Names.tab("swiftfault-tab")
        #expect(
            try stringProperty(bus, "IconName", path: tab, interface: Names.tabInterface) == "dialog-warning-symbolic")
        #expect(
            try stringProperty(bus, "SelectedIconName", path: tab, interface: Names.tabInterface)
                == "dialog-error-symbolic")
        let pixmaps = try Self.tabProperty(bus, "swiftfault-tab", "IconPixmaps") as? [[Any]]
        print("swiftfault-tab IconPixmaps: \(String(describing: pixmaps))")
        #expect(
            pixmaps?.count == 1 && pixmaps?.first?[0] as? Int == 1
                && pixmaps?.first?[2] as? [Int] == [0xFF, 0x12, 0x34, 0x56])
        #expect(daemon.stop() == 0)
    }

    @Test(
        "IconThemePath is the manifest's icon_theme, absolute; a missing directory is a manifest error naming the key (ICON-4)"
    )
    func iconThemePath() throws {
        let plugins = try FaultPlugin.directory(fault: (name: "themed", define: "RENDER_BODY=\"themed\""))
        let manifest = plugins + "/themed.plugin"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "description =", with: "icon_theme = \"icons\"\ndescription =")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: plugins + "/icons/hicolor/scalable/apps", withIntermediateDirectories: true)
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        let path = try stringProperty(
            daemon.bus.address, "IconThemePath", path: Names.tab("themed-tab"), interface: Names.tabInterface)
        #expect(path == URL(fileURLWithPath: plugins + "/icons").resolvingSymlinksInPath().path, "\(path)")
        #expect(
            try stringProperty(
                daemon.bus.address, "IconThemePath", path: Names.tab("alarm"), interface: Names.tabInterface) == "")
        #expect(daemon.stop() == 0)

        try FileManager.default.removeItem(atPath: plugins + "/icons")
        let without = try DaemonProcess(pluginDirectory: plugins)
        #expect(!(try stringsProperty(without.bus.address, "AvailableTabs")).contains("themed-tab"))
        #expect(without.log.contains("icon_theme"), "\(without.log)")
        #expect(without.stop() == 0)
    }
}
