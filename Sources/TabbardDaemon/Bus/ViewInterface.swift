import DBus
import TabModel
import TabbardBusContract

/// `org.tabbard.TabBar1.View`: one open view (VIEW-1..5). Every member is open to every caller
/// (VIEW-4: the bus policy lets all reach it); the daemon lets only the opener change the
/// view, close it or tap `@more` on it. Its properties are what the view presents as last
/// announced (`OpenView.presented`), so a read computes nothing.
enum ViewInterface {
    /// The table of view `number` of `service`.
    static func table(_ number: UInt64, _ service: TabBarService) -> Interface {
        let docs = InterfaceDocs.view
        let properties = PresentationProperty.allCases.map { property in
            Interface.Property(
                property.rawValue, signature: property.signature, doc: docs[property.rawValue],
                getter: { [unowned service] (writer: inout MessageWriter) throws(DBusError) in
                    guard let value = service.views.value(of: property, inView: number) else {
                        throw .unknownObject("view \(number) is closed")
                    }
                    try writer.append(property: value)
                },
                setter: property.isSetting
                    ? { [unowned service] reader, call in
                        let value = try reader.readProperty(property.rawValue, signature: property.signature)
                        try service.setView(number, property, to: value, by: call.sender)
                    } : nil,
                unprivilegedSetter: property.isSetting)
        }
        let methods = [
            Interface.Method(
                "Tap", inputs: [Argument("item", "s")], outputs: [Argument("selected", "b")], doc: docs["Tap"],
                unprivileged: true
            ) { [unowned service] call in
                try service.tapView(number, try call.decode(String.self), call: call)
            },
            Interface.Method("Close", doc: docs["Close"], unprivileged: true) { [unowned service] call in
                try service.closeView(number, by: call.sender)
                return try call.reply()
            },
        ]
        return Interface(BusNames.viewInterface, doc: docs[""], methods: methods, signals: [], properties: properties)
    }
}

extension PresentationProperty {
    /// The D-Bus type signature in `org.tabbard.TabBar1.View`.
    var signature: String {
        switch self {
        case .items, .visibleTabs, .moreTabs, .hiddenTabs: "as"
        case .showsMore, .showingMore: "b"
        case .titles, .accessibilityLabels: "a{ss}"
        case .maxVisible: "u"
        default: "s"
        }
    }

    /// Where the property sits in the view's table: in declaration order.
    var tablePosition: Int { Self.allCases.firstIndex(of: self)! }
}
