import Glibc
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// What a plugin's helper gives up before it loads its plugin (docs/plugins.md, Isolation): the
/// Landlock ruleset it restricts itself to, decided from the instance, the state directory and
/// the kernel's answer. Applying it is irreversible, so the process of these tests never does:
/// `HelperPrivilegeTests` (integration) sees a real helper confined.
@Suite("Plugin confinement")
struct PluginConfinementTests {
    static let system = PluginConfinement(instance: .system, stateDirectory: "/var/lib/tabbard")

    @Test("a helper of the session instance gets no Landlock ruleset, whatever the kernel has")
    func sessionHasNoRuleset() throws {
        let session = PluginConfinement(instance: .session, stateDirectory: "/home/ada/.local/state/tabbard")
        #expect(try session.ruleset(landlock: .success(7)) == nil)
        #expect(try session.ruleset(landlock: .failure(.landlockUnavailable(ENOSYS))) == nil)
    }

    @Test(
        "issue 37.1: only a helper of the system instance, whose uid is the daemon's, keeps itself off the bus; the failure to do so names the kernel's answer"
    )
    func busFilterOnTheSystemInstanceOnly() {
        #expect(Self.system.refusesBusSockets)
        #expect(!PluginConfinement(instance: .session, stateDirectory: nil).refusesBusSockets)
        let words = ConfinementError.busFilter(ENOSYS).description
        #expect(words.contains("system call filter") && words.contains("errno \(ENOSYS)"), "\(words)")
    }

    @Test(
        "a helper of the system instance on a kernel without Landlock fails closed, naming the kernel's answer",
        arguments: [ENOSYS, EOPNOTSUPP, EPERM])
    func systemWithoutLandlockFailsClosed(_ code: Int32) {
        #expect(throws: ConfinementError.landlockUnavailable(code)) {
            try Self.system.ruleset(landlock: .failure(.landlockUnavailable(code)))
        }
        let words = ConfinementError.landlockUnavailable(code).description
        #expect(words.contains(String(cString: strerror(code))) && words.contains("errno \(code)"), "\(words)")
    }

    @Test(
        "the system instance's ruleset handles every right that changes the filesystem and the ABI knows: REFER from 2, TRUNCATE from 3"
    )
    func handledRightsFollowTheABI() throws {
        let writes: Landlock.Access = [
            .writeFile, .removeDirectory, .removeFile, .makeCharacterDevice, .makeDirectory,
            .makeRegularFile, .makeSocket, .makeFIFO, .makeBlockDevice, .makeSymbolicLink,
        ]
        #expect(try Self.system.ruleset(landlock: .success(1))?.handled == writes)
        #expect(try Self.system.ruleset(landlock: .success(2))?.handled == writes.union(.refer))
        for abi: Int32 in [3, 5, 7] {
            #expect(try Self.system.ruleset(landlock: .success(abi))?.handled == writes.union([.refer, .truncate]))
        }
        // Reading and executing are never handled: a confined plugin reads what its user may.
        #expect(Landlock.Access.changing(abi: 7).rawValue & (1 << 0 | 1 << 2 | 1 << 3) == 0)
    }

    @Test("signals out of the helper are refused from ABI 6, the first that scopes them")
    func signalsScopedFromABI6() throws {
        #expect(try Self.system.ruleset(landlock: .success(5))?.scopesSignals == false)
        #expect(try Self.system.ruleset(landlock: .success(6))?.scopesSignals == true)
        #expect(try Self.system.ruleset(landlock: .success(7))?.scopesSignals == true)
    }

    @Test("a system helper writes only beneath /tmp, /var/tmp and /dev/shm, and only into the files of /dev")
    func scratchPlaces() throws {
        let ruleset = try #require(try Self.system.ruleset(landlock: .success(7)))
        let changing = Landlock.Access.changing(abi: 7)
        #expect(
            ruleset.rules == [
                Landlock.Rule(path: "/tmp", access: changing), Landlock.Rule(path: "/var/tmp", access: changing),
                Landlock.Rule(path: "/dev/shm", access: changing),
                Landlock.Rule(path: "/dev", access: [.writeFile, .truncate]),
            ])
        #expect(ruleset.leftOut.isEmpty)
        // Before ABI 3 truncation is not handled, so it is not given either.
        #expect(
            try Self.system.ruleset(landlock: .success(2))?.rules.last
                == Landlock.Rule(path: "/dev", access: .writeFile))
    }

    @Test(
        "a temporary directory that holds the state directory is left out, so the state directory stays read-only",
        arguments: [
            ("/tmp/tabbard-state-1", ["/tmp"]), ("/var/tmp/tabbard", ["/var/tmp"]),
            ("/dev/shm/x/", ["/dev/shm", "/dev"]),
            ("/tmp", ["/tmp"]), ("/", ["/tmp", "/var/tmp", "/dev/shm", "/dev"]), ("/tmpfoo/state", []),
        ])
    func stateDirectoryInScratchIsLeftOut(_ state: String, _ leftOut: [String]) throws {
        let ruleset = try #require(
            try PluginConfinement(instance: .system, stateDirectory: state).ruleset(landlock: .success(7)))
        #expect(ruleset.leftOut == leftOut)
        #expect(Set(ruleset.rules.map(\.path)).isDisjoint(with: leftOut))
        #expect(ruleset.rules.count + leftOut.count == PluginConfinement.scratch(abi: 7).count)
    }

    @Test("without a state directory (--no-state) every scratch place is kept")
    func noStateKeepsScratch() throws {
        let ruleset = try PluginConfinement(instance: .system, stateDirectory: nil).ruleset(landlock: .success(7))
        #expect(ruleset?.rules == PluginConfinement.scratch(abi: 7))
    }

    @Test("the state directory is compared with its symbolic links resolved")
    func stateDirectoryResolved() throws {
        let directory = try TemporaryDirectory()
        let link = directory.path + "/state-link"
        #expect(symlink("/var/tmp", link) == 0)
        let ruleset = try #require(
            try PluginConfinement(instance: .system, stateDirectory: link).ruleset(landlock: .success(7)))
        #expect(ruleset.leftOut == ["/var/tmp"])
    }

    @Test("a helper's command line carries the instance and the state directory it confines its plugin by")
    func helperCommandLine() throws {
        let options = try DaemonOptions(arguments: [
            "--plugin-host", "/p/clock.plugin", "--instance", "system", "--state-dir", "/var/lib/tabbard",
        ])
        #expect(options.command == .pluginHost("/p/clock.plugin"))
        #expect(options.instance == .system && options.stateDirectory == "/var/lib/tabbard")
    }
}
