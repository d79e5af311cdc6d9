import Foundation
import TabModel
import TabbardTestSupport
import Testing

@testable import TabbardDaemon

/// The state file's hand-written reader against its hand-written writer and against Foundation's
/// coders, over generated snapshots that use every field, every optional both present and
/// absent, and text that needs escapes; and the refusals, each naming the member at fault.
@Suite("State file reader and writer (STATE-1..4, SBAR-1)")
struct StateDocumentTests {
    @Test("every generated snapshot reads back equal from what the writer wrote (STATE-1..3, SBAR-1)")
    func roundTrip() throws {
        var generator = SnapshotGenerator(seed: 0x5EED_0001)
        for _ in 0..<300 {
            let snapshot = generator.snapshot()
            let bytes = StateCodec.encode(snapshot)
            #expect(try StateCodec.decode(bytes) == snapshot)
            #expect(
                try StateCodec.read(bytes)
                    == (snapshot.formatVersion == ControllerSnapshot.currentFormatVersion
                        ? .snapshot(snapshot) : .formatVersion(snapshot.formatVersion)))
        }
    }

    @Test(
        "the writer's bytes are Foundation's sorted-keys bytes, slashes and named escapes aside, and each side reads the other's"
    )
    func sameFormatAsFoundation() throws {
        // Foundation orders member names without regard to case and digits as numbers; the
        // writer orders them byte by byte, as the state file always was. Names of lowercase
        // letters, dots and dashes come out in the same order either way.
        var generator = SnapshotGenerator(seed: 0x5EED_0002, plainKeys: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for _ in 0..<100 {
            let snapshot = generator.snapshot()
            let ours = StateCodec.encode(snapshot)
            let foundation = Array(try encoder.encode(snapshot))
            #expect(try JSONDecoder().decode(ControllerSnapshot.self, from: Data(ours)) == snapshot)
            #expect(try StateCodec.decode(foundation) == snapshot)
            // Foundation writes U+0008 and U+000C as `\b` and `\f`, the writer as `\u0008` and
            // `\u000c`: the same JSON string. Everything else is byte for byte the same.
            let named = String(decoding: foundation, as: UTF8.self)
                .replacingOccurrences(of: #"\b"#, with: #"\u0008"#).replacingOccurrences(of: #"\f"#, with: #"\u000c"#)
            #expect(String(decoding: ours, as: UTF8.self) == named)
        }
    }

    @Test("optional members may be absent or null, bars absent, unknown members are ignored (STATE-4, SBAR-1)")
    func lenientWhereTheFormatIs() throws {
        var generator = SnapshotGenerator(seed: 0x5EED_0003)
        var snapshot = generator.snapshot()
        snapshot.selectedTab = nil
        snapshot.bars = []
        var members = try object(StateCodec.encode(snapshot))
        members["bars"] = nil
        members["selectedTab"] = NSNull()
        members["comment"] = ["written by hand"]
        #expect(try StateCodec.decode(bytes(members)) == snapshot)
    }

    @Test("an item saved before items had icon names reads with empty ones (ICON-2, SBAR-1)")
    func itemsWithoutIconNames() throws {
        var generator = SnapshotGenerator(seed: 0x5EED_0039)
        var snapshot = generator.snapshot()
        while snapshot.bars.allSatisfy({ $0.definedItems.isEmpty }) { snapshot = generator.snapshot() }
        var members = try object(StateCodec.encode(snapshot))
        var bars = try #require(members["bars"] as? [[String: Any]])
        for index in bars.indices {
            bars[index]["definedItems"] = (bars[index]["definedItems"] as? [[String: Any]])?.map { item in
                var old = item
                old["iconName"] = nil
                old["selectedIconName"] = nil
                return old
            }
        }
        members["bars"] = bars
        let read = try StateCodec.decode(bytes(members))
        let items = read.bars.flatMap(\.definedItems)
        #expect(!items.isEmpty && items.allSatisfy { $0.iconName.isEmpty && $0.selectedIconName.isEmpty })
        #expect(items.map(\.id) == snapshot.bars.flatMap(\.definedItems).map(\.id))
    }

    @Test(
        "a member missing, null or of the wrong type is refused naming it; the format version alone decides the version (STATE-4)"
    )
    func refusalsNameTheMember() throws {
        var generator = SnapshotGenerator(seed: 0x5EED_0004)
        let snapshot = generator.snapshot()
        let valid = try object(StateCodec.encode(snapshot))
        func reason(_ change: (inout [String: Any]) -> Void) throws -> String? {
            var members = valid
            change(&members)
            let error = #expect(throws: StateFormatError.self) { try StateCodec.decode(bytes(members)) }
            return error?.reason
        }
        #expect(try reason { $0["locale"] = nil } == "missing locale")
        #expect(try reason { $0["locale"] = NSNull() } == "bad value at locale: found null")
        #expect(
            try reason { $0["showsMoreList"] = "yes" }
                == "bad value at showsMoreList: expected a boolean, found a string")
        #expect(try reason { $0["maxVisible"] = 5.5 } == "bad value at maxVisible: expected an integer, found a number")
        #expect(
            try reason { $0["tabs"] = [7] } == "bad value at tabs.0: expected a string or an object, found a number")
        #expect(try reason { $0["tabs"] = [["restorationId": "songs"]] } == "missing tabs.0.id")
        #expect(try reason { $0["layout"] = "sideways" } == #"bad value at layout: "sideways" is not a TabLayout"#)
        #expect(
            try reason { $0["tabStates"] = ["songs": ["badgeColor": "", "stack": [1]]] }
                == "bad value at tabStates.songs.stack.0: expected a string, found a number")
        #expect(
            try reason { members in
                var configuration = members["configuration"] as! [String: Any]
                var appearance = configuration["appearance"] as! [String: Any]
                appearance["tintColor"] = nil
                configuration["appearance"] = appearance
                members["configuration"] = configuration
            } == "missing configuration.appearance.tintColor")
        #expect(
            try reason { members in
                var configuration = members["configuration"] as! [String: Any]
                configuration["delegateTimeoutMs"] = -1
                members["configuration"] = configuration
            } == "bad value at configuration.delegateTimeoutMs: -1 does not fit in UInt32")
        #expect(try reason { $0["bars"] = [["name": "dock"]] } == "missing bars.0.definedItems")
        #expect(try StateCodec.decode(bytes(valid)) == snapshot) // Unchanged, it is no refusal.
        let top = #expect(throws: StateFormatError.self) { try StateCodec.decode(Array("[1, 2, 3]".utf8)) }
        #expect(top?.reason == "bad value at the top: expected an object, found an array")
        var future = valid
        future["formatVersion"] = 99
        future["configuration"] = "of another shape"
        #expect(try StateCodec.read(bytes(future)) == .formatVersion(99))
    }

    @Test("every truncation of a state file is refused as not JSON, and none traps (STATE-4)")
    func truncations() throws {
        var generator = SnapshotGenerator(seed: 0x5EED_0005)
        let bytes = StateCodec.encode(generator.snapshot())
        for length in 0..<bytes.count {
            let error = #expect(throws: StateFormatError.self) { try StateCodec.read(Array(bytes[..<length])) }
            #expect(error?.reason.hasPrefix("not JSON") == true)
        }
    }

    private func object(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    private func bytes(_ members: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: members))
    }
}

