import Glibc

/// Writes a line to standard error (the C `stderr` global is not concurrency-safe in Swift 6).
public func warn(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// A private `dbus-daemon` for one benchmark run, in a temporary directory, and the processes
/// started on it; everything is killed and removed by `stop()`.
public final class BenchBus {
    /// The bus address.
    public let address: String
    /// The `dbus-daemon`'s process id, for what it spends relaying a benchmark's messages.
    public private(set) var pid: pid_t = 0
    private let directory: String
    private var children: [pid_t] = []

    /// Starts the bus and waits for its socket.
    public init() {
        var template = Array("/tmp/tabbard-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
        directory = String(cString: made)
        let socket = directory + "/bus"
        address = "unix:path=" + socket
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        writeFile(directory + "/bus.conf", config)
        pid = spawn(
            ["/usr/bin/dbus-daemon", "--config-file=\(directory)/bus.conf", "--nofork", "--nopidfile"], quiet: true)
        var waited = 0
        while access(socket, F_OK) != 0 && waited < 1000 {
            usleep(10_000)
            waited += 1
        }
    }

    /// A scratch directory inside the run's directory.
    public func scratch(_ name: String) -> String {
        let path = directory + "/" + name
        mkdir(path, 0o700)
        return path
    }

    /// Starts a program that `stop()` will kill; `quiet` sends its stderr to /dev/null.
    @discardableResult
    public func spawn(_ argv: [String], quiet: Bool = false, environment: [String] = []) -> pid_t {
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var variables: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            variables.append(strdup(pointer))
            entry += 1
        }
        variables += environment.map { strdup($0) }
        variables.append(nil)
        defer { for pointer in variables { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, variables) == 0 else {
            warn("bench: cannot start \(argv[0])")
            stop()
            exit(1)
        }
        children.append(pid)
        return pid
    }

    /// Kills one child started with `spawn` and reaps it.
    public func kill(_ pid: pid_t, signal: Int32 = SIGKILL) {
        Glibc.kill(pid, signal)
        waitpid(pid, nil, 0)
        children.removeAll { $0 == pid }
    }

    /// Kills every child, the bus last, and removes the directory.
    public func stop() {
        for child in children.reversed() {
            Glibc.kill(child, SIGKILL)
            waitpid(child, nil, 0)
        }
        children = []
        _ = system("rm -rf '\(directory)'")
    }
}

/// Writes `text` to `path`, replacing it.
public func writeFile(_ path: String, _ text: String) {
    guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
    fputs(text, file)
    fclose(file)
}

/// The directory of the running executable (its sibling products live there).
public func executableDirectory() -> String {
    let here = String(cString: realpath("/proc/self/exe", nil))
    return String(here[..<here.lastIndex(of: "/")!])
}
