import DaemonBase
import Glibc

/// A plugin file opened once and checked through its descriptor, so that what is checked is
/// what is read or loaded: a file swapped for another after the check is never the one used
/// (the module is loaded through `/proc/self/fd/N`).
final class CheckedFile {
    /// The path as the refusals name it.
    let path: String
    /// The open descriptor; closed when the object goes away.
    let descriptor: Int32

    /// Set once the dynamic loader holds the file under `descriptorPath`.
    private var loaded = false

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        if !loaded { close(descriptor) }
    }

    /// Keeps the descriptor open for the rest of the process. glibc recognises an object it
    /// already loaded by the name it was opened under: were `/proc/self/fd/N` closed and N
    /// reused for another plugin, `dlopen` would hand back the first plugin instead. A
    /// loaded plugin is never unloaded, so its descriptor is never closed either.
    func keepOpenForLoadedModule() {
        loaded = true
    }

    /// Opens `name` in `directory` under `trust`. On the system instance the directory, its
    /// every ancestor and the file must be root's and not writable by group or others, the
    /// directory and the file not symbolic links, and `name` must be a plain file name.
    static func open(_ name: String, in directory: String, trust: PluginTrust) throws(PluginRefusal) -> CheckedFile {
        let path = name.hasPrefix("/") ? name : (directory.hasSuffix("/") ? directory : directory + "/") + name
        switch trust {
        case .session:
            // O_NONBLOCK: a FIFO opens at once (and is refused as no regular file), never waits.
            let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw PluginRefusal.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            let file = CheckedFile(path: path, descriptor: descriptor)
            try file.requireRegularFile()
            return file
        case .system:
            guard !name.contains("/") else { throw PluginRefusal.moduleOutsideDirectory(path: name) }
            let directoryDescriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard directoryDescriptor >= 0 else { throw refusal(for: errno, path: directory) }
            let parent = CheckedFile(path: directory, descriptor: directoryDescriptor)
            try parent.requireRootOwned()
            try PluginDirectoryAncestry.check(directoryDescriptor, directory: directory)
            let descriptor = openat(directoryDescriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw refusal(for: errno, path: path) }
            let file = CheckedFile(path: path, descriptor: descriptor)
            try file.requireRegularFile()
            try file.requireRootOwned()
            return file
        }
    }

    /// Takes `descriptor`, a module file the daemon opened and checked and handed to its probe
    /// child, known as `path`: checked again as `open` checks a file under `trust`, it is the
    /// file loaded, whatever lies at `path` now.
    static func adopt(_ descriptor: Int32, path: String, trust: PluginTrust) throws(PluginRefusal) -> CheckedFile {
        let file = CheckedFile(path: path, descriptor: descriptor)
        try file.requireRegularFile()
        if trust == .system { try file.requireRootOwned() }
        return file
    }

    /// The whole file as UTF-8 text, at most `FileIO.defaultLimit` bytes.
    func readText() throws(PluginRefusal) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(descriptor: descriptor, path: path, limit: FileIO.defaultLimit)
        } catch {
            throw PluginRefusal.unreadable(path: path, reason: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PluginRefusal.unreadable(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Checks that the file is an ELF shared object for this machine.
    func requireSharedObject() throws(PluginRefusal) {
        var bytes = [UInt8](repeating: 0, count: ELFHeader.size)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == ELFHeader.size, let header = ELFHeader(bytes) else { throw PluginRefusal.notELF(path: path) }
        if let mismatch = header.mismatch { throw PluginRefusal.notSharedObject(path: path, detail: mismatch) }
    }

    /// The path through which the dynamic loader opens this very file.
    var descriptorPath: String { "/proc/self/fd/\(descriptor)" }

    private func status() throws(PluginRefusal) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw PluginRefusal.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return info
    }

    private func requireRegularFile() throws(PluginRefusal) {
        guard try status().st_mode & S_IFMT == S_IFREG else { throw PluginRefusal.notRegularFile(path: path) }
    }

    private func requireRootOwned() throws(PluginRefusal) {
        let info = try status()
        guard info.st_uid == 0 else { throw PluginRefusal.notOwnedByRoot(path: path, uid: info.st_uid) }
        guard info.st_mode & 0o022 == 0 else { throw PluginRefusal.writableByOthers(path: path, mode: info.st_mode) }
    }

    private static func refusal(for error: Int32, path: String) -> PluginRefusal {
        // O_NOFOLLOW answers ELOOP for a link as the last component, and O_DIRECTORY answers
        // ENOTDIR for a link to a directory (and for a plain file, hence the lstat).
        var info = stat()
        if error == ELOOP || error == ENOTDIR, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return .symbolicLink(path: path)
        }
        return .unreadable(path: path, reason: String(cString: strerror(error)))
    }
}