/// Snapshots of every shape the format allows, from a seed: each optional present or absent,
/// tabs named both ways, badges of both kinds, standalone bars with system and plain items, and
/// text drawn from pieces that need escaping (quotes, backslashes, slashes, control
/// characters, non-ASCII, astral characters).
struct SnapshotGenerator {
    private var random: SplitMix64
    /// Whether the names of dictionary entries (restoration ids, divider keys) are plain
    /// lowercase words rather than any text.
    private let plainKeys: Bool

    init(seed: UInt64, plainKeys: Bool = false) {
        random = SplitMix64(seed: seed)
        self.plainKeys = plainKeys
    }

    /// The same sequence for the same seed on every run.
    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func flip() -> Bool { next() & 1 == 0 }
    private mutating func maybe<T>(_ make: (inout SnapshotGenerator) -> T) -> T? { flip() ? make(&self) : nil }
    private mutating func list<T>(upTo count: Int, _ make: (inout SnapshotGenerator) -> T) -> [T] {
        (0..<below(count + 1)).map { _ in make(&self) }
    }
    private mutating func pick<T: CaseIterable>(_ type: T.Type) -> T {
        let cases = Array(T.allCases)
        return cases[below(cases.count)]
    }

    private static let pieces = [
        "songs", "library.songs", "a", "Z9", "#FF0000", "/usr/share/kiosk/bar.png", "\"", "\\", "/", "\n", "\r", "\t",
        "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "😀", "\u{2028}", "日本", " ",
    ]

