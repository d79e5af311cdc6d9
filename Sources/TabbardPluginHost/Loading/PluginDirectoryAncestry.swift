import Glibc

/// The system instance's check of a plugin directory's ancestors, as OpenSSH's `StrictModes`
/// checks a path: every directory above the plugin directory, up to `/`, must be root's and
/// writable by neither group nor others. Whoever may write an ancestor may put another
/// directory in the plugin directory's place; the sticky bit excuses nothing, since in a
/// directory all may write (`/tmp`) anyone may make the directory first and swap it later.
///
/// The walk goes by `..` from the directory actually opened, through descriptors, so what is
/// checked is where that directory lies now, not what its path said (links, renames).
enum PluginDirectoryAncestry {
    /// `O_PATH`: enough to look at a directory and to walk from it, without the right to read
    /// it (an ancestor may be searchable only). Glibc's Swift module leaves the GNU flag out.
    private static let pathOnly: Int32 = 0o10_000_000

    /// Throws `.untrustedAncestor` for the first ancestor of `directory`, open on `descriptor`,
    /// that is not root's or that group or others may write; `.unreadable` when the walk fails.
    static func check(_ descriptor: Int32, directory: String) throws(PluginRefusal) {
        var current = openat(descriptor, ".", pathOnly | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw .unreadable(path: directory, reason: String(cString: strerror(errno))) }
        defer { close(current) }
        var currentInfo = stat()
        guard fstat(current, &currentInfo) == 0 else {
            throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
        }
        while true {
            let parent = openat(current, "..", pathOnly | O_DIRECTORY | O_CLOEXEC)
            guard parent >= 0 else {
                throw .unreadable(
                    path: directory, reason: "cannot open its parent: \(String(cString: strerror(errno)))")
            }
            var parentInfo = stat()
            guard fstat(parent, &parentInfo) == 0 else {
                close(parent)
                throw .unreadable(path: directory, reason: String(cString: strerror(errno)))
            }
            // `/` (of this process) is its own parent: the walk ends there.
            if parentInfo.st_dev == currentInfo.st_dev && parentInfo.st_ino == currentInfo.st_ino {
                close(parent)
                return
            }
            let fault: String? =
                if parentInfo.st_uid != 0 {
                    "is owned by uid \(parentInfo.st_uid), not root"
                } else if parentInfo.st_mode & 0o022 != 0 {
                    "is writable by group or others (mode \(String(parentInfo.st_mode & 0o7777, radix: 8)))"
                } else {
                    nil
                }
            if let fault {
                let ancestor = path(of: parent) ?? directory + "/.."
                close(parent)
                throw .untrustedAncestor(directory: directory, ancestor: ancestor, reason: fault)
            }
            close(current)
            current = parent
            currentInfo = parentInfo
        }
    }

    /// Where the directory open on `descriptor` lies, as the kernel names it; nil if unknown.
    private static func path(of descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                readlink("/proc/self/fd/\(descriptor)", $0.baseAddress!, $0.count - 1)
            }
        }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}
