import Testing

@testable import TabbardDaemon

@Suite("Instance paths")
struct InstancePathsTests {
    let session = try! DaemonOptions(arguments: [])
    let system = try! DaemonOptions(arguments: ["--system"])

    @Test("a session instance reads XDG_CONFIG_HOME and keeps state in XDG_STATE_HOME")
    func sessionDefaults() {
        let paths = InstancePaths(
            options: session, environment: ["XDG_CONFIG_HOME": "/h/cfg", "XDG_STATE_HOME": "/h/st"],
            executable: "/usr/libexec/tabbard")
        #expect(paths.configFile == "/h/cfg/tabbard/tabbard.toml")
        #expect(!paths.configFileIsExplicit)
        #expect(paths.defaultStateDirectory == "/h/st/tabbard")
    }

    @Test("without XDG variables a session instance falls back under HOME")
    func sessionHomeFallback() {
        let paths = InstancePaths(options: session, environment: ["HOME": "/home/ann"], executable: "/usr/bin/tabbard")
        #expect(paths.configFile == "/home/ann/.config/tabbard/tabbard.toml")
        #expect(paths.defaultStateDirectory == "/home/ann/.local/state/tabbard")
    }

    @Test("a system instance uses /etc and /var/lib, or systemd's STATE_DIRECTORY")
    func systemDefaults() {
        let plain = InstancePaths(options: system, environment: [:], executable: "/usr/libexec/tabbard")
        #expect(plain.configFile == "/etc/tabbard/tabbard.toml")
        #expect(plain.defaultStateDirectory == "/var/lib/tabbard")
        let managed = InstancePaths(
            options: system, environment: ["STATE_DIRECTORY": "/var/lib/tabbard2"], executable: "/usr/libexec/tabbard")
        #expect(managed.defaultStateDirectory == "/var/lib/tabbard2")
    }

    @Test("issue 42.2: the system bus's policy directories are dbus-daemon's, or TABBARD_BUS_POLICY_DIRS's")
    func busPolicyDirectories() {
        let plain = InstancePaths(options: system, environment: [:], executable: "/usr/libexec/tabbard")
        #expect(plain.busPolicyDirectories == ["/usr/share/dbus-1/system.d", "/etc/dbus-1/system.d"])
        let named = InstancePaths(
            options: system, environment: ["TABBARD_BUS_POLICY_DIRS": "/a/system.d:/b"], executable: "/x")
        #expect(named.busPolicyDirectories == ["/a/system.d", "/b"])
    }

    @Test("--config wins over TABBARD_CONFIG, which wins over the default file")
    func configPrecedence() throws {
        let named = try DaemonOptions(arguments: ["--config", "/a.toml"])
        #expect(
            InstancePaths(options: named, environment: ["TABBARD_CONFIG": "/b.toml"], executable: "/x").configFile
                == "/a.toml")
        let fromEnvironment = InstancePaths(
            options: session, environment: ["TABBARD_CONFIG": "/b.toml"], executable: "/x")
        #expect(fromEnvironment.configFile == "/b.toml")
        #expect(fromEnvironment.configFileIsExplicit)
    }

    @Test("plugins are found under the install prefix of the executable")
    func pluginDirectoryFromPrefix() {
        let paths = InstancePaths(options: session, environment: [:], executable: "/srv/tb/libexec/tabbard")
        #expect(paths.defaultPluginDirectories == ["/srv/tb/lib/tabbard/plugins"])
    }

    @Test("--plugin-dir replaces plugin_dirs; --state-dir wins over state_dir")
    func overrides() throws {
        let options = try DaemonOptions(arguments: ["--plugin-dir", "/p", "--state-dir", "/s"])
        var configuration = DaemonConfiguration()
        configuration.pluginDirectories = ["/c"]
        configuration.stateDirectory = "/cs"
        let paths = InstancePaths(options: options, environment: [:], executable: "/usr/bin/tabbard")
        #expect(paths.pluginDirectories(options: options, configuration: configuration) == ["/p"])
        #expect(paths.stateDirectory(options: options, configuration: configuration) == "/s")
        #expect(paths.pluginDirectories(options: session, configuration: configuration) == ["/c"])
        #expect(paths.stateDirectory(options: session, configuration: configuration) == "/cs")
    }
}
