import Glibc

/// Which build of a module file a plugin runs: the file's device and inode, size, and times of
/// last modification and last change. A reload compares it with the file found now: a new
/// build installed in its place (`install`, a rename: a new inode) and one written over it
/// (`cp`: the same inode, a new change time, which no tool sets back) both differ, whatever
/// modification time the new build was given.
package struct PluginModuleStamp: Sendable, Equatable {
    /// The file system the file is on.
    var device: UInt64
    /// The file on it.
    var inode: UInt64
    /// The size in bytes.
    var size: Int64
    /// The modification time, in nanoseconds since the epoch.
    var modified: Int64
    /// The status change time, in nanoseconds since the epoch.
    var changed: Int64

    /// A stamp from its parts, as `plugins.loaded` records them (`PluginBuildsLoaded`).
    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of the file open as `descriptor`; nil when it cannot be read.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of the file at `path`, links followed as the loader follows them; nil when
    /// there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
            changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))
    }
}
