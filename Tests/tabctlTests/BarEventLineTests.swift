import DBus
import Foundation
import TabbardBusContract
import Testing

@testable import tabctl

private func signal(_ path: String, _ interface: String, _ member: String) throws -> Message {
    try Message.signal(path: path, interface: interface, name: member)
}

private let modes = "/org/tabbard/TabBar1/bars/modes"

/// What `tabctl follow` prints for the signals of standalone bars and their items.
@Suite("tabctl follow lines for standalone bars")
struct BarEventLineTests {
    let text = EventLine(json: false)
    let json = EventLine(json: true)

    @Test("ItemsSet and DidSelectItem name the bar, then their arguments (SBAR-3, SBAR-4)")
    func barSignals() throws {
        let itemsSet = try signal(modes, BusNames.barInterface, "ItemsSet")
        try itemsSet.append(["map", "transit"], true)
        #expect(text.signal(itemsSet) == "ItemsSet modes [map,transit] animated=true")
        let setLine = try #require(json.signal(itemsSet))
        let setObject = try #require(try JSONSerialization.jsonObject(with: Data(setLine.utf8)) as? [String: Any])
        #expect(setObject["event"] as? String == "ItemsSet")
        #expect(setObject["bar"] as? String == "modes")
        #expect(setObject["items"] as? [String] == ["map", "transit"])
        #expect(setObject["animated"] as? Bool == true)
        let selected = try signal(modes, BusNames.barInterface, "DidSelectItem")
        try selected.append("transit")
        #expect(text.signal(selected) == "DidSelectItem modes transit")
        #expect(json.signal(selected) == #"{"event":"DidSelectItem","bar":"modes","item":"transit"}"#)
    }

    @Test("the four customizing signals, with changed on the end ones (SBAR-5)")
    func customizing() throws {
        for member in ["WillBeginCustomizingItems", "DidBeginCustomizingItems"] {
            let begin = try signal(modes, BusNames.barInterface, member)
            try begin.append(["map", "satellite"])
            #expect(text.signal(begin) == "\(member) modes [map,satellite]")
            #expect(json.signal(begin) == #"{"event":"\#(member)","bar":"modes","items":["map","satellite"]}"#)
        }
        for member in ["WillEndCustomizingItems", "DidEndCustomizingItems"] {
            let end = try signal(modes, BusNames.barInterface, member)
            try end.append(["satellite", "map"], true)
            #expect(text.signal(end) == "\(member) modes [satellite,map] changed=true")
            #expect(
                json.signal(end) == #"{"event":"\#(member)","bar":"modes","items":["satellite","map"],"changed":true}"#)
        }
    }

    @Test("property changes name the bar, or the bar and the item")
    func propertyChanges() throws {
        let bar = try signal(modes, BusNames.propertiesInterface, "PropertiesChanged")
        try bar.append(BusNames.barInterface, ["SelectedItem": Variant(.string("map"))], [String]())
        #expect(text.signal(bar) == "PropertiesChanged bar modes SelectedItem=map")
        #expect(
            json.signal(bar)
                == #"{"event":"PropertiesChanged","object":"bar","bar":"modes","changed":{"SelectedItem":"map"},"invalidated":[]}"#
        )
        let item = try signal(modes + "/item/transit", BusNames.propertiesInterface, "PropertiesChanged")
        try item.append(BusNames.itemInterface, ["BadgeValue": Variant(.string("2"))], [String]())
        #expect(text.signal(item) == "PropertiesChanged item modes transit BadgeValue=2")
        #expect(
            json.signal(item)
                == #"{"event":"PropertiesChanged","object":"item","bar":"modes","item":"transit","changed":{"BadgeValue":"2"},"invalidated":[]}"#
        )
        let controllersBar = try signal(BusNames.bar.rawValue, BusNames.propertiesInterface, "PropertiesChanged")
        try controllersBar.append(BusNames.barInterface, ["SelectedItem": Variant(.string("alarm"))], [String]())
        #expect(text.signal(controllersBar) == "PropertiesChanged bar SelectedItem=alarm")
    }

    @Test("bars and items coming and going (SBAR-1, SBAR-2)")
    func interfaces() throws {
        let added = try signal(BusNames.controller.rawValue, BusNames.objectManagerInterface, "InterfacesAdded")
        try added.append(try ObjectPath(modes), [BusNames.barInterface: [String: Variant]()])
        #expect(text.signal(added) == "InterfacesAdded bar modes")
        #expect(json.signal(added) == #"{"event":"InterfacesAdded","bar":"modes"}"#)
        let removed = try signal(BusNames.controller.rawValue, BusNames.objectManagerInterface, "InterfacesRemoved")
        try removed.append(try ObjectPath(modes + "/item/top_2erated"), [BusNames.itemInterface])
        #expect(text.signal(removed) == "InterfacesRemoved item modes top.rated")
        #expect(json.signal(removed) == #"{"event":"InterfacesRemoved","bar":"modes","item":"top.rated"}"#)
        let tab = try signal(BusNames.controller.rawValue, BusNames.objectManagerInterface, "InterfacesAdded")
        try tab.append(ObjectPath("/org/tabbard/TabBar1/tab/notes"), [BusNames.tabInterface: [String: Variant]()])
        #expect(text.signal(tab) == "InterfacesAdded tab notes")
    }

    @Test("the state line lists the bars")
    func state() {
        let line = text.state(
            PropertyValues(values: ["SelectedItem": .string("alarm"), "Bars": .array("s", [.string("modes")])]))
        #expect(line == "state SelectedItem=alarm Bars=[modes]")
    }
}
