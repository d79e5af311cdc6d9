import Foundation
import TabModel
import Testing

@testable import TabbardDaemon

/// The state file's codec against Foundation's JSON coders, which wrote every state file
/// before it: files they wrote must load, and what it writes must read the same to them.
@Suite("State file format without Foundation (STATE-1, STATE-4)")
struct StateCodecTests {
    /// A snapshot using every field: a tab without a restoration id, badges of both kinds, a
    /// badge color, a navigation stack, appearance with paths and divider images, text that
    /// needs escapes.
    func richSnapshot() throws -> ControllerSnapshot {
        var catalog = ["playlists", "artists", "songs", "videos", "genres", "podcasts"].map {
            TabDefinition(id: $0, plugin: "media", title: $0.capitalized)
        }
        catalog[1].restorationId = nil
        var controller = try TabController(catalog: catalog)
        _ = try controller.customize(["genres", "playlists", "artists", "songs", "videos", "podcasts"])
        _ = try controller.setBadge("songs", to: .text("3 \"new\" é😀"))
        _ = try controller.setBadge("videos", to: .dot)
        _ = try controller.setBadgeColor("videos", to: "#FF0000")
        _ = try controller.navigate("playlists", to: "favourites/today")
        _ = try controller.setImage(\.backgroundImage, "/usr/share/kiosk/bar.png")
        _ = try controller.setDividerImage("divider", left: "normal", right: "selected")
        _ = try controller.select("podcasts")
        return controller.snapshot()
    }

    @Test("a file Foundation's JSONEncoder wrote (sorted keys) loads unchanged")
    func readsFoundationFiles() throws {
        let snapshot = try richSnapshot()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try StateCodec.decode(Array(encoder.encode(snapshot))) == snapshot)
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(try StateCodec.decode(Array(encoder.encode(snapshot))) == snapshot)
    }

    @Test("what it writes, Foundation's JSONDecoder reads back equal; the bytes are Foundation's, slashes aside")
    func writesFoundationFormat() throws {
        let snapshot = try richSnapshot()
        let bytes = StateCodec.encode(snapshot)
        #expect(try JSONDecoder().decode(ControllerSnapshot.self, from: Data(bytes)) == snapshot)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: try encoder.encode(snapshot), as: UTF8.self))
        #expect(try StateCodec.decode(bytes) == snapshot)
    }

    @Test("the format version is read without the rest; a file that is not a snapshot names what is wrong")
    func versionsAndErrors() throws {
        #expect(StateCodec.formatVersion(of: Array(#"{"formatVersion": 7, "other": []}"#.utf8)) == 7)
        #expect(StateCodec.formatVersion(of: Array("not json".utf8)) == nil)
        let missing = #expect(throws: StateFormatError.self) {
            try StateCodec.decode(Array(#"{"formatVersion": 1}"#.utf8))
        }
        #expect(missing?.reason.hasPrefix("missing ") == true)
        let broken = #expect(throws: StateFormatError.self) { try StateCodec.decode([0x7B, 0x00]) }
        #expect(broken?.reason.hasPrefix("not JSON") == true)
    }
}
