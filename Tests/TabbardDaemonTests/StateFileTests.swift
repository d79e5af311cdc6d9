import Glibc
import Testing
@testable import TabbardDaemon

/// A fresh empty directory for one test.
func temporaryDirectory() -> String {
    var template = Array("/tmp/tabbard-test-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
}

/// The names in a directory, sorted, without `.` and `..`.
func directoryEntries(_ path: String) -> [String] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

@Suite("State file (STATE-4)")
struct StateFileTests {
    @Test("a missing file reads as nil")
    func missing() throws {
        let file = StateFile(directory: temporaryDirectory())
        #expect(try file.read() == nil)
    }

    @Test("a write replaces the whole content and leaves no temporary file (STATE-4)")
    func atomicReplace() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory)
        try file.write(Array("first version, longer than the second".utf8))
        try file.write(Array("second".utf8))
        #expect(try file.read() == Array("second".utf8))
        #expect(directoryEntries(directory) == ["state.json"])
    }

    @Test("the state directory is created with mode 0700 on the first write")
    func createsDirectory() throws {
        let directory = temporaryDirectory() + "/nested/state"
        try StateFile(directory: directory).write([1, 2, 3])
        var info = stat()
        #expect(stat(directory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test("a corrupt file is set aside under a new name, never overwriting an earlier one (STATE-4)")
    func setAside() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory)
        try file.write(Array("garbage".utf8))
        let first = try file.setAside(suffix: "corrupt")
        try file.write(Array("more garbage".utf8))
        let second = try file.setAside(suffix: "corrupt")
        #expect(first != second)
        #expect(try file.read() == nil)
        #expect(directoryEntries(directory) == ["state.json.corrupt", "state.json.corrupt-2"])
    }

    @Test("an unwritable directory is an error naming the path")
    func unwritable() throws {
        let file = StateFile(directory: "/proc/tabbard-cannot-exist")
        #expect(throws: FileError.self) { try file.write([1]) }
    }
}
