import Testing

@testable import TabbardDaemon

@Suite("tabbard command line")
struct DaemonOptionsTests {
    @Test("no arguments serve a session instance on the session bus")
    func defaults() throws {
        let options = try DaemonOptions(arguments: [])
        #expect(options.command == .serve)
        #expect(options.bus == .session)
        #expect(options.instance == .session)
        #expect(options.persistsState)
        #expect(options.logLevel == .info)
    }

    @Test("--system makes a system instance")
    func system() throws {
        let options = try DaemonOptions(arguments: ["--system"])
        #expect(options.bus == .system)
        #expect(options.instance == .system)
    }

    @Test("--address with --instance system is a system instance on a private bus")
    func addressSystemInstance() throws {
        let options = try DaemonOptions(arguments: ["--address", "unix:path=/run/x", "--instance", "system"])
        #expect(options.bus == .address("unix:path=/run/x"))
        #expect(options.instance == .system)
    }

    @Test("--plugin-dir repeats in order, and --option=value is accepted")
    func repeatedPluginDirs() throws {
        let options = try DaemonOptions(arguments: [
            "--plugin-dir", "a", "--plugin-dir=b", "--state-dir=s", "--no-state",
        ])
        #expect(options.pluginDirectories == ["a", "b"])
        #expect(options.stateDirectory == "s")
        #expect(!options.persistsState)
    }

    @Test("one-shot commands parse with their operands")
    func commands() throws {
        #expect(try DaemonOptions(arguments: ["--check-config"]).command == .checkConfig)
        #expect(try DaemonOptions(arguments: ["--list-plugins"]).command == .listPlugins)
        #expect(try DaemonOptions(arguments: ["--probe-plugin", "x.so"]).command == .probePlugin("x.so"))
        #expect(try DaemonOptions(arguments: ["--version"]).command == .version)
        #expect(try DaemonOptions(arguments: ["--help"]).command == .help)
    }

    @Test("bad arguments are usage errors naming the argument")
    func usageErrors() {
        #expect(throws: UsageError("unknown argument '--bogus'")) { try DaemonOptions(arguments: ["--bogus"]) }
        #expect(throws: UsageError("--config needs a value")) { try DaemonOptions(arguments: ["--config"]) }
        #expect(throws: UsageError("--instance takes system or session, not 'both'")) {
            try DaemonOptions(arguments: ["--instance", "both"])
        }
        #expect(throws: UsageError.self) { try DaemonOptions(arguments: ["--log-level", "loud"]) }
    }
}
