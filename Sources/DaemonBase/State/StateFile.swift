import Glibc

/// One file in the state directory, replaced atomically: a reader sees the old content or the
/// new, never a mix, and a crash at any moment leaves one of the two (STATE-4).
///
/// A write goes to a temporary file in the same directory, created afresh (`O_EXCL`), is
/// `fsync`ed, renamed over the target, and then the directory is `fsync`ed so that the rename
/// itself survives a power cut. Only regular files are read or replaced: a symbolic link is
/// never followed, a FIFO never blocks, and nothing over `sizeLimit` is read, so that whatever
/// was planted in the directory can neither hang the daemon, exhaust its memory, nor have its
/// target overwritten. The file knows nothing of what it holds; its owner decides the format.
public struct StateFile: Sendable {
    /// The directory holding the file; created (mode 0700) on the first write.
    public let directory: String
    /// The file's name inside `directory`.
    public let name: String

    /// The most a state file may hold: 32 MiB, seven times a state of 10,000 tabs that each
    /// have a 64-byte id, a 64-byte badge and three pages of navigation (4.5 MiB). Only stacks
    /// near their 32 pages of 255 bytes on thousands of tabs go beyond; such a write fails
    /// rather than leave a file the next start would refuse.
    public static let sizeLimit = 32 << 20

    /// A state file `name` inside `directory`.
    public init(directory: String, name: String = "state.json") {
        self.directory = directory
        self.name = name
    }

    /// The full path of the file.
    public var path: String { directory + "/" + name }

    /// The file's size when it is a regular file; nil when it is absent or anything else.
    /// Only `lstat`: nothing is opened or followed.
    public var size: Int? {
        var info = stat()
        guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return nil }
        return Int(info.st_size)
    }

    /// The temporary file a write goes through.
    var temporaryPath: String { path + ".new" }

    /// The file's bytes, or nil when it does not exist yet. A symbolic link, anything but a
    /// regular file, and a file over `sizeLimit` are refused with a `FileError` saying so.
    public func read() throws(FileError) -> [UInt8]? {
        try FileIO.read(path, limit: Self.sizeLimit, links: .refuse)
    }

    /// The file's bytes for the daemon that holds the state directory's lock, or nil when
    /// there are none to use. A file refused for what it is (a link, a FIFO, a device, a
    /// directory, too large) is set aside, so that the next write can take its place; one that
    /// cannot be read for another reason (`EACCES`, `EIO`) stays. Either way the log says so,
    /// ending with `consequence` ("starting from the configuration").
    public func readSettingAside(log: Log, consequence: String) -> [UInt8]? {
        do {
            return try read()
        } catch {
            if let suffix = Self.setAsideSuffix(for: error) {
                setAside(suffix: suffix, reason: error.reason, log: log, consequence: consequence)
            } else {
                log.warning("cannot read \(path): \(error.reason); \(consequence)")
            }
            return nil
        }
    }

    /// Replaces the file's content with `bytes`, durably, before returning.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        guard bytes.count <= Self.sizeLimit else {
            throw FileError(
                operation: "write", path: path, cause: .tooLarge(size: Int64(bytes.count), limit: Self.sizeLimit))
        }
        try makeDirectory()
        let temporary = temporaryPath
        try removeLeftover(temporary)
        // O_EXCL: the file is created here and now, so the name cannot lead anywhere else; a
        // link or FIFO planted since the removal makes the write fail, never go through it.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
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

    /// Moves an unusable file out of the way so the daemon can start with defaults, keeping
    /// it for a person to inspect. Returns the name it was moved to. A symbolic link is moved
    /// itself (`rename` never follows one).
    @discardableResult
    public func setAside(suffix: String) throws(FileError) -> String {
        var target = path + "." + suffix
        var attempt = 1
        while FileKind(entryAt: target) != nil { // Never overwrite an earlier casualty, even a dangling link.
            attempt += 1
            target = path + "." + suffix + "-\(attempt)"
        }
        guard rename(path, target) == 0 else {
            throw FileError(operation: "rename", path: path, errno: errno)
        }
        try syncDirectory()
        return target
    }

    /// `setAside(suffix:)` with a warning naming where the file went and why (`reason`),
    /// ending with `consequence`; a file that cannot be moved is only reported.
    public func setAside(suffix: String, reason: String, log: Log, consequence: String) {
        do {
            let moved = try setAside(suffix: suffix)
            log.warning("\(path) set aside as \(moved): \(reason); \(consequence)")
        } catch {
            log.warning("\(path) is unusable (\(reason)) and cannot be set aside: \(error); \(consequence)")
        }
    }

    /// The suffix a file refused for what it is gets when set aside (`state.json.fifo`); nil
    /// when a call failed instead, and the file may be fine.
    static func setAsideSuffix(for error: FileError) -> String? {
        switch error.cause {
        case .system: nil
        case .symbolicLink: FileKind.symbolicLink.word
        case .notRegularFile(let kind): kind.word
        case .tooLarge: "too-large"
        }
    }

    // MARK: - Directory

    /// Creates the directory and its missing ancestors (mode 0700), like `mkdir -p`.
    func makeDirectory() throws(FileError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw FileError(operation: "mkdir", path: prefix, errno: errno)
            }
        }
    }

    /// Removes whatever is at `temporary`: the leftover of a write cut short, or something
    /// planted there. `unlink` removes a symbolic link itself, never its target, and opens
    /// nothing, so a FIFO cannot block it.
    private func removeLeftover(_ temporary: String) throws(FileError) {
        if unlink(temporary) == 0 || errno == ENOENT { return }
        // An empty directory goes too; one with content stays, and the write fails naming it.
        guard errno == EISDIR else { throw FileError(operation: "unlink", path: temporary, errno: errno) }
        guard rmdir(temporary) == 0 else { throw FileError(operation: "rmdir", path: temporary, errno: errno) }
    }

    private func syncDirectory() throws(FileError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw FileError(operation: "fsync", path: directory, errno: errno) }
    }
}
