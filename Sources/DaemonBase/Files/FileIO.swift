import Glibc

/// Whole-file reads that can neither block nor grow without bound, with the precise reason on
/// failure. Every file the daemon reads (configuration, manifests, state, `plugins.state`) is
/// small and must be a regular file: a FIFO would block `open` and `read` until a writer came,
/// and a device such as `/dev/zero` never ends, so both are refused rather than read.
public enum FileIO {
    /// The most a configuration file or a plugin manifest may hold: 4 MiB, over four times
    /// the largest plausible one (a `tabs` list or a manifest of 10,000 tabs is under 1 MiB).
    public static let defaultLimit = 4 << 20

    /// What a read does when the path's last component is a symbolic link.
    public enum Links: Sendable {
        /// The link is followed (configuration and manifests: an operator may link them).
        case follow
        /// The link is refused with `FileError.Cause.symbolicLink` (the state directory's
        /// files, which only the daemon creates).
        case refuse
    }

    /// The bytes of the regular file at `path`, or nil when it does not exist. Anything else
    /// (a FIFO, a device, a directory, a refused link, more than `limit` bytes) throws a
    /// `FileError` saying so, at once.
    public static func read(_ path: String, limit: Int = defaultLimit, links: Links = .follow) throws(FileError)
        -> [UInt8]?
    {
        let descriptor: Int32
        do {
            descriptor = try openRegularFile(path, flags: O_RDONLY, links: links)
        } catch  where error.errno == ENOENT {
            return nil
        }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, limit: limit)
    }

    /// Opens the regular file at `path` with `flags` (`O_NONBLOCK` and `O_CLOEXEC` added,
    /// `O_NOFOLLOW` too when links are refused; `mode` when `O_CREAT` creates it), and returns
    /// its descriptor. Anything but a regular file is refused with a `FileError`, closed again
    /// before it could be read or written.
    public static func openRegularFile(_ path: String, flags: Int32, mode: mode_t = 0o600, links: Links)
        throws(FileError) -> Int32
    {
        // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer; fstat refuses it.
        var flags = flags | O_NONBLOCK | O_CLOEXEC
        if links == .refuse { flags |= O_NOFOLLOW }
        let descriptor = open(path, flags, mode)
        guard descriptor >= 0 else {
            let failure = errno
            // O_NOFOLLOW answers ELOOP for a link as the last component.
            if failure == ELOOP, links == .refuse, FileKind(entryAt: path) == .symbolicLink {
                throw FileError(operation: "open", path: path, cause: .symbolicLink)
            }
            throw FileError(operation: "open", path: path, errno: failure)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = errno
            close(descriptor)
            throw FileError(operation: "fstat", path: path, errno: failure)
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            close(descriptor)
            throw FileError(operation: "open", path: path, cause: .notRegularFile(kind))
        }
        return descriptor
    }

    /// The whole content of the open file `descriptor` (named `path` in errors), which must
    /// be a regular file of at most `limit` bytes.
    public static func read(descriptor: Int32, path: String, limit: Int) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(operation: "fstat", path: path, errno: errno) }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else { throw FileError(operation: "read", path: path, cause: .notRegularFile(kind)) }
        guard info.st_size <= limit else {
            throw FileError(operation: "read", path: path, cause: .tooLarge(size: Int64(info.st_size), limit: limit))
        }
        // Straight into the result, sized by `fstat` and one byte more, so that the end shows
        // in the same call: no chunk to clear and copy (every start reads several files). A
        // file whose size `fstat` understates (as in /proc) or that grows while it is read
        // makes the room double, never past one byte over the limit, so that it is refused too.
        var bytes: [UInt8] = []
        var room = min(Int(info.st_size), limit) + 1
        while true {
            let (reachedEnd, failure) = readAppending(descriptor, to: &bytes, room: room)
            if failure != 0 { throw FileError(operation: "read", path: path, errno: failure) }
            if reachedEnd { return bytes }
            guard bytes.count <= limit else {
                throw FileError(operation: "read", path: path, cause: .tooLarge(size: Int64(bytes.count), limit: limit))
            }
            room = min(room * 2, limit + 1)
        }
    }

    /// Reads from `descriptor` after the bytes of `bytes` until they fill `room` or the file
    /// ends; whether it ended, and the `errno` of a failed read (0 when none failed).
    private static func readAppending(_ descriptor: Int32, to bytes: inout [UInt8], room: Int) -> (
        reachedEnd: Bool, errno: Int32
    ) {
        var reachedEnd = false
        var failure: Int32 = 0
        let earlier = bytes
        bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: earlier)
            while initialized < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 {
                    reachedEnd = true
                    return
                }
                initialized += count
            }
        }
        return (reachedEnd, failure)
    }
}
