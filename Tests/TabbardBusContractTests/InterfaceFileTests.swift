import TabbardBusContract
import TabbardTestSupport
import Testing

/// The contract module held against the interface files in `dbus/`, both ways: every interface,
/// method, signal and property the files name is in the module, and the module names nothing
/// the files do not. A change to the API fails here until the module follows, and with it the
/// daemon, tabctl and the tests that use its names.
@Suite("The bus contract against the interface files")
struct InterfaceFileTests {
    static let interfaces = [
        BusNames.controllerInterface, BusNames.tabInterface, BusNames.contentInterface, BusNames.barInterface,
        BusNames.itemInterface,
        BusNames.viewInterface,
    ]

    @Test("the interfaces are the files' own: the daemon's five, and the delegate's in its file")
    func interfaces() throws {
        #expect(try InterfaceFile(path: InterfaceFile.tabBar).interfaces == Self.interfaces)
        #expect(try InterfaceFile(path: InterfaceFile.delegate).interfaces == [BusNames.delegateInterface])
    }

    @Test(
        "each interface's properties are exactly its enum's cases",
        arguments: [
            (BusNames.controllerInterface, names(ControllerPropertyName.self)),
            (BusNames.tabInterface, names(TabPropertyName.self)),
            (BusNames.contentInterface, names(ContentPropertyName.self)),
            (BusNames.barInterface, names(BarPropertyName.self)),
            (BusNames.itemInterface, names(ItemPropertyName.self)),
            (BusNames.viewInterface, names(ViewPropertyName.self)),
        ])
    func properties(interface: String, names: [String]) throws {
        let file = try InterfaceFile(path: InterfaceFile.tabBar)
        #expect(Set(file.properties[interface]?.keys ?? [:].keys) == Set(names))
        #expect(Set(names).count == names.count, "no name twice")
    }

    @Test(
        "each interface's methods are exactly its enum's cases",
        arguments: [
            (InterfaceFile.tabBar, BusNames.controllerInterface, names(ControllerMethodName.self)),
            (InterfaceFile.tabBar, BusNames.tabInterface, []),
            (InterfaceFile.tabBar, BusNames.contentInterface, []),
            (InterfaceFile.tabBar, BusNames.barInterface, names(BarMethodName.self)),
            (InterfaceFile.tabBar, BusNames.itemInterface, names(ItemMethodName.self)),
            (InterfaceFile.tabBar, BusNames.viewInterface, names(ViewMethodName.self)),
            (InterfaceFile.delegate, BusNames.delegateInterface, names(DelegateMethodName.self)),
        ])
    func methods(file path: String, interface: String, names: [String]) throws {
        let file = try InterfaceFile(path: path)
        #expect(file.methods[interface, default: []] == Set(names))
        #expect(Set(names).count == names.count, "no name twice")
    }

    @Test(
        "each interface's signals are exactly its enum's cases",
        arguments: [
            (InterfaceFile.tabBar, BusNames.controllerInterface, names(ControllerSignalName.self)),
            (InterfaceFile.tabBar, BusNames.tabInterface, []),
            (InterfaceFile.tabBar, BusNames.contentInterface, names(ContentSignalName.self)),
            (InterfaceFile.tabBar, BusNames.barInterface, names(BarSignalName.self)),
            (InterfaceFile.tabBar, BusNames.itemInterface, []),
            (InterfaceFile.tabBar, BusNames.viewInterface, []),
            (InterfaceFile.delegate, BusNames.delegateInterface, []),
        ])
    func signals(file path: String, interface: String, names: [String]) throws {
        let file = try InterfaceFile(path: path)
        #expect(file.signals[interface, default: []] == Set(names))
    }

    static func names<Name: RawRepresentable & CaseIterable>(_: Name.Type) -> [String] where Name.RawValue == String {
        Name.allCases.map(\.rawValue)
    }
}
