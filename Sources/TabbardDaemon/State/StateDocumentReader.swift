internal import JSON
import TabModel

/// Reads a state file's JSON tree into a `ControllerSnapshot` field by field, the reading
/// `StateDocumentWriter` is the writing of: the format architecture.md fixes (the one
/// Foundation's `JSONEncoder` wrote from the snapshot's `Codable` conformances), without the
/// generic `Codable` machinery, whose first use at start costs the Swift runtime more than the
/// reading itself (docs/performance.md).
///
/// What it accepts is what the `Codable` reading accepted: members in any order and unknown
/// members ignored; an optional member absent or `null`; `bars` absent in a state from before
/// standalone bars; integers only where the snapshot has integers, and only when they fit. What
/// it refuses is a `StateFormatError` naming the member: `missing PATH`, or `bad value at PATH:
/// …` (`configuration.appearance.barStyle`, `tabs.3`).
struct StateDocumentReader {
    /// The members of the object being read.
    private let members: [String: JSONValue]
    /// Where the object is in the document, for errors; empty at the top.
    private let path: String

    /// The snapshot in `document`.
    static func snapshot(in document: JSONValue) throws(StateFormatError) -> ControllerSnapshot {
        try StateDocumentReader(document, at: "").snapshot()
    }

    /// A reader of `value`, which must be an object, found at `path`.
    private init(_ value: JSONValue, at path: String) throws(StateFormatError) {
        guard case .object(let members) = value else {
            throw Self.mismatch(at: path, expected: "an object", found: value)
        }
        self.members = members
        self.path = path
    }

    // MARK: - The snapshot's types, in the order their Codable conformances read them

    private func snapshot() throws(StateFormatError) -> ControllerSnapshot {
        ControllerSnapshot(
            formatVersion: try integer("formatVersion", as: Int.self),
            configuration: try object("configuration").configuration(),
            catalog: try array("catalog") { value, path throws(StateFormatError) in try Self.reference(value, at: path)
            },
            tabs: try array("tabs") { value, path throws(StateFormatError) in try Self.reference(value, at: path) },
            customizable: try array("customizable") { value, path throws(StateFormatError) in
                try Self.reference(value, at: path)
            },
            selectedTab: try optional("selectedTab") { value, path throws(StateFormatError) in
                try Self.reference(value, at: path)
            },
            showsMoreList: try bool("showsMoreList"),
            tabStates: try dictionary("tabStates") { value, path throws(StateFormatError) in
                try StateDocumentReader(value, at: path).tabState()
            },
            appearance: try object("appearance").appearance(),
            maxVisible: try integer("maxVisible", as: Int.self),
            layout: try word("layout", as: TabLayout.self),
            orientation: try word("orientation", as: Orientation.self),
            locale: try string("locale"),
            // A state from before standalone bars has none.
            bars: try optional("bars") { value, path throws(StateFormatError) in
                try Self.elements(of: value, at: path) { value, path throws(StateFormatError) in
                    try StateDocumentReader(value, at: path).bar()
                }
            } ?? [])
    }

    private func configuration() throws(StateFormatError) -> ControllerConfiguration {
        ControllerConfiguration(
            tabs: try optional("tabs") { value, path throws(StateFormatError) in try Self.strings(value, at: path) },
            selected: try optional("selected") { value, path throws(StateFormatError) in
                try Self.string(value, at: path)
            },
            customizable: try optional("customizable") { value, path throws(StateFormatError) in
                try Self.strings(value, at: path)
            },
            maxVisible: try integer("maxVisible", as: Int.self),
            layout: try word("layout", as: TabLayout.self),
            locale: try string("locale"),
            appearance: try object("appearance").appearance(),
            delegateTimeoutMs: try integer("delegateTimeoutMs", as: UInt32.self),
            delegateTimeoutPolicy: try word("delegateTimeoutPolicy", as: DelegateTimeoutPolicy.self))
    }

