import Testing
@testable import TabModel

@Suite("Property types")
struct PropertyTypesTests {
    @Test("every property's declared type is the type of its value")
    func signaturesMatchValues() throws {
        let catalog = ["alarm", "timer"].map { TabDefinition(id: $0, plugin: "clock", title: $0) }
        let controller = try TabController(catalog: catalog)
        for property in ControllerProperty.allCases {
            #expect(controller.value(of: property).signature == property.signature, "\(property)")
        }
        for property in TabProperty.allCases {
            #expect(controller.value(of: property, tab: "alarm")?.signature == property.signature, "\(property)")
        }
        for property in BarProperty.allCases {
            #expect(controller.value(of: property).signature == property.signature, "\(property)")
        }
    }
}
