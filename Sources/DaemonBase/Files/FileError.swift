import Glibc

/// A file operation that failed, with the precise reason: the system's `errno`, or a file the
/// daemon refused to read or replace because of what it is.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why an operation failed.
    public enum Cause: Equatable, Sendable {
        /// The system call failed with this `errno` (`ENOSPC`, `EROFS`, `EACCES`…).
        case system(Int32)
        /// The path's last component is a symbolic link, which is not followed there.
        case symbolicLink
        /// The path names something other than a regular file (a FIFO, a device, a
        /// directory…), which is neither read nor written.
        case notRegularFile(FileKind)
        /// The file holds (or would hold) `size` bytes, more than the `limit` allowed there.
        case tooLarge(size: Int64, limit: Int)
    }

    /// The call that failed (`open`, `write`, `fsync`, `rename`…).
    public let operation: String
    /// The path it was applied to.
    public let path: String
    /// Why it failed.
    public let cause: Cause

    /// An error for `operation` on `path` because of `cause`.
    public init(operation: String, path: String, cause: Cause) {
        self.operation = operation
        self.path = path
        self.cause = cause
    }

    /// An error for `operation` on `path` with `errno`.
    public init(operation: String, path: String, errno: Int32) {
        self.init(operation: operation, path: path, cause: .system(errno))
    }

    /// The system's `errno`, when a system call failed.
    public var errno: Int32? {
        if case .system(let number) = cause { number } else { nil }
    }

    /// Why, without the operation and path: "No space left on device", "a FIFO, not a
    /// regular file".
    public var reason: String {
        switch cause {
        case .system(let number): String(cString: strerror(number))
        case .symbolicLink: "a symbolic link, not followed here"
        case .notRegularFile(let kind): "\(kind.phrase), not a regular file"
        case .tooLarge(let size, let limit): "\(size) bytes, more than the \(limit) allowed"
        }
    }

    /// `operation path: reason`, as a log line says it.
    public var description: String {
        "\(operation) \(path): \(reason)"
    }
}
