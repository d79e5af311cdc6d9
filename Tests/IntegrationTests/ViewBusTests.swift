import Foundation
import TabbardTestSupport
import Testing

/// Views (VIEW-1..5) driven through busctl, gdbus and dbus-python.
@Suite("Views on the bus")
struct ViewBusTests {
    static let denied = "org.freedesktop.DBus.Error.AccessDenied"
    static let manager = "org.freedesktop.DBus.ObjectManager"

    /// `OpenView` with `settings`.
    static func open(_ settings: [(String, Argument)], fails error: String? = nil) -> BusCall {
        BusCall("OpenView", .settings(settings), fails: error)
    }

    /// A call of `org.tabbard.TabBar1.View` on view `number`.
    static func view(_ number: UInt64, _ member: String, _ arguments: Argument..., fails error: String? = nil)
        -> BusCall
    {
        var call = BusCall(path: Names.view(number), interface: Names.viewInterface, member, fails: error)
        call.arguments = arguments
        return call
    }

    /// `Properties.Set` of a view's property.
    static func set(_ property: String, _ value: Argument, onView number: UInt64, fails error: String? = nil) -> BusCall
    {
        .set(property, value, on: Names.view(number), interface: Names.viewInterface, fails: error)
    }

    /// The members of the `PropertiesChanged` signals among `events`, as `path interface`.
    static func propertiesChanged(_ events: [Event]) -> [String] {
        events.compactMap { event in
            guard case .signal(let path, _, "PropertiesChanged", let arguments) = event else { return nil }
            return "\(path) \(arguments.first as? String ?? "")"
        }
    }

    // MARK: - VIEW-1

    /// `Properties.Get` of `name` of `interface` on the object at `path`.
    static func get(_ name: String, path: String = Names.controller, interface: String = Names.service) -> BusCall {
        BusCall(path: path, interface: Names.properties, "Get", .string(interface), .string(name))
    }

    /// `Properties.Get` of a view's property.
    static func get(_ name: String, ofView number: UInt64) -> BusCall {
        get(name, path: Names.view(number), interface: Names.viewInterface)
    }

    /// The value of the reply that ends `group`, nil when it ends otherwise.
    static func value(_ group: [Event]) -> Any? {
        guard case .reply(_, let values)? = group.last else { return nil }
        return values.first
    }

    /// The paths that `member` (`InterfacesAdded` or `InterfacesRemoved`) names in `group`.
    static func paths(_ member: String, in group: [Event]) -> [String] {
        group.compactMap { event -> String? in
            guard case .signal(_, _, let name, let arguments) = event, name == member else { return nil }
            return arguments.first as? String
        }
    }

    // A view lives as long as its opener's connection (VIEW-1): every test that reads a view
    // after opening it does so on the opener's connection, in one run of the client.

