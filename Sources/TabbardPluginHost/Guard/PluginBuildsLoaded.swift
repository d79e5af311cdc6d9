import DaemonBase

/// The builds of the modules loaded into a running daemon, in `plugins.loaded` in its state
/// directory, so that `tabbard --list-plugins`, another process, can tell which plugin runs an
/// earlier build than the one installed: a restart is needed to run the new one. One line per
/// module, `<device> <inode> <size> <mtime-ns> <ctime-ns> <path>`, the file replaced whenever a
/// module loads. Read only while the daemon that wrote it holds the state directory's lock: a
/// list left by a daemon that stopped says nothing about the next one.
package struct PluginBuildsLoaded {
    /// The file's name inside the state directory.
    package static let fileName = "plugins.loaded"

    /// The file.
    let file: StateFile
    /// Where a failed write is logged.
    let log: Log
    /// What the file holds now, so that an unchanged list is not written again.
    private var written: [String: PluginModuleStamp]?

    /// A list kept in `file`, failures logged to `log`.
    package init(file: StateFile, log: Log) {
        self.file = file
        self.log = log
    }

    /// Records `builds`, each module's build by path, when they differ from the last record.
    mutating func record(_ builds: [String: PluginModuleStamp]) {
        guard builds != written else { return }
        written = builds
        let text = builds.sorted { $0.key < $1.key }.map { path, stamp in
            "\(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modified) \(stamp.changed) \(path)\n"
        }.joined()
        do {
            try file.write(Array(text.utf8))
        } catch {
            log.info(
                "cannot write \(file.path): \(error.reason); --list-plugins will not say which plugin needs a restart")
        }
    }

    /// The builds the daemon holding the lock on `directory` has loaded, by module path; empty
    /// when no daemon holds it or the list cannot be read.
    package static func read(inStateDirectory directory: String) -> [String: PluginModuleStamp] {
        guard StateDirectoryLock.isHeld(directory: directory),
            let bytes = try? StateFile(directory: directory, name: fileName).read()
        else { return [:] }
        var builds: [String: PluginModuleStamp] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 5)
            guard fields.count == 6, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
                let size = Int64(fields[2]),
                let modified = Int64(fields[3]), let changed = Int64(fields[4])
            else { continue }
            builds[String(fields[5])] = PluginModuleStamp(
                device: device, inode: inode, size: size, modified: modified, changed: changed)
        }
        return builds
    }
}
