import Glibc
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// One daemon per state directory (STATE-4): the lock, its refusal naming the holder, and
/// the files around it.
@Suite("State directory lock")
struct StateDirectoryLockTests {
    @Test(
        "a second lock on the same directory is refused, naming the holder's pid and bus, until the first is released")
    func secondLockRefused() throws {
        let directory = temporaryDirectory()
        let first = try StateDirectoryLock(directory: directory, bus: "unix:path=/run/first", log: quietLog)
        do {
            let second = try StateDirectoryLock(directory: directory, bus: "unix:path=/run/second", log: quietLog)
            second.release()
            Issue.record("a second lock was granted")
        } catch {
            guard case .held(let held, let holder) = error else {
                Issue.record("refused for another reason: \(error)")
                return
            }
            #expect(held == directory)
            #expect(holder.pid == getpid())
            #expect(holder.bus == "unix:path=/run/first")
            #expect(holder.since != nil)
            #expect("\(error)".contains("in use by tabbard pid \(getpid()) (on bus unix:path=/run/first, since "))
        }
        first.release()
        let again = try StateDirectoryLock(directory: directory, bus: "session", log: quietLog)
        again.release()
    }

    @Test("a release lets go of the lock even while another process shares its open file")
    func releaseWhileShared() throws {
        // A process forked while the lock is open shares the lock's open file description
        // until it execs, and a flock belongs to the description: closing the holder's
        // descriptor alone left the lock held by that child. Here the sharing process is a
        // `sleep` handed a duplicate of the descriptor.
        let directory = temporaryDirectory()
        let first = try StateDirectoryLock(directory: directory, bus: "session", log: quietLog)
        let shared = try #require(Self.descriptor(openOn: first.path))
        let duplicate = dup(shared)
        try #require(duplicate >= 0)
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
        defer { for pointer in argv { free(pointer) } }
        try #require(posix_spawn(&child, "/bin/sleep", nil, nil, argv, environ) == 0)
        defer {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        close(duplicate)
        first.release()
        let again = try StateDirectoryLock(directory: directory, bus: "session", log: quietLog)
        again.release()
    }

    /// The descriptor of this process open on `path`, found through `/proc/self/fd`.
    static func descriptor(openOn path: String) -> Int32? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name) else { continue }
            var target = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard length > 0 else { continue }
            if String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == path {
                return descriptor
            }
        }
        return nil
    }

    @Test("the lock creates a missing state directory with mode 0700")
    func createsDirectory() throws {
        let directory = temporaryDirectory() + "/nested/state"
        let lock = try StateDirectoryLock(directory: directory, bus: "session", log: quietLog)
        defer { lock.release() }
        var info = stat()
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(lock.path == directory + "/" + StateDirectoryLock.fileName)
    }

    @Test("a link or a FIFO at the lock's name is set aside and a lock file of its own takes its place")
    func plantedLockFile() throws {
        let directory = temporaryDirectory()
        let victim = temporaryDirectory() + "/precious"
        try writeFile(victim, "keep me")
        try makeLink(directory + "/lock", to: victim)
        let lock = try StateDirectoryLock(directory: directory, bus: "session", log: quietLog)
        lock.release()
        #expect(try FileIO.read(victim) == Array("keep me".utf8))
        #expect(unlink(directory + "/lock") == 0)
        try makeFIFO(directory + "/lock")
        let second = try StateDirectoryLock(directory: directory, bus: "session", log: quietLog)
        second.release()
        #expect(directoryEntries(directory) == ["lock", "lock.fifo", "lock.symlink"])
    }

    @Test("a stale lock file from a holder that is gone does not hold")
    func staleFile() throws {
        let directory = temporaryDirectory()
        try writeFile(directory + "/lock", "pid 999999\nbus session\nsince 1\n")
        let lock = try StateDirectoryLock(directory: directory, bus: "system", log: quietLog)
        lock.release()
        #expect(
            try FileIO.read(directory + "/lock").map { String(decoding: $0, as: UTF8.self) }?.hasPrefix(
                "pid \(getpid())\nbus system\n") == true)
    }

    @Test("the holder's lines read back as written; missing or malformed ones stay unknown")
    func holderText() {
        let holder = StateDirectoryLock.Holder(pid: 42, bus: "unix:path=/tmp/x bus", since: 0)
        #expect(StateDirectoryLock.Holder(fileText: holder.fileText) == holder)
        #expect(holder.description == "tabbard pid 42 (on bus unix:path=/tmp/x bus, since 1970-01-01 00:00:00 UTC)")
        let garbled = StateDirectoryLock.Holder(fileText: "pid many\nbus\n\u{0}\nsince 5")
        #expect(garbled == StateDirectoryLock.Holder(pid: nil, bus: nil, since: 5))
        #expect(StateDirectoryLock.Holder(fileText: "").description == "a process that did not say who it is")
    }
}

/// The owners of the state directory's files set aside what is planted there, and only the
/// daemon that holds the lock does.
@Suite("Planted files in the state directory")
struct PlantedStateFileTests {
    @Test("a FIFO at state.json is set aside and defaults are used (STATE-4)")
    func stateFIFO() throws {
        let directory = temporaryDirectory()
        try makeFIFO(directory + "/state.json")
        #expect(StateStore(file: StateFile(directory: directory), log: quietLog).load() == nil)
        #expect(directoryEntries(directory) == ["state.json.fifo"])
    }

    @Test("plugins.state that is a FIFO is set aside by the daemon, and outcomes are written in its place")
    func pluginRecordsFIFO() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory, name: PluginRecords.fileName)
        try makeFIFO(file.path)
        let records = PluginRecords(file: file, log: quietLog)
        records.remember(PluginFingerprint(path: "/p/libx.so", size: 1, modified: 2), probed: true)
        #expect(directoryEntries(directory) == ["plugins.state", "plugins.state.fifo"])
        #expect(
            PluginRecords(file: file, log: quietLog).record(
                for: PluginFingerprint(path: "/p/libx.so", size: 1, modified: 2))?.probed == true)
    }

    @Test("records only read (--list-plugins, without the lock) move nothing and write nothing")
    func pluginRecordsReadOnly() throws {
        let directory = temporaryDirectory()
        let file = StateFile(directory: directory, name: PluginRecords.fileName)
        try makeFIFO(file.path)
        let records = PluginRecords.reading(file, log: quietLog)
        records.remember(PluginFingerprint(path: "/p/libx.so", size: 1, modified: 2), probed: true)
        #expect(directoryEntries(directory) == ["plugins.state"])
        #expect(records.file == nil)
    }
}
