import TabModel
import Testing

@testable import DaemonBase
@testable import TabbardDaemon

/// The bound of the state file at the bars' limits (SBAR-1, STATE-4): a structural change may
/// make the state at most `StateWriter.structuralLimit` large, unless it makes it smaller; what
/// is batched after it always fits in the rest of `StateFile.sizeLimit`.
@Suite("The state's bound with standalone bars")
struct StateBoundTests {
    private func writer(_ directory: String, limit: Int) throws -> StateWriter {
        try StateWriter(
            store: StateStore(file: StateFile(directory: directory), log: Log(threshold: .error)),
            model: ServedModel(try TabController(catalog: [])), structuralLimit: limit)
    }

    /// A controller with one bar that defines `count` items whose titles are `titleBytes` long.
    private func controller(items count: Int, titleBytes: Int) throws -> TabController {
        var controller = try TabController(catalog: [TabDefinition(id: "alarm", plugin: "clock", title: "Alarm")])
        _ = try controller.createBar("modes")
        for index in 0..<count {
            _ = try controller.addItem(
                "i\(index)", title: String(repeating: "t", count: titleBytes), image: "", selectedImage: "", on: "modes"
            )
        }
        return controller
    }

    @Test(
        "a structural change that would make the state larger than the structural limit is refused, naming the size, and the file keeps the last state (SBAR-1)"
    )
    func refusedOverTheLimit() throws {
        let directory = temporaryDirectory()
        let small = try controller(items: 2, titleBytes: 100)
        let size = StateCodec.encode(small.snapshot()).count
        let writer = try writer(directory, limit: size + 500)
        try writer.write(small)
        let large = try controller(items: 10, titleBytes: 100)
        do {
            try writer.write(large)
            Issue.record("a state over the limit was written")
        } catch {
            guard case .tooLarge(let bytes, let limit) = error.cause else { Issue.record("\(error)"); return }
            #expect(limit == size + 500 && bytes > Int64(limit))
            #expect(error.description.contains("more than the \(size + 500) allowed"), "\(error)")
        }
        let saved = StateStore(file: StateFile(directory: directory), log: Log(threshold: .error)).load()
        #expect(saved?.bars.first?.definedItems.count == 2)
    }

    @Test(
        "a structural change that makes an oversized state smaller is written, so bars can always be removed (SBAR-1)")
    func shrinkingIsWritten() throws {
        let directory = temporaryDirectory()
        var controller = try controller(items: 10, titleBytes: 100)
        try writer(directory, limit: 1 << 30).write(controller) // Written under a larger limit, or by batching.
        let writer = try writer(directory, limit: 100)
        _ = try controller.removeItem("i0", from: "modes")
        try writer.write(controller)
        _ = try controller.addItem("i0", title: "back", image: "", selectedImage: "", on: "modes")
        _ = try controller.addItem("i10", title: "more", image: "", selectedImage: "", on: "modes")
        #expect(throws: FileError.self) { try writer.write(controller) }
    }

    @Test(
        "the selections, badges and badge colors of 64 bars of 256 items fit in what the structural limit leaves of the file's bound (SBAR-1)"
    )
    func batchedChangesFit() throws {
        // Every bar saves its items on its own, so 64 bars take 64 times what one takes: one
        // bar of 256 items is measured, with the longest ids so that selections are as long
        // as they can be.
        let id = { (prefix: String, index: Int) in
            prefix + String(repeating: "x", count: 63 - prefix.count - 3) + String(index + 100)
        }
        var controller = try TabController(catalog: [TabDefinition(id: "alarm", plugin: "clock", title: "Alarm")])
        let bar = id("b", 0)
        _ = try controller.createBar(bar)
        let items = (0..<StandaloneBar.maximumItems).map { id("i", $0) }
        for item in items { _ = try controller.addItem(item, title: "", image: "", selectedImage: "", on: bar) }
        _ = try controller.setItems([items[0]], animated: false, on: bar)
        let structural = StateCodec.encode(controller.snapshot()).count
        // Badge text that JSON escapes the most: control characters, six bytes each.
        let widest = String(repeating: "\u{1}", count: Badge.maximumBytes)
        _ = try controller.selectItem(items[0], on: bar)
        for item in items {
            _ = try controller.setItemBadge(.text(widest), of: item, on: bar)
            _ = try controller.setItem(.badgeColor, of: item, on: bar, to: .string("#ABCDEF"))
        }
        let batched = (StateCodec.encode(controller.snapshot()).count - structural) * TabController.maximumBars
        #expect(
            batched <= StateFile.sizeLimit - StateWriter.structuralLimit,
            "batched changes of 64 bars take \(batched) bytes")
        #expect(StateWriter.structuralLimit == 24 << 20)
    }
}