    @Test(
        "OpenView answers /org/tabbard/TabBar1/view/<n>, announced with InterfacesAdded before the reply; Close takes it away with InterfacesRemoved; a number is never used again (VIEW-1)"
    )
    func openAndClose() throws {
        let daemon = try DaemonProcess()
        let calls = [
            Self.open([("max_visible", .uint32(3))]), Self.open([]), Self.view(1, "Close"),
            Self.open([("locale", .string("fr_FR"))]),
            Self.get("Locale", ofView: 3), Self.get("MaxVisible", ofView: 3),
            BusCall(path: Names.controller, interface: Self.manager, "GetManagedObjects"),
        ]
        let groups = groupedByCall(try recordEvents(address: daemon.bus.address, calls))
        for (index, number) in [(0, 1), (1, 2), (3, 3)] {
            #expect(
                Self.paths("InterfacesAdded", in: groups[index]) == [Names.view(UInt64(number))],
                "before the reply: \(groups[index])")
            #expect(Self.value(groups[index]) as? String == Names.view(UInt64(number)))
        }
        #expect(Self.paths("InterfacesRemoved", in: groups[2]) == [Names.view(1)], "\(groups[2])")
        #expect(Self.value(groups[4]) as? String == "fr_FR")
        #expect(
            Self.value(groups[5]) as? Int == (try property(daemon.bus.address, "MaxVisible") as? Int),
            "an omitted setting follows the controller's")
        let objects = Self.value(groups[6]) as? [String: Any] ?? [:]
        #expect(
            objects[Names.view(2)] != nil && objects[Names.view(3)] != nil && objects[Names.view(1)] == nil,
            "\(objects.keys)")
        #expect(daemon.stop() == 0)
    }

    @Test(
        "bad settings are InvalidArgument naming the key: max_visible 1 or 65, an unknown layout, a locale with /, an unknown key, a wrong variant type (VIEW-1)"
    )
    func badSettings() throws {
        let daemon = try DaemonProcess()
        let bad: [(String, [(String, Argument)])] = [
            ("max_visible", [("max_visible", .uint32(1))]), ("max_visible", [("max_visible", .uint32(65))]),
            ("layout", [("layout", .string("sideways"))]), ("locale", [("locale", .string("fr/FR"))]),
            ("width", [("width", .uint32(320))]), ("max_visible", [("max_visible", .string("3"))]),
            ("layout", [("layout", .uint32(1))]), ("orientation", [("orientation", .string("upside"))]),
        ]
        let calls = bad.map { Self.open($0.1, fails: "InvalidArgument") }
        let outcomes = try callThroughPython(address: daemon.bus.address, calls)
        for ((key, settings), outcome) in zip(bad, outcomes) {
            #expect(outcome.error == Names.errorPrefix + "InvalidArgument", "\(settings): \(outcome)")
            #expect(
                (outcome.values.first as? String)?.contains(key) == true, "the message names \(key): \(outcome.values)")
        }
        for call in calls.prefix(3) {
            #expect(try call.throughGDBus(address: daemon.bus.address).error == Names.errorPrefix + "InvalidArgument")
        }
        // A refused call opens nothing: the next view is the first.
        #expect(
            try callThroughPython(address: daemon.bus.address, [Self.open([])]).first?.values.first as? String
                == Names.view(1))
        #expect(daemon.stop() == 0)
    }

    @Test(
        "at most 8 views per connection: the 9th is InvalidArgument and opens nothing; another connection still opens (VIEW-1)"
    )
    func perConnectionLimit() throws {
        let daemon = try DaemonProcess()
        var calls = (0..<8).map { _ in Self.open([]) }
        calls.append(Self.open([], fails: "InvalidArgument"))
        calls.append(Self.open([]).onSecondConnection())
        try StandaloneBarBusTests.expectOutcomes(daemon.bus.address, calls)
        #expect(daemon.stop() == 0)
    }

    @Test("at most 256 views in all: the 257th is InvalidArgument (VIEW-1)")
    func limitInAll() throws {
        let daemon = try DaemonProcess()
        let outcome =
            try parseJSON(try runScript("view_opener.py", [daemon.bus.address, "open-many", "33", "8"], input: ""))
            as? [String: Any]
        #expect(outcome?["opened"] as? Int == 256, "\(outcome ?? [:])")
        #expect(
            outcome?["refused"] as? [String] == Array(repeating: Names.errorPrefix + "InvalidArgument", count: 8),
            "\(outcome ?? [:])")
        #expect(daemon.stop() == 0)
    }

    @Test("a view whose opener is killed disappears with InterfacesRemoved (VIEW-1)")
    func killedOpenerClosesItsViews() throws {
        let daemon = try DaemonProcess()
        let opener = try ViewOpener(daemon.bus.address, ["open", "2"])
        let paths = try opener.firstLine() as? [String] ?? []
        #expect(paths == [Names.view(1), Names.view(2)])
        opener.kill()
        let outcome =
            try parseJSON(try runScript("view_opener.py", [daemon.bus.address, "await-gone"] + paths)) as? [String: Any]
        #expect(outcome?["left"] as? [String] == [], "\(outcome ?? [:])")
        #expect(daemon.stop() == 0)
    }

    // MARK: - VIEW-2

    @Test("a view presents the controller's tabs with its own settings as the controller would with them (VIEW-2)")
    func presentsLikeTheController() throws {
        let daemon = try DaemonProcess()
        let address = daemon.bus.address
        let tabs = try stringsProperty(address, "Tabs")
        try #require(tabs.count > 3)
        #expect(try stringProperty(address, "Locale") != "fr_FR")
        let compared = [
            "VisibleTabs", "MoreTabs", "HiddenTabs", "ShowsMore", "SelectedItem", "MoreTitle", "MoreAccessibilityLabel",
            "MaxVisible", "Locale", "Layout",
        ]
        var calls = [Self.open([("max_visible", .uint32(3)), ("locale", .string("fr_FR"))])]
        calls += (compared + ["Items", "Titles", "AccessibilityLabels"]).map { Self.get($0, ofView: 1) }
        calls += [.set("MaxVisible", .uint32(3)), .set("Locale", .string("fr_FR"))]
        calls += compared.map { Self.get($0) } + [Self.get("Items", path: Names.bar, interface: Names.barInterface)]
        calls += tabs.flatMap { tab in
            ["Title", "AccessibilityLabel"].map { Self.get($0, path: Names.tab(tab), interface: Names.tabInterface) }
        }
        let outcomes = try callThroughPython(address: address, calls)
        #expect(outcomes.allSatisfy { $0.error == nil }, "\(outcomes)")
        let values: [Any] = outcomes.map { $0.values.first ?? "" }
        let view = Array(values[1...(compared.count + 3)])
        let controller = Array(values[(compared.count + 6)...])
        for (index, name) in (compared + ["Items"]).enumerated() {
            #expect(try jsonText([view[index]]) == (try jsonText([controller[index]])), "\(name)")
        }
        let titles = view[compared.count + 1] as? [String: Any] ?? [:]
        let labels = view[compared.count + 2] as? [String: Any] ?? [:]
        #expect(Set(titles.keys) == Set(tabs) && Set(labels.keys) == Set(tabs))
        for (index, tab) in tabs.enumerated() {
            #expect(titles[tab] as? String == controller[compared.count + 1 + 2 * index] as? String, "Title of \(tab)")
            #expect(
                labels[tab] as? String == controller[compared.count + 2 + 2 * index] as? String,
                "AccessibilityLabel of \(tab)")
        }
        #expect(daemon.stop() == 0)
    }

    // MARK: - VIEW-3

    @Test(
        "Tap('@more') shows the view's More list without DidSelect or a Revision; a tab Tap through the view emits DidSelect and ends ShowingMore; NoMore without a More item (VIEW-3, VIEW-5)"
    )
    func tapsThroughAView() throws {
        let daemon = try DaemonProcess()
        let address = daemon.bus.address
        let first = try stringsProperty(address, "Tabs").first ?? ""
        let calls = [
            Self.open([("max_visible", .uint32(2))]), Self.open([("max_visible", .uint32(64))]), Self.get("Revision"),
            Self.view(1, "Tap", .string("@more")), Self.view(2, "Tap", .string("@more"), fails: "NoMore"),
            Self.get("Revision"), Self.get("ShowingMore", ofView: 1), Self.get("SelectedItem", ofView: 1),
            Self.view(1, "Tap", .string(first)), Self.get("ShowingMore", ofView: 1),
            Self.get("SelectedItem", ofView: 1),
        ]
        let groups = groupedByCall(try recordEvents(address: address, calls))
        #expect(!groups[3].contains { $0.member == "DidSelect" }, "\(groups[3])")
        #expect(Self.propertiesChanged(groups[3]) == ["\(Names.view(1)) \(Names.viewInterface)"], "\(groups[3])")
        if case .error(_, let name)? = groups[4].last {
            #expect(name == Names.errorPrefix + "NoMore")
        } else {
            Issue.record("\(groups[4])")
        }
        #expect(Self.value(groups[5]) as? Int == Self.value(groups[2]) as? Int, "@more raises no Revision")
        #expect(Self.value(groups[6]) as? Bool == true && Self.value(groups[7]) as? String == "@more")
        #expect(groups[8].contains { $0.member == "DidSelect" }, "\(groups[8])")
        #expect(Self.value(groups[9]) as? Bool == false && Self.value(groups[10]) as? String == first)
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a tab Tap through a view asks the delegate and is decided by its answer, allowed or denied, as the controller's Tap (VIEW-3, TAP-7)"
    )
    func tapThroughAViewWaitsForTheDelegate() throws {
        let daemon = try DaemonProcess()
        let address = daemon.bus.address
        let delegate = try RunningTabctl(daemon.bus, "delegate", "--deny", "timer")
        let deadline = Date().addingTimeInterval(20)
        while try stringProperty(address, "Delegate").isEmpty && Date() < deadline { usleep(50_000) }
        let calls = [
            Self.open([("max_visible", .uint32(64))]), Self.view(1, "Tap", .string("alarm")),
            Self.view(1, "Tap", .string("timer")), Self.get("SelectedTab"),
        ]
        let groups = groupedByCall(try recordEvents(address: address, calls))
        #expect(Self.value(groups[1]) as? Bool == true, "allowed: \(groups[1])")
        #expect(Self.value(groups[2]) as? Bool == false, "denied: \(groups[2])")
        #expect(Self.value(groups[3]) as? String == "alarm")
        _ = delegate
        #expect(daemon.stop() == 0, "log:\n\(daemon.log)")
    }

    @Test(
        "a tab Tap through a view that waits behind another caller's Tap and is decided in its turn ends the view's ShowingMore (VIEW-3, TAP-7)"
    )
    func queuedTapThroughAViewEndsShowingMore() throws {
        let daemon = try DaemonProcess()
        let printed = try runScript("queued_view_tap.py", [daemon.bus.address])
        let outcome = try #require(try parseJSON(printed) as? [String: Any], "\(printed)")
        let tabs = outcome["tabs"] as? [String] ?? []
        try #require(tabs.count >= 3 && outcome["error"] == nil, "\(outcome)")
        #expect(outcome["before"] as? Bool == true, "the view showed its More list: \(outcome)")
        #expect(outcome["asked"] as? [String] == [tabs[1], tabs[0]], "the view's tap waited its turn: \(outcome)")
        #expect(outcome["other tap"] as? Bool == true && outcome["view tap"] as? Bool == true, "\(outcome)")
        #expect(outcome["showing more"] as? Bool == false, "\(outcome)")
        #expect(outcome["selected item"] as? String == tabs[0], "\(outcome)")
        #expect(daemon.stop() == 0, "log:\n\(daemon.log)")
    }

    // MARK: - VIEW-4

    @Test("another connection reads a view, but its Set MaxVisible, Close and Tap('@more') are AccessDenied (VIEW-4)")
    func onlyTheOpenerChanges() throws {
        let daemon = try DaemonProcess()
        let calls = [
            Self.open([("max_visible", .uint32(2))]),
            BusCall(path: Names.view(1), interface: Names.properties, "GetAll", .string(Names.viewInterface))
                .onSecondConnection(),
            Self.set("MaxVisible", .uint32(4), onView: 1, fails: Self.denied).onSecondConnection(),
            Self.view(1, "Close", fails: Self.denied).onSecondConnection(),
            Self.view(1, "Tap", .string("@more"), fails: Self.denied).onSecondConnection(),
            Self.set("MaxVisible", .uint32(4), onView: 1),
            Self.set("MaxVisible", .uint32(1), onView: 1, fails: "InvalidArgument"),
            Self.view(1, "Close"),
        ]
        try StandaloneBarBusTests.expectOutcomes(daemon.bus.address, calls)
        #expect(daemon.stop() == 0)
    }

    // MARK: - VIEW-5

    @Test(
        "a view's own change raises no Revision; a model change announces only the views it changed, each once, before the controller's PropertiesChanged (VIEW-5)"
    )
    func announcements() throws {
        let daemon = try DaemonProcess()
        let address = daemon.bus.address
        let tabs = try stringsProperty(address, "Tabs")
        try #require(tabs.count >= 3)
        // View 1 (3 wide once set) shows tabs[2] on its bar, view 2 (2 wide) in its More list,
        // where tabs[1] was too: selecting tabs[2] changes view 1's SelectedItem alone.
        let calls = [
            Self.open([("max_visible", .uint32(2))]), Self.open([("max_visible", .uint32(2))]),
            BusCall("Select", .string(tabs[1])),
            Self.get("Revision"), Self.set("MaxVisible", .uint32(3), onView: 1), Self.get("Revision"),
            BusCall("Select", .string(tabs[2])), BusCall("SetBadge", .string(tabs[0]), .string("1")),
        ]
        let groups = groupedByCall(try recordEvents(address: address, calls))
        #expect(Self.value(groups[5]) as? Int == Self.value(groups[3]) as? Int, "a view's setting raises no Revision")
        let changed = Self.propertiesChanged(groups[6])
        #expect(changed.filter { $0.hasPrefix(Names.view(1)) }.count == 1, "\(changed)")
        #expect(!changed.contains { $0.hasPrefix(Names.view(2)) }, "\(changed)")
        let viewIndex = changed.firstIndex { $0.hasPrefix(Names.view(1)) }
        let controllerIndex = changed.firstIndex { $0 == "\(Names.controller) \(Names.service)" }
        #expect(viewIndex != nil && controllerIndex != nil && viewIndex! < controllerIndex!, "\(changed)")
        #expect(
            !Self.propertiesChanged(groups[7]).contains { $0.contains("/view/") },
            "a badge changes no view: \(groups[7])")
        #expect(daemon.stop() == 0)
    }
}

/// `view_opener.py` running until killed: its connection leaves the bus without closing.
final class ViewOpener {
    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()

    /// Starts `view_opener.py ADDRESS ARGUMENTS…`.
    init(_ address: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: systemPython)
        process.arguments = [scriptsDirectory.appendingPathComponent("view_opener.py").path, address] + arguments
        process.standardOutput = output
        process.standardInput = input
        try process.run()
    }

    /// The JSON of the first line it prints.
    func firstLine() throws -> Any {
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw TestFailure("view_opener.py ended: \(String(decoding: data, as: UTF8.self))")
            }
            data.append(chunk)
        }
        return try parseJSON(String(decoding: data, as: UTF8.self))
    }

    /// Kills it (SIGKILL) and reaps it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { kill() }
    }
}
