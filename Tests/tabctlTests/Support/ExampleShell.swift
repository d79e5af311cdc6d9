import Foundation
import Loop
import TabbardTestSupport

/// A shell in which `tabctl` is the built one, talking to a test's bus: examples run exactly
/// as a person would paste them, in bash, from a scratch directory that is also `$HOME`.
final class ExampleShell {
    /// The working directory and `$HOME` of every example.
    let directory: String
    private let path: String

    /// A shell for `bus`.
    init(bus: PrivateBus) throws {
        directory = try makeTemporaryDirectory("tabctl-examples")
        let bin = directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let wrapper = """
            #!/bin/sh
            exec '\(try PackagePaths.executable("tabctl"))' --address '\(bus.address)' "$@"

            """
        try writeScript(wrapper, to: bin + "/tabctl")
        path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    private func bash(_ line: String) -> [String] {
        [
            "/usr/bin/env", "PATH=\(path)", "HOME=\(directory)", "/bin/bash", "-o", "pipefail", "-c",
            "cd \"$HOME\" && \(line)",
        ]
    }

    /// Runs `line` to its end.
    func run(_ line: String) throws -> CommandResult {
        try runCommand(bash(line), timeout: 20)
    }

    /// Starts `line` in a process group of its own, for examples that keep running.
    func start(_ line: String) throws -> RunningExample {
        try RunningExample(bash(line), in: directory)
    }
}

/// Writes an executable script through a close-on-exec descriptor, closed before the script
/// runs: a process that tests running in parallel spawn meanwhile must not hold it open for
/// writing when it is executed (ETXTBSY, "Text file busy").
func writeScript(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw TestFailure("cannot create \(path)") }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw TestFailure("cannot write \(path)") }
}

/// An example that keeps running (`follow`, `delegate`), with its output in files. Stopped
/// with SIGTERM, as a person presses Ctrl-C, or killed when released.
final class RunningExample {
    private let child: ChildProcess
    private let outputFile: String
    private let errorFile: String
    private var ended: ChildProcess.Termination?

    fileprivate init(_ arguments: [String], in directory: String) throws {
        let name = UUID().uuidString.prefix(8)
        outputFile = directory + "/\(name).out"
        errorFile = directory + "/\(name).err"
        let output = open(outputFile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { close(output) }
        // Standard error goes to its file through the shell, which the child process set-up
        // leaves alone.
        var command = arguments
        command[command.count - 1] = "exec 2> \(errorFile); " + command[command.count - 1]
        child = try ChildProcess.spawn(
            command[0], arguments: Array(command.dropFirst()), standardOutput: output,
            newProcessGroup: true)
    }

    deinit {
        if ended == nil {
            child.kill(SIGKILL)
            child.wait()
        }
    }

    /// What it printed so far.
    var output: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }
    /// What it wrote on standard error so far.
    var errors: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    /// Waits until its output contains `text` (at most `timeout` seconds); false if it never did.
    func waitForOutput(containing text: String, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !output.contains(text) {
            guard Date() < deadline else { return false }
            usleep(20_000)
        }
        return true
    }

    /// True while it has not ended.
    var isRunning: Bool {
        if ended == nil { ended = child.reap() }
        return ended == nil
    }

    /// Sends SIGTERM to the whole group, as Ctrl-C in a terminal reaches every process of the
    /// pipeline, and waits for the shell to end (the commands in it may take a moment more).
    func stop() {
        guard isRunning else { return }
        child.kill(SIGTERM)
        ended = child.wait()
    }
}
