import Glibc
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// Writes `text` to a new file at `path`.
func writeFile(_ path: String, _ text: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FileError(operation: "create", path: path, errno: errno) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count else {
        throw FileError(operation: "write", path: path, errno: errno)
    }
}

/// Creates a FIFO at `path`.
func makeFIFO(_ path: String) throws {
    guard mkfifo(path, 0o600) == 0 else { throw FileError(operation: "mkfifo", path: path, errno: errno) }
}

/// Creates a symbolic link at `path` to `target`.
func makeLink(_ path: String, to target: String) throws {
    guard symlink(target, path) == 0 else { throw FileError(operation: "symlink", path: path, errno: errno) }
}

/// Every file the daemon reads goes through `FileIO`: only regular files, never blocking,
/// never more than a limit.
@Suite("Reading files safely")
struct FileIOTests {
    @Test("a regular file reads whole; a missing one reads as nil")
    func regularAndMissing() throws {
        let directory = temporaryDirectory()
        try writeFile(directory + "/a", "hello")
        #expect(try FileIO.read(directory + "/a") == Array("hello".utf8))
        #expect(try FileIO.read(directory + "/missing") == nil)
    }

    @Test("a FIFO is refused at once, not waited on")
    func fifo() throws {
        let path = temporaryDirectory() + "/fifo"
        try makeFIFO(path)
        #expect(throws: FileError(operation: "open", path: path, cause: .notRegularFile(.fifo))) {
            try FileIO.read(path)
        }
    }

    @Test("a link to /dev/zero is refused as a device when followed, and as a link when not")
    func deviceAndLink() throws {
        let path = temporaryDirectory() + "/zero"
        try makeLink(path, to: "/dev/zero")
        #expect(throws: FileError(operation: "open", path: path, cause: .notRegularFile(.characterDevice))) {
            try FileIO.read(path)
        }
        #expect(throws: FileError(operation: "open", path: path, cause: .symbolicLink)) {
            try FileIO.read(path, links: .refuse)
        }
    }

    @Test("a link to a regular file is followed unless refused")
    func linkToRegularFile() throws {
        let directory = temporaryDirectory()
        try writeFile(directory + "/target", "content")
        try makeLink(directory + "/link", to: directory + "/target")
        #expect(try FileIO.read(directory + "/link") == Array("content".utf8))
        #expect(throws: FileError(operation: "open", path: directory + "/link", cause: .symbolicLink)) {
            try FileIO.read(directory + "/link", links: .refuse)
        }
    }

    @Test("a directory is refused as one")
    func directory() throws {
        let path = temporaryDirectory()
        #expect(throws: FileError(operation: "open", path: path, cause: .notRegularFile(.directory))) {
            try FileIO.read(path)
        }
    }

    @Test("a file over the limit is refused before it is read; one at the limit reads")
    func limit() throws {
        let directory = temporaryDirectory()
        try writeFile(directory + "/ten", "0123456789")
        #expect(try FileIO.read(directory + "/ten", limit: 10)?.count == 10)
        #expect(throws: FileError(operation: "read", path: directory + "/ten", cause: .tooLarge(size: 10, limit: 9))) {
            try FileIO.read(directory + "/ten", limit: 9)
        }
    }

    @Test("a file whose size fstat does not tell (as in /proc) is still cut at the limit")
    func unknownSize() throws {
        #expect(throws: FileError(operation: "read", path: "/proc/self/status", cause: .tooLarge(size: 17, limit: 16)))
        {
            try FileIO.read("/proc/self/status", limit: 16)
        }
        // Read whole through several doublings of the room: from its first line to its last.
        let status = String(decoding: try #require(try FileIO.read("/proc/self/status")), as: UTF8.self)
        #expect(status.hasPrefix("Name:\t") && status.hasSuffix("\n") && status.contains("\nVmRSS:"))
    }

    @Test("files of every size read back byte for byte: empty, one byte, and larger than any one read")
    func sizes() throws {
        let directory = temporaryDirectory()
        for size in [0, 1, 4095, 4096, 65_537, 300_001] {
            let path = directory + "/size-\(size)"
            let text = String((0..<size).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            try writeFile(path, text)
            #expect(try FileIO.read(path, limit: 1_000_000) == Array(text.utf8), "\(size) bytes")
        }
    }

    @Test("errors name the operation, the path and the reason")
    func messages() {
        #expect(
            FileError(operation: "read", path: "/x", cause: .notRegularFile(.fifo)).description
                == "read /x: a FIFO, not a regular file")
        #expect(
            FileError(operation: "open", path: "/x", cause: .symbolicLink).description
                == "open /x: a symbolic link, not followed here")
        #expect(
            FileError(operation: "write", path: "/x", errno: ENOSPC).description == "write /x: No space left on device")
        #expect(FileError(operation: "write", path: "/x", errno: ENOSPC).errno == ENOSPC)
        #expect(FileError(operation: "read", path: "/x", cause: .tooLarge(size: 10, limit: 9)).errno == nil)
    }

    @Test("a FIFO or a huge file as the configuration is a clear error, never a hang")
    func configuration() throws {
        let directory = temporaryDirectory()
        try makeFIFO(directory + "/fifo.toml")
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration(contentsOf: directory + "/fifo.toml") }
        do {
            _ = try DaemonConfiguration(contentsOf: directory + "/fifo.toml")
        } catch {
            #expect("\(error)".contains("a FIFO, not a regular file"), "\(error)")
        }
        let huge = directory + "/huge.toml"
        try writeFile(huge, "")
        #expect(truncate(huge, off_t(FileIO.defaultLimit + 1)) == 0)
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration(contentsOf: huge) }
        #expect(throws: ConfigurationError.self) { try DaemonConfiguration(contentsOf: "/dev/zero") }
    }

    @Test("a FIFO as a plugin manifest is refused at once, naming it")
    func manifest() throws {
        let directory = temporaryDirectory()
        try makeFIFO(directory + "/stuck.plugin")
        #expect(throws: PluginRefusal.notRegularFile(path: directory + "/stuck.plugin")) {
            try PluginDirectoryScan.readManifest("stuck.plugin", in: directory, trust: .session)
        }
    }
}
