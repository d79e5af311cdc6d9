import TabModel
import Testing

@testable import DaemonBase
@testable import TabbardDaemon

@Suite("State store (STATE-2, STATE-4)")
struct StateStoreTests {
    /// A controller over six media tabs, with a badge and a customized order.
    private func customizedController() throws -> TabController {
        let catalog = ["playlists", "artists", "songs", "videos", "genres", "podcasts"].map {
            TabDefinition(id: $0, plugin: "media", title: $0.capitalized)
        }
        var controller = try TabController(catalog: catalog)
        _ = try controller.customize(["genres", "playlists", "artists", "songs", "videos", "podcasts"])
        _ = try controller.setBadge("songs", to: .text("3"))
        _ = try controller.select("podcasts")
        return controller
    }

    private func store(_ directory: String) -> StateStore {
        StateStore(file: StateFile(directory: directory), log: Log(threshold: .error))
    }

    @Test("no file means no saved state")
    func nothingSaved() {
        #expect(store(temporaryDirectory()).load() == nil)
    }

    @Test("what is saved loads back equal (STATE-2)")
    func roundTrip() throws {
        let directory = temporaryDirectory()
        let snapshot = try customizedController().snapshot()
        try store(directory).save(snapshot)
        #expect(store(directory).load() == snapshot)
    }

    @Test("a corrupt file is set aside and defaults are used (STATE-4)")
    func corruptFile() throws {
        let directory = temporaryDirectory()
        try StateFile(directory: directory).write(Array("{\"formatVersion\": 1, \"tabs\": [".utf8))
        #expect(store(directory).load() == nil)
        #expect(directoryEntries(directory) == ["state.json.corrupt"])
    }

    @Test("a file from an unknown format version is set aside under its version (STATE-4)")
    func unknownVersion() throws {
        let directory = temporaryDirectory()
        try StateFile(directory: directory).write(Array("{\"formatVersion\": 99, \"future\": true}".utf8))
        #expect(store(directory).load() == nil)
        #expect(directoryEntries(directory) == ["state.json.v99"])
    }

    @Test("a file that is valid JSON but not a snapshot is set aside as corrupt")
    func wrongShape() throws {
        let directory = temporaryDirectory()
        try StateFile(directory: directory).write(Array("[1, 2, 3]".utf8))
        #expect(store(directory).load() == nil)
        #expect(directoryEntries(directory) == ["state.json.corrupt"])
    }

    @Test("tabs are named by bare restoration ids, and tabs without one by id, and both load back (STATE-1)")
    func referenceForms() throws {
        let catalog = [
            TabDefinition(id: "alarm", plugin: "clock", title: "Alarm"),
            TabDefinition(id: "scratch", plugin: "notes", title: "Scratch", restoration: .never),
            TabDefinition(id: "songs", plugin: "media", title: "Songs", restoration: .key("library.songs")),
        ]
        var controller = try TabController(catalog: catalog)
        _ = try controller.select("scratch")
        let directory = temporaryDirectory()
        let snapshot = controller.snapshot()
        try store(directory).save(snapshot)
        let text = String(decoding: try #require(try StateFile(directory: directory).read()), as: UTF8.self)
        #expect(text.contains(#""alarm""#))
        #expect(text.contains(#""library.songs""#))
        #expect(text.contains(#"{"id":"scratch"}"#))
        #expect(store(directory).load() == snapshot)
    }
}
