import Foundation
import Loop
import TabbardTestSupport
import Testing

@Suite("Spawned children: clean signal state, process groups, how they ended")
struct ChildProcessTests {
    /// Runs `script` through `/bin/sh` with its standard output on a pipe; returns the child
    /// and the pipe's read end.
    private func shell(_ script: String, newProcessGroup: Bool = false) throws -> (ChildProcess, Int32) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[1]) }
        let child = try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", script], standardOutput: ends[1],
            newProcessGroup: newProcessGroup)
        return (child, ends[0])
    }

    private func readAll(_ fd: Int32) -> String {
        defer { close(fd) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            output += buffer[..<count]
        }
        return String(decoding: output, as: UTF8.self)
    }

    @Test("the child's output goes where the parent says; its exit status comes back")
    func output() throws {
        let (child, output) = try shell("echo hello; exit 3")
        #expect(readAll(output) == "hello\n")
        #expect(child.wait() == .exited(3))
    }

    @Test("a passed descriptor is the child's descriptor 3, and the child holds no other")
    func passedDescriptor() throws {
        var link: [Int32] = [0, 0]
        #expect(pipe(&link) == 0)
        _ = fcntl(link[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(link[1], F_SETFD, FD_CLOEXEC)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let child = try ChildProcess.spawn(
            "/bin/sh",
            arguments: [
                "-c",
                """
                echo linked >&3
                n=4; while [ $n -le 64 ]; do [ -e /proc/$$/fd/$n ] && printf 'extra %s ' $n; n=$((n+1)); done
                [ -e /proc/$$/fd/3 ] && printf three
                """,
            ],
            standardOutput: ends[1], passing: link[1])
        close(ends[1])
        close(link[1])
        #expect(readAll(link[0]) == "linked\n")
        #expect(readAll(ends[0]) == "three")
        #expect(child.wait() == .exited(0))
    }

    @Test("signals the parent blocks reach the child at their default disposition")
    func cleanSignals() throws {
        // The parent blocks SIGTERM (as a loop with a signal watch does) and ignores SIGPIPE.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let (child, output) = try shell("grep -E '^(SigBlk|SigIgn)' /proc/self/status; kill -TERM $$; sleep 5")
        let status = readAll(output)
        #expect(status.contains("SigBlk:\t0000000000000000"), "\(status)")
        #expect(child.wait() == .signalled(SIGTERM))
    }

    @Test("a child leading its own group is killed with whatever it started")
    func processGroup() throws {
        let (child, output) = try shell("sleep 30 & echo $!; wait", newProcessGroup: true)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(output, &buffer, buffer.count)
        let grandchild = try #require(
            pid_t(
                String(decoding: buffer[..<max(0, count)], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        close(output)
        #expect(child.reap() == nil, "still running")
        child.kill(SIGKILL)
        #expect(child.wait() == .signalled(SIGKILL))
        // The grandchild got the signal too: it is gone once init or the shell has reaped it.
        let deadline = Date().addingTimeInterval(5)
        while kill(grandchild, 0) == 0 && Date() < deadline { usleep(10_000) }
        #expect(kill(grandchild, 0) != 0)
    }

    @Test("a program that cannot be started is the errno of posix_spawn")
    func cannotStart() {
        #expect(throws: LoopError("posix_spawn(/nonexistent/program)", code: ENOENT)) {
            try ChildProcess.spawn("/nonexistent/program", arguments: [], standardOutput: 1)
        }
    }
}
