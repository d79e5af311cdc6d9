import Glibc
import Testing

@testable import DaemonBase
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

    // MARK: - Hostile entries (STATE-4)

    @Test("a link planted at the temporary name is removed, and its target is never written")
    func linkAtTemporary() throws {
        let directory = temporaryDirectory()
        let victim = temporaryDirectory() + "/precious"
        try writeFile(victim, "keep me")
        let file = StateFile(directory: directory)
        try makeLink(file.temporaryPath, to: victim)
        try file.write(Array("state".utf8))
        #expect(try FileIO.read(victim) == Array("keep me".utf8))
        #expect(try file.read() == Array("state".utf8))
        #expect(directoryEntries(directory) == ["state.json"])
    }

    @Test("a FIFO or an empty directory planted at the temporary name neither blocks nor stops the write")
    func fifoAndDirectoryAtTemporary() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory)
        try makeFIFO(file.temporaryPath)
        try file.write(Array("one".utf8))
        #expect(mkdir(file.temporaryPath, 0o700) == 0)
        try file.write(Array("two".utf8))
        #expect(try file.read() == Array("two".utf8))
        #expect(directoryEntries(directory) == ["state.json"])
    }

    @Test("a directory with content at the temporary name fails the write, naming it and the reason")
    func fullDirectoryAtTemporary() throws {
        let file = StateFile(directory: temporaryDirectory())
        #expect(mkdir(file.temporaryPath, 0o700) == 0)
        try writeFile(file.temporaryPath + "/inside", "x")
        #expect(throws: FileError(operation: "rmdir", path: file.temporaryPath, errno: ENOTEMPTY)) {
            try file.write([1])
        }
    }

    @Test("a state over the size limit is not written, so no start ever has to refuse it")
    func oversizedWrite() throws {
        let file = StateFile(directory: temporaryDirectory())
        let bytes = [UInt8](repeating: 0x20, count: StateFile.sizeLimit + 1)
        #expect(
            throws: FileError(
                operation: "write", path: file.path,
                cause: .tooLarge(size: Int64(bytes.count), limit: StateFile.sizeLimit))
        ) {
            try file.write(bytes)
        }
        #expect(try file.read() == nil)
    }

    @Test("state.json as a link, a FIFO, a directory or an oversized file is refused for what it is")
    func refusedReads() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory)
        try makeLink(file.path, to: "/dev/zero")
        #expect(throws: FileError(operation: "open", path: file.path, cause: .symbolicLink)) { try file.read() }
        #expect(unlink(file.path) == 0)
        try makeFIFO(file.path)
        #expect(throws: FileError(operation: "open", path: file.path, cause: .notRegularFile(.fifo))) {
            try file.read()
        }
        #expect(unlink(file.path) == 0)
        #expect(mkdir(file.path, 0o700) == 0)
        #expect(throws: FileError(operation: "open", path: file.path, cause: .notRegularFile(.directory))) {
            try file.read()
        }
        #expect(rmdir(file.path) == 0)
        try writeFile(file.path, "")
        #expect(truncate(file.path, off_t(StateFile.sizeLimit + 1)) == 0)
        #expect(
            throws: FileError(
                operation: "read", path: file.path,
                cause: .tooLarge(size: Int64(StateFile.sizeLimit + 1), limit: StateFile.sizeLimit))
        ) {
            try file.read()
        }
    }

    @Test(
        "what is refused for what it is gets set aside under its kind's name, with a warning; the next write takes its place"
    )
    func setAsideByKind() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory)
        let captured = CapturedLog()
        try makeFIFO(file.path)
        #expect(file.readSettingAside(log: captured.log, consequence: "starting afresh") == nil)
        try makeLink(file.path, to: "/dev/zero")
        #expect(file.readSettingAside(log: captured.log, consequence: "starting afresh") == nil)
        #expect(mkdir(file.path, 0o700) == 0)
        #expect(file.readSettingAside(log: captured.log, consequence: "starting afresh") == nil)
        #expect(directoryEntries(directory) == ["state.json.directory", "state.json.fifo", "state.json.symlink"])
        let logged = captured.lines.joined(separator: "\n")
        #expect(
            logged.contains("\(file.path) set aside as \(file.path).fifo: a FIFO, not a regular file; starting afresh"))
        #expect(logged.contains("set aside as \(file.path).symlink: a symbolic link"))
        try file.write(Array("new".utf8))
        #expect(file.readSettingAside(log: captured.log, consequence: "starting afresh") == Array("new".utf8))
    }

    @Test("setting aside never replaces an earlier casualty, not even a dangling link")
    func setAsideKeepsDanglingLink() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory)
        try makeLink(file.path + ".corrupt", to: directory + "/nowhere")
        try file.write(Array("garbage".utf8))
        #expect(try file.setAside(suffix: "corrupt") == file.path + ".corrupt-2")
        #expect(directoryEntries(directory) == ["state.json.corrupt", "state.json.corrupt-2"])
    }
}
