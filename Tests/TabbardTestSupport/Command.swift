import Foundation

/// The result of running an external program.
public struct CommandResult {
    /// The exit status.
    public let status: Int32
    /// Standard output.
    public let output: String
    /// Standard error.
    public let errors: String
}

/// Runs `arguments` (the first is the program path) and waits at most `timeout` seconds,
/// killing it after that; standard input is `input` when given.
public func runCommand(_ arguments: [String], input: String? = nil, timeout: TimeInterval = 30) throws -> CommandResult
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let stdin = Pipe()
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try? stdin.fileHandleForWriting.close()
    // Read both pipes concurrently so a full pipe cannot stall the child.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { outData = output.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = errors.fileHandleForReading.readDataToEndOfFile() }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
        process.terminate()
        // A program stuck with SIGTERM blocked (a daemon before its loop runs) gets SIGKILL.
        let killAt = Date().addingTimeInterval(5)
        while process.isRunning && Date() < killAt { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 5)
        throw TestFailure("\(arguments.joined(separator: " ")) did not finish within \(timeout) s")
    }
    process.waitUntilExit()
    _ = group.wait(timeout: .now() + 5)
    return CommandResult(
        status: process.terminationStatus,
        output: String(decoding: outData, as: UTF8.self),
        errors: String(decoding: errData, as: UTF8.self))
}

/// The Python that has dbus-python and PyGObject.
public let systemPython = "/usr/bin/python3"
