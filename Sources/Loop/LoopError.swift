import Glibc

/// A system call of the loop that failed: what was called, and the `errno` it left. The one
/// error type of this library, in the style of sd-event's negative errno returns: the loop
/// knows nothing of D-Bus, so its failures carry no D-Bus error names.
public struct LoopError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, with its argument where that helps (`epoll_ctl(7)`).
    public var operation: String
    /// The `errno` value it failed with (`EEXIST`, `EMFILE`, …).
    public var code: Int32

    /// A failure of `operation` with `code`; by default the current `errno`.
    public init(_ operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    /// `operation: reason`, the way `perror` prints it (`timerfd_create: Too many open files`).
    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
