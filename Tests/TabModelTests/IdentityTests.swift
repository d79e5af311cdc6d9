import Testing

@testable import TabModel

@Suite("Tab ids")
struct IdentityTests {
    @Test(
        "ids are 1 to 64 of [A-Za-z0-9._-] starting with a letter or digit (ID-1)",
        arguments: [
            ("a", true), ("world-clock", true), ("A.b_c-9", true), (String(repeating: "x", count: 64), true),
            ("", false), ("-lead", false), (".dot", false), ("_u", false), ("sp ace", false), ("é", false),
            (String(repeating: "x", count: 65), false), ("@more", false), ("a/b", false),
        ])
    func idSyntax(id: String, valid: Bool) {
        #expect(TabIdentifier.isValid(id) == valid)
    }

    @Test("a malformed id is InvalidArgument before it touches the model (ID-1)")
    func malformedIdRejected() throws {
        var controller = try Fixture.controller(["a", "b"])
        let before = controller
        expectError("InvalidArgument", mentioning: "bad id") { try controller.select("bad id") }
        #expect(controller == before)
    }

    @Test("a catalog with a malformed id is refused (ID-1)")
    func catalogIdChecked() {
        #expect(throws: TabError.self) { try TabController(catalog: Fixture.definitions(["ok", "not ok"])) }
    }

    @Test("@more names the More item and can never be a tab id (ID-2)")
    func moreIsPseudoId() throws {
        #expect(!TabIdentifier.isValid(TabIdentifier.more))
        var controller = try Fixture.media(showing: 6)
        #expect(controller.barItems.last == "@more")
        _ = try controller.selectMore()
        #expect(controller.selectedItem == "@more")
        #expect(throws: TabError.self) { try TabController(catalog: Fixture.definitions(["@more"])) }
    }
}
