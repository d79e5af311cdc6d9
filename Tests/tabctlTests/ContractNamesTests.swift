import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import tabctl

/// The names of the D-Bus contract that tabctl writes by hand, held against the interface
/// file `dbus/org.tabbard.TabBar1.xml`, as the daemon's introspection is (IntrospectionTests):
/// when the contract changes, this fails until tabctl follows.
@Suite("tabctl's names against the interface file")
struct ContractNamesTests {
    /// The members of each interface of the interface file, with each property's access.
    final class InterfaceFile: NSObject, XMLParserDelegate {
        var methods: [String: Set<String>] = [:]
        var properties: [String: [String: String]] = [:]
        private var interface = ""

        init(path: String) throws {
            super.init()
            let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
            parser.delegate = self
            #expect(parser.parse(), "\(path) parses")
        }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let name = attributes["name"] ?? ""
            switch element {
            case "interface": interface = name
            case "method": methods[interface, default: []].insert(name)
            case "property": properties[interface, default: [:]][name] = attributes["access"] ?? ""
            default: break
            }
        }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("dbus/org.tabbard.TabBar1.xml").path

    @Test("tabctl knows exactly the controller's properties (get completes every one)")
    func controllerProperties() throws {
        let contract = try InterfaceFile(path: Self.file)
        let declared = Set(try #require(contract.properties[TabBarNames.controllerInterface]).keys)
        #expect(Set(ControllerProperty.allCases.map(\.rawValue)) == declared)
    }

    @Test("every tab property tabctl reads is a property of the tab interface")
    func tabProperties() throws {
        let contract = try InterfaceFile(path: Self.file)
        let declared = try #require(contract.properties[TabBarNames.tabInterface])
        for property in TabProperty.allCases { #expect(declared[property.rawValue] != nil, "\(property.rawValue)") }
    }

    @Test("every appearance key sets a writable controller property")
    func appearanceKeys() throws {
        let contract = try InterfaceFile(path: Self.file)
        let declared = try #require(contract.properties[TabBarNames.controllerInterface])
        for (key, property) in AppearanceSetting.keys {
            #expect(declared[property.rawValue] == "readwrite", "\(key) → \(property.rawValue)")
        }
    }

    @Test("every method tabctl calls is a method of the controller interface")
    func methods() throws {
        let contract = try InterfaceFile(path: Self.file)
        let declared = try #require(contract.methods[TabBarNames.controllerInterface])
        for method in ControllerMethod.allCases { #expect(declared.contains(method.rawValue), "\(method.rawValue)") }
    }

    @Test("every bar method and property tabctl uses is the bar interface's; the appearance keys are writable there (SBAR-6)")
    func barNames() throws {
        let contract = try InterfaceFile(path: Self.file)
        let methods = try #require(contract.methods[TabBarNames.barInterface])
        for method in BarMethod.allCases { #expect(methods.contains(method.rawValue), "\(method.rawValue)") }
        let properties = try #require(contract.properties[TabBarNames.barInterface])
        for property in BarProperty.allCases { #expect(properties[property.rawValue] != nil, "\(property.rawValue)") }
        for (key, property) in AppearanceSetting.keys {
            #expect(properties[property.rawValue] == "readwrite", "\(key) → \(property.rawValue)")
        }
    }

    @Test("every item method and property tabctl uses is the item interface's; what it sets is writable (SBAR-2)")
    func itemNames() throws {
        let contract = try InterfaceFile(path: Self.file)
        let methods = try #require(contract.methods[TabBarNames.itemInterface])
        for method in ItemMethod.allCases { #expect(methods.contains(method.rawValue), "\(method.rawValue)") }
        let properties = try #require(contract.properties[TabBarNames.itemInterface])
        for property in ItemProperty.allCases { #expect(properties[property.rawValue] != nil, "\(property.rawValue)") }
        for property in [ItemProperty.badgeColor, .enabled] { #expect(properties[property.rawValue] == "readwrite", "\(property.rawValue)") }
    }

    @Test("the interfaces tabctl names are the file's, and the delegate's is its own file's")
    func interfaces() throws {
        let contract = try InterfaceFile(path: Self.file)
        #expect(contract.properties[TabBarNames.controllerInterface] != nil)
        #expect(contract.properties[TabBarNames.tabInterface] != nil)
        #expect(contract.properties[TabBarNames.barInterface] != nil)
        #expect(contract.properties[TabBarNames.itemInterface] != nil)
        let delegate = try InterfaceFile(path: Self.file.replacingOccurrences(of: "TabBar1.xml", with: "TabBar1.Delegate.xml"))
        #expect(delegate.methods[TabBarNames.delegateInterface] == ["ShouldSelect", "Release"])
    }
}
