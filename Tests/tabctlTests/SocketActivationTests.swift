import CSocketActivation
import Glibc
import Testing

/// The two libsystemd calls tabctl's statically linked libdbus refers to
/// (`Sources/CSocketActivation`): the results and errors of sd_listen_fds(3) and sd_is_socket(3).
/// Serialized: they read and change the process's environment.
@Suite("tabctl's socket-activation calls", .serialized)
struct SocketActivationTests {
    /// Runs `body` with the LISTEN_* variables set as given (nil: unset), then puts back what was.
    private func withListenVariables<T>(pid: String?, fds: String?, _ body: () throws -> T) rethrows -> T {
        let names = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"]
        let saved = names.map { name in getenv(name).map { String(cString: $0) } }
        defer {
            for (name, value) in zip(names, saved) {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        for (name, value) in [("LISTEN_PID", pid), ("LISTEN_FDS", fds)] {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        setenv("LISTEN_FDNAMES", "bus", 1)
        return try body()
    }

    private func isSet(_ name: String) -> Bool { getenv(name) != nil }

    @Test("without LISTEN_PID nothing was passed: 0, and the variables stay unless asked to go")
    func noListenPid() {
        withListenVariables(pid: nil, fds: "2") {
            #expect(sd_listen_fds(0) == 0)
            #expect(isSet("LISTEN_FDS"))
            #expect(sd_listen_fds(1) == 0)
            #expect(!isSet("LISTEN_FDS") && !isSet("LISTEN_FDNAMES"))
        }
    }

    @Test("LISTEN_PID of another process: 0, whatever LISTEN_FDS says")
    func anotherProcess() {
        withListenVariables(pid: String(getpid() + 1), fds: "2") {
            #expect(sd_listen_fds(0) == 0)
            #expect(isSet("LISTEN_PID"))
        }
    }

    @Test(
        "LISTEN_PID or LISTEN_FDS that is not a number: -EINVAL, and the variables go when asked",
        arguments: [
            ("x", "1"), ("", "1"), ("-5", "1"), ("12abc", "1"), ("self", "two"), ("self", ""), ("self", nil),
            ("self", "99999999999999999999"),
        ] as [(String, String?)])
    func notNumbers(pid: String, fds: String?) {
        withListenVariables(pid: pid == "self" ? String(getpid()) : pid, fds: fds) {
            #expect(sd_listen_fds(1) == -EINVAL)
            #expect(!isSet("LISTEN_PID") && !isSet("LISTEN_FDS") && !isSet("LISTEN_FDNAMES"))
        }
    }

    @Test("LISTEN_FDS=0 for this process: 0")
    func zeroPassed() {
        withListenVariables(pid: String(getpid()), fds: "0") { #expect(sd_listen_fds(0) == 0) }
    }

    @Test("descriptors passed to this process: their count, each set close-on-exec")
    func passedDescriptors() throws {
        // Descriptor 3 is the first a service manager passes; the test runner may hold it already.
        let first = SD_LISTEN_FDS_START
        let heldBefore = fcntl(first, F_GETFD)
        var borrowed: Int32 = -1
        if heldBefore < 0 {
            borrowed = open("/dev/null", O_RDONLY)
            try #require(borrowed >= 0 && dup2(borrowed, first) == first)
        }
        defer {
            if heldBefore >= 0 { _ = fcntl(first, F_SETFD, heldBefore) } else { close(first); close(borrowed) }
        }
        _ = fcntl(first, F_SETFD, 0)
        withListenVariables(pid: String(getpid()), fds: "1") {
            #expect(sd_listen_fds(0) == 1)
            #expect(fcntl(first, F_GETFD) & FD_CLOEXEC != 0)
        }
    }

    @Test("a socket is told apart by family, type and whether it listens")
    func socketKinds() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let stream = Int32(SOCK_STREAM.rawValue)
        #expect(sd_is_socket(pair[0], AF_UNSPEC, 0, -1) == 1)
        #expect(sd_is_socket(pair[0], AF_UNIX, stream, 0) == 1)
        #expect(sd_is_socket(pair[0], AF_INET, stream, 0) == 0)
        #expect(sd_is_socket(pair[0], AF_UNIX, Int32(SOCK_DGRAM.rawValue), -1) == 0)
        #expect(sd_is_socket(pair[0], AF_UNIX, stream, 1) == 0)

        let listener = socket(AF_UNIX, stream, 0)
        try #require(listener >= 0)
        defer { close(listener) }
        // An abstract address (leading NUL): nothing on disk to clean up.
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let name = Array("\0tabctl-socket-activation-\(getpid())".utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in name.enumerated() { path[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + name.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        #expect(sd_is_socket(listener, AF_UNIX, stream, 1) == 1)
        #expect(sd_is_socket(listener, AF_UNIX, stream, 0) == 0)
        #expect(sd_is_socket(listener, AF_UNSPEC, 0, -1) == 1)
    }

    @Test("what is not a socket is 0; a negative descriptor or family is an error")
    func notSockets() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(sd_is_socket(ends[0], AF_UNSPEC, 0, -1) == 0)
        #expect(sd_is_socket(-1, AF_UNSPEC, 0, -1) == -EBADF)
        #expect(sd_is_socket(ends[0], -1, 0, -1) == -EINVAL)
    }
}
