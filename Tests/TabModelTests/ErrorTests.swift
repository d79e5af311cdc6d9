import Testing

@testable import TabModel

@Suite("Errors and the controller's own bar")
struct ErrorTests {
    @Test(
        "a value out of range is InvalidArgument (ERR-1)",
        arguments: [
            (ControllerProperty.maxVisible, PropertyValue.uint32(1)),
            (.maxVisible, .uint32(65)),
            (.layout, .string("left")),
            (.barTintColor, .string("blue")),
            (.delegateTimeoutMs, .uint32(9)),
            (.delegateTimeoutMs, .uint32(20_001)),
            (.delegateTimeoutPolicy, .string("maybe")),
        ])
    func outOfRange(property: ControllerProperty, value: PropertyValue) throws {
        var controller = try Fixture.media(showing: 7)
        let before = controller
        expectError("InvalidArgument") { try controller.set(property, to: value) }
        #expect(controller == before)
    }

    @Test("the wrong type or a read-only property is refused without a change (ERR-1)")
    func wrongType() throws {
        var controller = try Fixture.media(showing: 7)
        expectError("InvalidArgument", mentioning: "MaxVisible") { try controller.set(.maxVisible, to: .string("5")) }
        expectError("InvalidArgument", mentioning: "read-only") { try controller.set(.tabs, to: .strings([])) }
        #expect(ControllerProperty.allCases.filter(\.isWritable).count == 13)
        _ = try controller.set(.delegateTimeoutMs, to: .uint32(10))
        #expect(controller.delegateTimeoutMs == 10)
    }

    @Test("every error message names the offending value and no error changes any state (ERR-2)")
    func errorsChangeNothing() throws {
        var controller = try Fixture.media(showing: 7)
        _ = try controller.beginCustomizing(owner: ":1.1")
        let before = controller
        let attempts: [(String, (inout TabController) throws(TabError) -> Void)] = [
            ("ghost", { c throws(TabError) in _ = try c.select("ghost") }),
            ("12", { c throws(TabError) in _ = try c.selectIndex(12) }),
            ("ghost", { c throws(TabError) in _ = try c.setBadge("ghost", to: .dot) }),
            ("#zz", { c throws(TabError) in _ = try c.setBadgeColor("songs", to: "#zz") }),
            (":1.9", { c throws(TabError) in _ = try c.moveTab("songs", to: 0, owner: ":1.9") }),
            ("99", { c throws(TabError) in _ = try c.moveTab("songs", to: 99, owner: ":1.1") }),
            ("sideways", { c throws(TabError) in _ = try c.setOrientation("sideways") }),
            (":1.3", { c throws(TabError) in _ = try c.unregisterDelegate(owner: ":1.3", path: "/d") }),
        ]
        for (fragment, attempt) in attempts {
            do {
                try attempt(&controller)
                Issue.record("expected an error naming \(fragment)")
            } catch {
                #expect(error.message.contains(fragment), "\(error)")
            }
            #expect(controller == before)
        }
    }

    @Test("error names map one-to-one onto the names of semantics.md")
    func names() {
        let samples: [TabError] = [
            .noSuchTab("a"), .invalidArgument("a"), .indexOutOfRange(1, count: 0), .noMore("a"), .notReachable("a"),
            .disabled("a"), .notCustomizable("a"), .notCustomizing("a"), .invalidOrder("a"), .busy("a"),
            .delegateExists("a"), .notDelegate("a"), .notSupported("a"), .noSuchBar("a"), .noSuchItem("a", bar: "b"),
        ]
        #expect(samples.map(\.name) == TabError.allNames)
        #expect(TabError.noSuchTab("x").description == "NoSuchTab: No such tab: 'x'.")
    }

    @Test("the controller's bar shows the bar items and the highlighted one (BAR-1)")
    func barItems() throws {
        let controller = try Fixture.media(showing: 6)
        #expect(controller.value(of: BarProperty.items) == .strings(Array(Fixture.media.prefix(4)) + ["@more"]))
        #expect(controller.value(of: BarProperty.selectedItem) == .string("playlists"))
    }

    @Test("a long offending value is named by its first 64 bytes and its length (ERR-2)")
    func longValuesAreCut() throws {
        var controller = try Fixture.media(showing: 7)
        let long = String(repeating: "b", count: 100)
        expectError("InvalidArgument", mentioning: "'\(String(repeating: "b", count: 64))…' (100 bytes)") {
            try controller.setBadge("songs", to: .text(long))
        }
        // The cut never splits a character: 64 bytes of "é" are 32 of them.
        let accented = String(repeating: "é", count: 50)
        #expect(OffendingValue.quoted(accented) == "'\(String(repeating: "é", count: 32))…' (100 bytes)")
        #expect(
            OffendingValue.quoted(String(repeating: "a", count: 63) + "é")
                == "'\(String(repeating: "a", count: 63))…' (65 bytes)")
        #expect(OffendingValue.quoted(String(repeating: "a", count: 64)) == "'\(String(repeating: "a", count: 64))'")
        // Whatever a caller sends, the message stays short.
        let huge = String(repeating: "x", count: 1 << 20)
        let attempts: [(inout TabController, String) throws -> Void] = [
            { c, value in _ = try c.select(value) },
            { c, value in _ = try c.navigate("songs", to: value) },
            { c, value in _ = try c.set(.barTintColor, to: .string(value)) },
            { c, value in _ = try c.set(.backgroundImage, to: .string("/" + value + "\n")) },
            { c, value in _ = try c.setLocale(value) },
            { c, value in _ = try c.setOrientation(value) },
            { c, value in _ = try c.checkAction("songs", value) },
            { c, value in _ = try c.createBar(value) },
            { c, value in _ = try c.set(.maxVisible, to: .string(value)) },
        ]
        for attempt in attempts {
            do {
                try attempt(&controller, huge)
                Issue.record("expected an error")
            } catch let error as TabError {
                #expect(error.message.utf8.count < 400, "\(error.message.prefix(100))")
                #expect(
                    error.message.contains("(\(huge.utf8.count) bytes)")
                        || error.message.contains("(\(huge.utf8.count + 2) bytes)"))
            } catch {
                Issue.record("expected a TabError, got \(error)")
            }
        }
    }
}
