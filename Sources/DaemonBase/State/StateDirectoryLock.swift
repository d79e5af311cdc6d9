import Glibc

/// An exclusive claim on a state directory, so that two daemons never keep state in the same
/// place: the second would otherwise restore the first one's state, run beside it, and at its
/// stop overwrite every change the first had acknowledged (STATE-4).
///
/// The claim is a `flock` on the file `lock` in the directory, opened as the directory's other
/// files are (no symbolic link followed, no blocking). The holder writes its pid, its bus and
/// when it took the lock into the file, so that a refused daemon can name it; the kernel's
/// lock table (`/proc/locks`) confirms the pid. The lock lives as long as the descriptor: a
/// daemon never releases it, and it ends with the process however that ends (SIGKILL too).
public struct StateDirectoryLock: Sendable {
    /// The lock file's name inside the state directory.
    public static let fileName = "lock"

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    /// Who holds a lock, as far as can be told.
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        /// Its process id (from the kernel's lock table, else from the lock file).
        public var pid: Int32?
        /// The bus it said it serves on.
        public var bus: String?
        /// When it took the lock, in seconds since 1970.
        public var since: Int64?

        /// The holder as a log line says it.
        public var description: String {
            var parts: [String] = []
            if let bus { parts.append("on bus \(bus)") }
            if let since { parts.append("since \(Self.utcTime(since))") }
            let detail = parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
            return (pid.map { "tabbard pid \($0)" } ?? "a process that did not say who it is") + detail
        }

        /// The lines a holder writes into the lock file.
        var fileText: String {
            [pid.map { "pid \($0)" }, bus.map { "bus \($0)" }, since.map { "since \($0)" }]
                .compactMap { $0 }.map { $0 + "\n" }.joined()
        }

        /// What `fileText` wrote; missing or malformed lines are left nil.
        init(fileText text: String) {
            for line in text.split(separator: "\n") {
                let field = line.split(separator: " ", maxSplits: 1)
                guard field.count == 2 else { continue }
                switch field[0] {
                case "pid": pid = Int32(field[1])
                case "bus": bus = String(field[1])
                case "since": since = Int64(field[1])
                default: continue
                }
            }
        }

        init(pid: Int32?, bus: String?, since: Int64?) {
            self.pid = pid
            self.bus = bus
            self.since = since
        }

        private static func utcTime(_ seconds: Int64) -> String {
            var time = time_t(seconds)
            var parts = tm()
            var buffer = [CChar](repeating: 0, count: 32)
            guard gmtime_r(&time, &parts) != nil,
                strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts) > 0
            else { return "\(seconds)" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Why the lock was not taken.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Another process holds it.
        case held(directory: String, by: Holder)
        /// The lock file could not be opened or locked.
        case failed(FileError)

        /// The failure as a log line says it.
        public var description: String {
            switch self {
            case .held(let directory, let holder):
                "the state directory \(directory) is in use by \(holder); one daemon per state directory"
            case .failed(let error):
                "cannot lock the state directory: \(error)"
            }
        }
    }

    /// Takes the lock on `directory` (created if missing) for this process, serving on `bus`,
    /// without waiting. Anything planted at the lock file's name that is not a regular file is
    /// set aside with a warning first. Throws `.held` naming the holder when another process
    /// has it.
    public init(directory: String, bus: String, log: Log) throws(Refusal) {
        let file = StateFile(directory: directory, name: Self.fileName)
        path = file.path
        do {
            try file.makeDirectory()
            descriptor = try Self.open(file, log: log)
        } catch {
            throw .failed(error)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            defer { close(descriptor) }
            if failure == EWOULDBLOCK { throw .held(directory: directory, by: Self.holder(of: descriptor, path: path)) }
            throw .failed(FileError(operation: "flock", path: path, errno: failure))
        }
        // Who holds it, for the next daemon's refusal; the lock stands even if this fails.
        let text = Array(Holder(pid: getpid(), bus: bus, since: Int64(time(nil))).fileText.utf8)
        if ftruncate(descriptor, 0) != 0 || pwrite(descriptor, text, text.count, 0) != text.count {
            log.info("cannot note the holder in \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Releases the lock now. A daemon never calls this: its lock ends with the process.
    public func release() {
        // Unlocked before the close: a flock belongs to the open file description, which a
        // process forked meanwhile shares until it execs, and the close alone would leave the
        // lock held through that process's copy.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    // MARK: - Opening

    /// Opens (creating) the lock file for locking. A link or anything but a regular file there
    /// cannot be a lock of ours, so it is set aside and the open tried once more.
    private static func open(_ file: StateFile, log: Log) throws(FileError) -> Int32 {
        do {
            return try FileIO.openRegularFile(file.path, flags: O_RDWR | O_CREAT, links: .refuse)
        } catch {
            guard let suffix = StateFile.setAsideSuffix(for: error) else { throw error }
            file.setAside(
                suffix: suffix, reason: error.reason, log: log, consequence: "a new lock file takes its place")
            return try FileIO.openRegularFile(file.path, flags: O_RDWR | O_CREAT, links: .refuse)
        }
    }

    // MARK: - The holder

    /// The holder of the lock on the file open as `descriptor`: what it wrote into the file,
    /// unless the kernel says another process holds it.
    private static func holder(of descriptor: Int32, path: String) -> Holder {
        let text = (try? FileIO.read(descriptor: descriptor, path: path, limit: 4096)) ?? []
        let written = Holder(fileText: String(decoding: text, as: UTF8.self))
        guard let pid = kernelHolder(of: descriptor), pid != written.pid else { return written }
        // The file is stale (its writer died before noting itself, or has not yet).
        return Holder(pid: pid, bus: nil, since: nil)
    }

    /// The pid `/proc/locks` gives for the `flock` on the file open as `descriptor`, matched
    /// by device and inode; nil when not found.
    private static func kernelHolder(of descriptor: Int32) -> Int32? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return kernelHolder(of: info)
    }

    /// Whether a process holds the lock on `directory` now, as the kernel's lock table says;
    /// nothing is opened or locked, so a daemon starting meanwhile is never refused for it.
    package static func isHeld(directory: String) -> Bool {
        var info = stat()
        guard stat(StateFile(directory: directory, name: fileName).path, &info) == 0 else { return false }
        return kernelHolder(of: info) != nil
    }

    /// The pid `/proc/locks` gives for the `flock` on the file of `info`, matched by device and
    /// inode; nil when not found.
    private static func kernelHolder(of info: stat) -> Int32? {
        guard let table = try? FileIO.read("/proc/locks", limit: FileIO.defaultLimit) else { return nil }
        // glibc's major()/minor(): the device number's two halves, interleaved.
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        // "3: FLOCK  ADVISORY  WRITE 11753 fe:00:16220322 0 EOF"; waiters ("3: -> FLOCK …") differ in field 1.
        for line in String(decoding: table, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]) else { continue }
            let file = fields[5].split(separator: ":")
            guard file.count == 3, UInt64(file[0], radix: 16) == major, UInt64(file[1], radix: 16) == minor,
                UInt64(file[2]) == UInt64(info.st_ino)
            else { continue }
            return pid
        }
        return nil
    }
}
