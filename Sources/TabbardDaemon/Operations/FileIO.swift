import Glibc

/// Whole-file reads with the system's reason on failure; the daemon's files (configuration,
/// state, manifests) are small, so reading them whole is simplest.
public enum FileIO {
    /// The bytes of the file at `path`, or nil when it does not exist.
    public static func read(_ path: String) throws(FileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileError(operation: "open", path: path, errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}

/// A file operation that failed, with the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
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
