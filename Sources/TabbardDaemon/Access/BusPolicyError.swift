import DaemonBase

/// Why a bus policy file could not be read for what it allows: the daemon notes it and goes
/// on, since the bus, not the daemon, applies the file.
enum BusPolicyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read (permissions, not a regular file, too large…).
    case unreadable(FileError)
    /// The file is not XML the scanner reads, at this line.
    case malformed(line: Int, String)

    var description: String {
        switch self {
        case .unreadable(let error): "cannot be read (\(error.reason))"
        case .malformed(let line, let reason): "line \(line): \(reason)"
        }
    }
}
