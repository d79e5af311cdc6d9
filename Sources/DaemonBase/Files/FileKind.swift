import Glibc

/// What a directory entry is, as `stat` tells it. The daemon reads and replaces only regular
/// files; the other kinds are named in its refusals and in the names it sets them aside under.
public enum FileKind: Sendable, Equatable {
    /// A plain file, the only kind the daemon reads.
    case regular
    /// A directory.
    case directory
    /// A named pipe: opening it for reading waits for a writer, and reading it waits for data.
    case fifo
    /// A Unix socket.
    case socket
    /// A character device such as `/dev/zero`, which never ends.
    case characterDevice
    /// A block device.
    case blockDevice
    /// A symbolic link (seen only when it is not followed).
    case symbolicLink
    /// A type this list does not know.
    case unknown

    /// The kind `st_mode` says.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// The kind of what `path` names itself, a symbolic link not followed; nil when it does
    /// not exist (or cannot be examined).
    public init?(entryAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(mode: info.st_mode)
    }

    /// The kind with its article, for sentences: "a FIFO".
    public var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .symbolicLink: "a symbolic link"
        case .unknown: "a file of unknown type"
        }
    }

    /// A short word for file names: `state.json.fifo`.
    public var word: String {
        switch self {
        case .regular: "file"
        case .directory: "directory"
        case .fifo: "fifo"
        case .socket: "socket"
        case .characterDevice, .blockDevice: "device"
        case .symbolicLink: "symlink"
        case .unknown: "unknown"
        }
    }
}