    private func appearance() throws(StateFormatError) -> Appearance {
        var appearance = Appearance()
        appearance.barStyle = try word("barStyle", as: BarStyle.self)
        appearance.barTintColor = try string("barTintColor")
        appearance.tintColor = try string("tintColor")
        appearance.unselectedItemTintColor = try string("unselectedItemTintColor")
        appearance.translucent = try bool("translucent")
        appearance.backgroundImage = try string("backgroundImage")
        appearance.shadowImage = try string("shadowImage")
        appearance.selectionIndicatorImage = try string("selectionIndicatorImage")
        appearance.dividerImages = try dictionary("dividerImages") { value, path throws(StateFormatError) in
            try Self.string(value, at: path)
        }
        return appearance
    }

    private func tabState() throws(StateFormatError) -> SavedTabState {
        SavedTabState(
            badge: try optional("badge") { value, path throws(StateFormatError) in try Self.badge(value, at: path) },
            badgeColor: try string("badgeColor"),
            stack: try strings("stack"))
    }

    private func bar() throws(StateFormatError) -> SavedBar {
        SavedBar(
            name: try string("name"),
            definedItems: try array("definedItems") { value, path throws(StateFormatError) in
                try StateDocumentReader(value, at: path).item()
            },
            items: try strings("items"),
            selectedItem: try optional("selectedItem") { value, path throws(StateFormatError) in
                try Self.string(value, at: path)
            },
            appearance: try object("appearance").appearance())
    }

    private func item() throws(StateFormatError) -> BarItem {
        BarItem(
            restoring: try string("id"),
            title: try string("title"),
            image: try string("image"),
            selectedImage: try string("selectedImage"),
            imageRenderingMode: try word("imageRenderingMode", as: ImageRenderingMode.self),
            // ICON-2: absent from a state written before items had icon names.
            iconName: try optional("iconName") { value, path throws(StateFormatError) in
                try Self.string(value, at: path)
            } ?? "",
            selectedIconName: try optional("selectedIconName") { value, path throws(StateFormatError) in
                try Self.string(value, at: path)
            } ?? "",
            tag: try integer("tag", as: Int32.self),
            systemItem: try optional("systemItem") { value, path throws(StateFormatError) in
                try Self.word(value, at: path, as: SystemItem.self)
            },
            badge: try optional("badge") { value, path throws(StateFormatError) in try Self.badge(value, at: path) },
            badgeColor: try string("badgeColor"),
            enabled: try bool("enabled"))
    }

    /// A tab named by its bare restoration id, or `{"id": …}` for a tab without one (STATE-1).
    private static func reference(_ value: JSONValue, at path: String) throws(StateFormatError) -> TabReference {
        switch value {
        case .string(let restorationId): return TabReference(restorationId: restorationId)
        case .object: return TabReference(id: try StateDocumentReader(value, at: path).string("id"))
        default: throw mismatch(at: path, expected: "a string or an object", found: value)
        }
    }

    /// A badge as its value string: empty for a dot (ITEM-4).
    private static func badge(_ value: JSONValue, at path: String) throws(StateFormatError) -> Badge {
        let text = try string(value, at: path)
        return text.isEmpty ? .dot : .text(text)
    }

    // MARK: - Members

    /// The member `name`, which must be there and not `null`.
    private func member(_ name: String) throws(StateFormatError) -> (value: JSONValue, path: String) {
        let path = memberPath(name)
        guard let value = members[name] else { throw StateFormatError(reason: "missing \(path)") }
        guard value != .null else { throw StateFormatError(reason: "bad value at \(path): found null") }
        return (value, path)
    }

    private func memberPath(_ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }

    /// The member `name` read by `read`; nil when it is absent or `null`.
    private func optional<T>(
        _ name: String, _ read: (JSONValue, String) throws(StateFormatError) -> T
    ) throws(StateFormatError) -> T? {
        guard let value = members[name], value != .null else { return nil }
        return try read(value, memberPath(name))
    }

    private func object(_ name: String) throws(StateFormatError) -> StateDocumentReader {
        let (value, path) = try member(name)
        return try StateDocumentReader(value, at: path)
    }

