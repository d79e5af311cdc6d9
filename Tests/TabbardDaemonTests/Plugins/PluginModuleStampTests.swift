import Foundation
import TabbardTestSupport
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// What a reload takes for a new build of a module file (issue 42): a file put in its place by
/// a rename (`install`), or written over (`cp`), even with its size and modification time set
/// back to the old ones; nothing else.
@Suite("A module file's build")
struct PluginModuleStampTests {
    /// A file holding `text` in a directory of its own.
    private static func file(_ text: String) throws -> String {
        let path = try makeTemporaryDirectory("tabbard-stamp") + "/libplugin.so"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Sets the modification time of `path` back to `seconds` since the epoch, as `touch -d`
    /// or `cp -p` would.
    private static func setModified(_ path: String, to seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test("an unchanged file keeps its build; reading it changes nothing")
    func unchanged() throws {
        let path = try Self.file("first build")
        let before = try #require(PluginModuleStamp(path: path))
        _ = try String(contentsOfFile: path, encoding: .utf8)
        #expect(PluginModuleStamp(path: path) == before)
    }

    @Test("a build written over the file, with the old size and modification time, is new: its change time moved")
    func writtenOver() throws {
        let path = try Self.file("first build")
        Self.setModified(path, to: 1_000_000_000)
        let before = try #require(PluginModuleStamp(path: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        // The same length, the same inode; the change time moves with the write and no tool sets it back.
        while PluginModuleStamp(path: path)?.changed == before.changed {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: Data("other build".utf8))
        }
        try handle.close()
        Self.setModified(path, to: 1_000_000_000)
        let after = try #require(PluginModuleStamp(path: path))
        #expect((after.inode, after.size, after.modified) == (before.inode, before.size, before.modified))
        #expect(after != before)
    }

    @Test("a build renamed into the file's place, with the old size and modification time, is new: its inode differs")
    func renamedInPlace() throws {
        let path = try Self.file("first build")
        Self.setModified(path, to: 1_000_000_000)
        let before = try #require(PluginModuleStamp(path: path))
        let next = path + ".new"
        try "other build".write(toFile: next, atomically: false, encoding: .utf8)
        Self.setModified(next, to: 1_000_000_000)
        #expect(rename(next, path) == 0)
        let after = try #require(PluginModuleStamp(path: path))
        #expect((after.size, after.modified) == (before.size, before.modified))
        #expect(after != before)
    }

    @Test("a file that is gone has no build")
    func gone() throws {
        let path = try Self.file("first build")
        #expect(unlink(path) == 0)
        #expect(PluginModuleStamp(path: path) == nil)
    }
}
