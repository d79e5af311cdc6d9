import DBus
import TabModel
import TabbardBusContract

/// `org.tabbard.TabBar1.Content` (PAGE-4): each tab object's content, apart from its bar item so
/// that a client drawing only the bar is never woken by it: `ContentRevision`, and
/// `PageChanged` with the page as `GetPage` returns it while the tab is selected.
enum ContentInterface {
    /// The table of tab `id` of `service`.
    static func table(_ id: String, _ service: TabBarService) -> Interface {
        Interface(BusNames.contentInterface, doc: InterfaceDocs.content[""], signals: signals, properties: properties) {
            [unowned service] _, writer throws(DBusError) in
            guard let value = service.model.read({ $0.value(of: .contentRevision, tab: id) }) else {
                throw TabError.noSuchTab(id).dbusError
            }
            try writer.append(property: value)
        }
    }

    // Never changed after it is made: every tab's table shares it.
    nonisolated(unsafe) private static let properties: [Interface.Property] = [
        Interface.Property(
            ContentPropertyName.contentRevision.rawValue, signature: "t", emitsChanged: .true,
            doc: InterfaceDocs.content[ContentPropertyName.contentRevision.rawValue],
            getter: { (_: inout MessageWriter) throws(DBusError) in
                throw .failed("ContentRevision is read through its tab's reader")
            })
    ]

    private static let signals = [
        Interface.Signal(
            ContentSignalName.pageChanged.rawValue, arguments: [Argument("page", "a{sv}")],
            doc: InterfaceDocs.content[ContentSignalName.pageChanged.rawValue])
    ]
}
