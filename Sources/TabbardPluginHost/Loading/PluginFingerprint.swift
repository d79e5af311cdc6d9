import Glibc

/// Which version of a module file an outcome belongs to: its resolved path, size and
/// modification time. Replacing or touching the file makes a new fingerprint, so a fixed
/// plugin is probed again and its old failures no longer count.
public struct PluginFingerprint: Sendable, Hashable {
    /// The module's path with links resolved.
    public var path: String
    /// The size in bytes.
    public var size: Int64
    /// The modification time in nanoseconds since the epoch.
    public var modified: Int64

    /// A fingerprint from its parts.
    public init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }

    /// The fingerprint of the open file `descriptor`, found at `path`.
    init?(descriptor: Int32, path: String) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let resolved =
            realpath(path, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? path
        self.init(
            path: resolved, size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
