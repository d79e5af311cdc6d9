import Glibc

/// One file on disk replaced atomically: a reader sees the old content or the new, never a mix,
/// and a crash at any moment leaves one of the two (STATE-4).
///
/// A write goes to a temporary file in the same directory, is `fsync`ed, renamed over the
/// target, and then the directory is `fsync`ed so that the rename itself survives a power cut.
/// The file knows nothing of what it holds; `StateStore` decides the format.
public struct StateFile: Sendable {
    /// The directory holding the file; created (mode 0700) on the first write.
    public let directory: String
    /// The file's name inside `directory`.
    public let name: String

    /// A state file `name` inside `directory`.
    public init(directory: String, name: String = "state.json") {
        self.directory = directory
        self.name = name
    }

    /// The full path of the file.
    public var path: String { directory + "/" + name }

    /// The file's bytes, or nil when it does not exist yet.
    public func read() throws(StateFileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw StateFileError(operation: "open", path: path, errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StateFileError(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Replaces the file's content with `bytes`, durably, before returning.
    public func write(_ bytes: [UInt8]) throws(StateFileError) {
        try makeDirectory()
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StateFileError(operation: "create", path: temporary, errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(fd)
                unlink(temporary)
                throw StateFileError(operation: "write", path: temporary, errno: failure)
            }
            offset += written
        }
        if fsync(fd) != 0 {
            let failure = errno
            close(fd)
            unlink(temporary)
            throw StateFileError(operation: "fsync", path: temporary, errno: failure)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw StateFileError(operation: "rename", path: path, errno: failure)
        }
        try syncDirectory()
    }

    /// Moves an unreadable file out of the way so the daemon can start with defaults, keeping
    /// it for a person to inspect. Returns the name it was moved to.
    @discardableResult
    public func setAside(suffix: String) throws(StateFileError) -> String {
        var target = path + "." + suffix
        var attempt = 1
        while access(target, F_OK) == 0 {  // Never overwrite an earlier casualty.
            attempt += 1
            target = path + "." + suffix + "-\(attempt)"
        }
        guard rename(path, target) == 0 else {
            throw StateFileError(operation: "rename", path: path, errno: errno)
        }
        try syncDirectory()
        return target
    }

    // MARK: - Directory

    private func makeDirectory() throws(StateFileError) {
        // Like `mkdir -p`: each missing ancestor is created in turn.
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw StateFileError(operation: "mkdir", path: prefix, errno: errno)
            }
        }
    }

    private func syncDirectory() throws(StateFileError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw StateFileError(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw StateFileError(operation: "fsync", path: directory, errno: errno) }
    }
}

/// A state file operation that failed, with the system's reason.
public struct StateFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call that failed (`open`, `write`, `fsync`, `rename`…).
    public let operation: String
    /// The path it was applied to.
    public let path: String
    /// The `errno` it left.
    public let errno: Int32

    /// An error for `operation` on `path` with `errno`.
    public init(operation: String, path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    public var description: String {
        "\(operation) \(path): \(String(cString: strerror(errno)))"
    }
}