    private func string(_ name: String) throws(StateFormatError) -> String {
        let (value, path) = try member(name)
        return try Self.string(value, at: path)
    }

    private func strings(_ name: String) throws(StateFormatError) -> [String] {
        let (value, path) = try member(name)
        return try Self.strings(value, at: path)
    }

    private func bool(_ name: String) throws(StateFormatError) -> Bool {
        let (value, path) = try member(name)
        guard case .bool(let flag) = value else { throw Self.mismatch(at: path, expected: "a boolean", found: value) }
        return flag
    }

    /// An integer member that must fit in `type`.
    private func integer<T: FixedWidthInteger>(_ name: String, as type: T.Type) throws(StateFormatError) -> T {
        let (value, path) = try member(name)
        guard case .integer(let number) = value else {
            throw Self.mismatch(at: path, expected: "an integer", found: value)
        }
        guard let exact = T(exactly: number) else {
            throw StateFormatError(reason: "bad value at \(path): \(number) does not fit in \(type)")
        }
        return exact
    }

    /// A member that is one of the words of an enumeration (`bottom`, `portrait`).
    private func word<T: RawRepresentable>(_ name: String, as type: T.Type) throws(StateFormatError) -> T
    where T.RawValue == String {
        let (value, path) = try member(name)
        return try Self.word(value, at: path, as: type)
    }

    private func array<T>(
        _ name: String, _ read: (JSONValue, String) throws(StateFormatError) -> T
    ) throws(StateFormatError) -> [T] {
        let (value, path) = try member(name)
        return try Self.elements(of: value, at: path, read)
    }

    /// An object member whose names are keys (restoration ids, divider keys), each value read by `read`.
    private func dictionary<T>(
        _ name: String, _ read: (JSONValue, String) throws(StateFormatError) -> T
    ) throws(StateFormatError) -> [String: T] {
        let (value, path) = try member(name)
        guard case .object(let entries) = value else {
            throw Self.mismatch(at: path, expected: "an object", found: value)
        }
        var result: [String: T] = [:]
        result.reserveCapacity(entries.count)
        for (key, entry) in entries {
            let entryPath = path + "." + key
            guard entry != .null else { throw StateFormatError(reason: "bad value at \(entryPath): found null") }
            result[key] = try read(entry, entryPath)
        }
        return result
    }

    // MARK: - Values

    private static func string(_ value: JSONValue, at path: String) throws(StateFormatError) -> String {
        guard case .string(let text) = value else { throw mismatch(at: path, expected: "a string", found: value) }
        return text
    }

    private static func strings(_ value: JSONValue, at path: String) throws(StateFormatError) -> [String] {
        try elements(of: value, at: path) { value, path throws(StateFormatError) in try string(value, at: path) }
    }

    private static func word<T: RawRepresentable>(
        _ value: JSONValue, at path: String, as type: T.Type
    ) throws(StateFormatError) -> T where T.RawValue == String {
        let text = try string(value, at: path)
        guard let word = T(rawValue: text) else {
            throw StateFormatError(reason: "bad value at \(path): \"\(text)\" is not a \(type)")
        }
        return word
    }

    /// The elements of an array, each read by `read` with its index in the path (`tabs.3`).
    private static func elements<T>(
        of value: JSONValue, at path: String, _ read: (JSONValue, String) throws(StateFormatError) -> T
    ) throws(StateFormatError) -> [T] {
        guard case .array(let elements) = value else { throw mismatch(at: path, expected: "an array", found: value) }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = path + "." + String(index)
            guard element != .null else { throw StateFormatError(reason: "bad value at \(elementPath): found null") }
            result.append(try read(element, elementPath))
        }
        return result
    }

    private static func mismatch(at path: String, expected: String, found value: JSONValue) -> StateFormatError {
        StateFormatError(
            reason: "bad value at \(path.isEmpty ? "the top" : path): expected \(expected), found \(value.kind)")
    }
}
