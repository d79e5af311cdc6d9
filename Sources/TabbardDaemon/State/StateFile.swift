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
    public func read() throws(FileError) -> [UInt8]? {
        try FileIO.read(path)
    }

    /// Replaces the file's content with `bytes`, durably, before returning.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        try makeDirectory()
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileError(operation: "create", path: temporary, errno: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(fd)
                unlink(temporary)
                throw FileError(operation: "write", path: temporary, errno: failure)
            }
            offset += written
        }
        if fsync(fd) != 0 {
            let failure = errno
            close(fd)
            unlink(temporary)
            throw FileError(operation: "fsync", path: temporary, errno: failure)
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw FileError(operation: "rename", path: path, errno: failure)
        }
        try syncDirectory()
    }

    /// Moves an unreadable file out of the way so the daemon can start with defaults, keeping
    /// it for a person to inspect. Returns the name it was moved to.
    @discardableResult
    public func setAside(suffix: String) throws(FileError) -> String {
        var target = path + "." + suffix
        var attempt = 1
        while access(target, F_OK) == 0 {  // Never overwrite an earlier casualty.
            attempt += 1
            target = path + "." + suffix + "-\(attempt)"
        }
        guard rename(path, target) == 0 else {
            throw FileError(operation: "rename", path: path, errno: errno)
        }
        try syncDirectory()
        return target
    }

    // MARK: - Directory

    private func makeDirectory() throws(FileError) {
        // Like `mkdir -p`: each missing ancestor is created in turn.
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileError(operation: "mkdir", path: prefix, errno: errno)
            }
        }
    }

    private func syncDirectory() throws(FileError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw FileError(operation: "fsync", path: directory, errno: errno) }
    }
}