    mutating func text() -> String {
        list(upTo: 4) { $0.piece() }.joined()
    }

    private mutating func piece() -> String { pick(from: Self.pieces) }

    private static let plainPieces = ["alarm", "songs", "library.songs", "timer", "world-clock"]

    /// The name of a dictionary entry.
    private mutating func key() -> String {
        guard plainKeys else { return text() }
        return list(upTo: 2) { $0.pick(from: Self.plainPieces) }.joined()
    }

    private mutating func pick(from pieces: [String]) -> String { pieces[below(pieces.count)] }

    private mutating func texts() -> [String] { list(upTo: 4) { $0.text() } }

    private mutating func reference() -> TabReference {
        flip() ? TabReference(restorationId: text()) : TabReference(id: text())
    }

    private mutating func badge() -> Badge {
        let value = text()
        return value.isEmpty ? .dot : .text(value)
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
        T(truncatingIfNeeded: next())
    }

    private mutating func appearance() -> Appearance {
        var appearance = Appearance()
        appearance.barStyle = pick(BarStyle.self)
        appearance.barTintColor = text()
        appearance.tintColor = text()
        appearance.unselectedItemTintColor = text()
        appearance.translucent = flip()
        appearance.backgroundImage = text()
        appearance.shadowImage = text()
        appearance.selectionIndicatorImage = text()
        for _ in 0..<below(4) { appearance.dividerImages[key()] = text() }
        return appearance
    }

    private mutating func configuration() -> ControllerConfiguration {
        ControllerConfiguration(
            tabs: maybe { $0.texts() }, selected: maybe { $0.text() }, customizable: maybe { $0.texts() },
            maxVisible: integer(Int.self), layout: pick(TabLayout.self), locale: text(), appearance: appearance(),
            delegateTimeoutMs: integer(UInt32.self), delegateTimeoutPolicy: pick(DelegateTimeoutPolicy.self))
    }

    private mutating func item() -> BarItem {
        BarItem(
            restoring: text(), title: text(), image: text(), selectedImage: text(),
            imageRenderingMode: pick(ImageRenderingMode.self),
            iconName: text(), selectedIconName: text(), tag: integer(Int32.self),
            systemItem: maybe { $0.pick(SystemItem.self) }, badge: maybe { $0.badge() },
            badgeColor: text(), enabled: flip())
    }

    private mutating func bar() -> SavedBar {
        SavedBar(
            name: text(), definedItems: list(upTo: 3) { $0.item() }, items: texts(), selectedItem: maybe { $0.text() },
            appearance: appearance())
    }

    /// A snapshot; one in eight has a format version other than the current one.
    mutating func snapshot() -> ControllerSnapshot {
        var tabStates: [String: SavedTabState] = [:]
        for _ in 0..<below(4) {
            tabStates[key()] = SavedTabState(badge: maybe { $0.badge() }, badgeColor: text(), stack: texts())
        }
        return ControllerSnapshot(
            formatVersion: below(8) == 0 ? below(100) : ControllerSnapshot.currentFormatVersion,
            configuration: configuration(), catalog: list(upTo: 4) { $0.reference() },
            tabs: list(upTo: 4) { $0.reference() },
            customizable: list(upTo: 4) { $0.reference() }, selectedTab: maybe { $0.reference() },
            showsMoreList: flip(),
            tabStates: tabStates, appearance: appearance(), maxVisible: integer(Int.self), layout: pick(TabLayout.self),
            orientation: pick(Orientation.self), locale: text(), bars: list(upTo: 2) { $0.bar() })
    }
}
