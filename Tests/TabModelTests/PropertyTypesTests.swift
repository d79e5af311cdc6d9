import Testing

@testable import TabModel

@Suite("Reading many properties at once")
struct PropertyBatchTests {
    @Test("values(of:tab:) answers what value(of:tab:) answers, property by property")
    func batchMatchesSingle() throws {
        let catalog = ["alarm", "timer", "notes"].map { TabDefinition(id: $0, plugin: "clock", title: $0) }
        var controller = try TabController(catalog: catalog)
        _ = try controller.setBadge("timer", to: .text("2"))
        _ = try controller.select("timer")
        for id in ["alarm", "timer", "notes"] {
            let batch = try #require(controller.values(of: TabProperty.allCases, tab: id))
            #expect(batch == TabProperty.allCases.map { controller.value(of: $0, tab: id)! })
        }
        #expect(controller.values(of: TabProperty.allCases, tab: "nosuch") == nil)
    }
}
