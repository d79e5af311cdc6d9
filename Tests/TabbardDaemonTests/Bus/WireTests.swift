import DBus
import TabModel
import TabbardBusContract
import TabbardPluginHost
import Testing

@testable import TabbardDaemon

/// The wire's side of the model: the D-Bus types the interfaces declare, and the errors only
/// the daemon raises.
@Suite("The model on the wire")
struct WireTests {
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

    @Test("a written value reads back as the model value of its kind (ERR-1)")
    func writtenValues() {
        #expect(PropertyValue(.variant(.uint32(5))) == .uint32(5))
        #expect(PropertyValue(.string("top")) == .string("top"))
        #expect(PropertyValue(.array("s", [.string("a"), .string("b")])) == .strings(["a", "b"]))
        #expect(PropertyValue(.double(1.5)) == nil)
    }

    @Test("the daemon's own error names complete the model's, one-to-one with the contract")
    func names() {
        let samples: [ServiceError] = [.barLocked("a"), .pluginFailed("a"), .stateNotSaved("a")]
        #expect(samples.map(\.name) == ServiceError.allNames)
        #expect(Set(TabError.allNames).isDisjoint(with: ServiceError.allNames))
        let wire = ServiceError.pluginFailed("Plugin 'clock' refused action 'x'.").dbusError
        #expect(
            wire.name == "org.tabbard.TabBar1.Error.PluginFailed"
                && wire.message == "Plugin 'clock' refused action 'x'.")
    }

    @Test("the model's property names, which the API keeps, are each a property of the contract's interface")
    func modelPropertyNames() {
        let controller = Set(ControllerPropertyName.allCases.map(\.rawValue))
        for property in ControllerProperty.allCases { #expect(controller.contains(property.rawValue), "\(property)") }
        // PAGE-4: ContentRevision is announced on the tab object's .Content interface.
        let tab = Set(TabPropertyName.allCases.map(\.rawValue) + ContentPropertyName.allCases.map(\.rawValue))
        for property in TabProperty.allCases { #expect(tab.contains(property.rawValue), "\(property)") }
        let bar = Set(BarPropertyName.allCases.map(\.rawValue))
        for property in BarProperty.allCases { #expect(bar.contains(property.rawValue), "\(property)") }
        // VIEW-2: a view's properties are exactly the presentation's, in the table's order.
        #expect(PresentationProperty.allCases.map(\.rawValue) == ViewPropertyName.allCases.map(\.rawValue))
    }

    @Test("the error names the daemon sends, the model's and its own, are exactly the contract's")
    func contractErrorNames() {
        #expect(Set(TabError.allNames + ServiceError.allNames) == Set(BusErrorName.allCases.map(\.rawValue)))
        #expect(TabError.noSuchTab("x").dbusError.name == BusErrorName.noSuchTab.busName)
        #expect(PluginFailure.pluginFailed("x").dbusError.name == BusErrorName.pluginFailed.busName)
    }

    @Test("the controller's bar is read-only: direct changes answer BarLocked (BAR-1)")
    func barLocked() throws {
        let error = ServiceError.barLocked("SetItems")
        #expect(error.name == "BarLocked")
        #expect(error.message.hasPrefix("Directly modifying a tab bar managed by a tab bar controller is not allowed"))
        #expect(error.message.contains("SetItems"))
    }

    @Test("a delegate's path is an object path: a malformed one is refused on the wire, naming it, before the model")
    func delegatePath() {
        #expect(DBus.ObjectPath.dbusSignature == "o")
        let path = "bad path" // A `String`, not a literal: literals trap instead of throwing.
        do {
            _ = try DBus.ObjectPath(path)
            Issue.record("expected an error naming bad path")
        } catch {
            #expect(error.message.contains("bad path"), "\(error)")
        }
    }
}
