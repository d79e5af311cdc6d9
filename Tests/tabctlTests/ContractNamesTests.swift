import TabbardBusContract
import TabbardTestSupport
import Testing

@testable import tabctl

/// What tabctl sets through the D-Bus contract, held against the interface file
/// `dbus/org.tabbard.TabBar1.xml`: the names themselves are the contract module's, which
/// TabbardBusContractTests holds against the file.
@Suite("tabctl's names against the interface file")
struct ContractNamesTests {
    @Test("every appearance key sets a writable controller property")
    func appearanceKeys() throws {
        let contract = try InterfaceFile(path: InterfaceFile.tabBar)
        let declared = try #require(contract.properties[BusNames.controllerInterface])
        for (key, property) in AppearanceSetting.keys {
            #expect(declared[property.rawValue] == "readwrite", "\(key) → \(property.rawValue)")
        }
    }

    @Test(
        "the appearance keys are writable on a bar too (SBAR-6), and what tabctl sets on an item is writable (SBAR-2)")
    func barAndItemSettings() throws {
        let contract = try InterfaceFile(path: InterfaceFile.tabBar)
        let bar = try #require(contract.properties[BusNames.barInterface])
        for (key, property) in AppearanceSetting.keys {
            #expect(bar[property.rawValue] == "readwrite", "\(key) → \(property.rawValue)")
        }
        let item = try #require(contract.properties[BusNames.itemInterface])
        for property in [ItemPropertyName.badgeColor, .enabled] {
            #expect(item[property.rawValue] == "readwrite", "\(property.rawValue)")
        }
    }
}
