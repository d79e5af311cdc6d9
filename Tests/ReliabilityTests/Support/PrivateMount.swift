import Foundation
import TabbardTestSupport

/// A small tmpfs mounted over a fresh directory in a private mount namespace, so that a test
/// can fill it or make it read-only without touching the machine's filesystems. A holder
/// process keeps the namespace (and so the tmpfs and its files) alive across daemon restarts;
/// the daemon and every command that must see the tmpfs run inside it through `nsenter`.
/// Needs root and `unshare`; `unavailable` says why not otherwise.
final class PrivateMount {
    /// The mount point, as the processes inside the namespace see it (outside it is an empty
    /// directory).
    let directory: String
    private let holder: pid_t

    /// Why no private mount can be made here, or nil when one can.
    static let unavailable: String? = {
        guard getuid() == 0 else { return "not root: a tmpfs in a private mount namespace needs root" }
        for tool in ["/usr/bin/unshare", "/usr/bin/nsenter"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is missing (util-linux)"
        }
        guard let probe = try? runCommand(["/usr/bin/unshare", "-m", "/bin/true"], timeout: 10), probe.status == 0
        else {
            return "unshare -m is refused here (no CAP_SYS_ADMIN in this container?)"
        }
        return nil
    }()

    /// A tmpfs of `kibibytes` KiB, mounted and ready.
    init(kibibytes: Int) throws {
        directory = try makeTemporaryDirectory("tabbard-tmpfs")
        let ready = directory + ".mounted"
        // The marker is written outside the tmpfs, where the test can see it.
        let script =
            "mount -t tmpfs -o size=\(kibibytes)k,mode=0700 tabbard-test \"$0\" && touch \"$1\" && exec sleep 100000"
        holder = try spawn([
            "/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c", script, directory, ready,
        ])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: ready) {
            guard Date() < deadline, waitpid(holder, nil, WNOHANG) == 0 else {
                kill(holder, SIGKILL)
                waitpid(holder, nil, 0)
                throw TestFailure("the tmpfs at \(directory) was not mounted")
            }
            usleep(10_000)
        }
    }

    deinit {
        kill(holder, SIGKILL)
        waitpid(holder, nil, 0)
    }

    /// What runs a program inside the namespace: `launcher + [program, arguments…]`.
    var launcher: [String] { ["/usr/bin/nsenter", "-t", String(holder), "-m", "--"] }

    /// Runs a shell command inside the namespace; returns its outcome.
    @discardableResult
    func shell(_ command: String) throws -> CommandResult {
        try runCommand(launcher + ["/bin/sh", "-c", command], timeout: 30)
    }

    /// Fills the tmpfs to the last byte with a file named `filler`.
    func fill() throws {
        try shell("cat /dev/zero > '\(directory)/filler' 2>/dev/null; sync")
        let left = try shell("df --output=avail -k '\(directory)' | tail -1").output.trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard left == "0" else { throw TestFailure("the tmpfs still has \(left) KiB free") }
    }

    /// Frees what `fill` took.
    func free() throws {
        try shell("rm -f '\(directory)/filler'")
    }

    /// Remounts the tmpfs read-only, or read-write again.
    func remount(readOnly: Bool) throws {
        let result = try shell("mount -o remount,\(readOnly ? "ro" : "rw") '\(directory)'")
        guard result.status == 0 else { throw TestFailure("remount failed: \(result.errors)") }
    }

    /// The names in the tmpfs.
    func list() throws -> [String] {
        try shell("ls -A '\(directory)'").output.split(separator: "\n").map(String.init)
    }
}
