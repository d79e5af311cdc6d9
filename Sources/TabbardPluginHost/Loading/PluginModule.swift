import DaemonBase
import Glibc
import Loop
import TabModel
import TabbardPluginABI
import TabbardSwiftRelease

extension PluginABIVersion {
    /// The ABI version this daemon speaks: the header it was built with.
    public static let host = PluginABIVersion(
        major: UInt32(TABBARD_PLUGIN_ABI_MAJOR), minor: UInt32(TABBARD_PLUGIN_ABI_MINOR))
}

/// A plugin library that loaded and passed every check: its table, copied into a struct of
/// the host's size, and the host table it was given. Never unloaded. Used on the daemon's
/// loop thread only; it hands out one `PluginTab` per tab instance.
public final class PluginModule {
    /// The plugin's name (equal in manifest and table).
    public let name: String
    /// The version the plugin reports.
    public let version: String
    /// The ABI version the plugin was built for.
    public let abi: PluginABIVersion
    /// The manifest it was loaded from; nil for a module probed on its own.
    public let manifest: PluginManifest?
    /// The module file that was loaded.
    public let path: String
    /// The Swift release that compiled the plugin, as its SDK recorded it; nil for a plugin
    /// that records none (a C plugin).
    public let swiftRelease: String?

    let table: tabbard_plugin
    let log: Log
    /// What the plugin's host callbacks are held to, in the daemon; nil in a helper or a probe.
    let allowance: PluginCallbackAllowance?
    /// Calls slower than this are logged with the plugin, function and duration.
    var slowCallThreshold: Duration = .milliseconds(10)
    /// Watches every call for a hang and a crash, in the daemon; nil when probing or in tests.
    var callGuard: PluginCallGuard?

    private init(
        name: String, version: String, abi: PluginABIVersion, manifest: PluginManifest?, path: String,
        swiftRelease: String?, table: tabbard_plugin, log: Log, allowance: PluginCallbackAllowance?
    ) {
        self.name = name
        self.version = version
        self.abi = abi
        self.manifest = manifest
        self.path = path
        self.swiftRelease = swiftRelease
        self.table = table
        self.log = log
        self.allowance = allowance
    }

    /// The size of the 1.0 table, the smallest `struct_size` accepted (TABBARD_PLUGIN_SIZE_1_0).
    static let minimumTableSize =
        MemoryLayout<tabbard_plugin>.offset(of: \tabbard_plugin.activate)! + MemoryLayout<UnsafeRawPointer?>.size

    /// Loads `file` (already opened and checked) and validates its table. `manifest`, when
    /// given, names the plugin; its name must match the table's. Its host callbacks are held
    /// to `allowance` when given (in the daemon). `callGuard`, in the daemon, watches the load
    /// itself (constructors and entry point) and then every call.
    static func load(
        _ file: CheckedFile, manifest: PluginManifest?, log: Log,
        allowance: PluginCallbackAllowance? = nil, callGuard: PluginCallGuard? = nil
    ) throws(PluginRefusal) -> PluginModule {
        try file.requireSharedObject()
        let label = manifest?.name ?? file.path
        let enter = { enterModule(file, label: label, log: log, allowance: allowance, callGuard: callGuard) }
        let (table, swiftRelease) = try (callGuard.map { $0.loading(plugin: label, enter) } ?? enter()).get()
        guard table.create != nil else { throw .missingFunction("create") }
        guard table.destroy != nil else { throw .missingFunction("destroy") }
        guard table.render != nil else { throw .missingFunction("render") }
        // Invalid UTF-8 is repaired (U+FFFD), so it fails the name check below, with the name shown.
        let name = table.name.map { String(cString: $0) } ?? ""
        guard TabIdentifier.isValid(name) else { throw .invalidName(name) }
        if let manifest, name != manifest.name { throw .nameMismatch(table: name, manifest: manifest.name) }
        // Logged at every load: its control characters are replaced (docs/plugins.md, Limits).
        let version = table.version.map { PluginText.printable(String(cString: $0)) } ?? ""
        let module = PluginModule(
            name: name, version: version, abi: PluginABIVersion(major: table.abi_major, minor: table.abi_minor),
            manifest: manifest, path: file.path, swiftRelease: swiftRelease, table: table, log: log,
            allowance: allowance)
        module.callGuard = callGuard
        return module
    }

    /// Opens `file` with the dynamic loader (running the module's constructors), checks the
    /// Swift release it records, and calls its entry point: the table it returned, copied, and
    /// that release. `callGuard` learns where the module's code lies as soon as it is loaded.
    private static func enterModule(
        _ file: CheckedFile, label: String, log: Log, allowance: PluginCallbackAllowance?,
        callGuard: PluginCallGuard?
    ) -> Result<(tabbard_plugin, String?), PluginRefusal> {
        Result { () throws(PluginRefusal) in
            // Loading through the descriptor loads the very file that was checked.
            let handle: UnsafeMutableRawPointer
            switch SharedRuntime.open(file.descriptorPath, flags: RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) {
            case .success(let opened): handle = opened
            case .failure(let error):
                throw .loadFailed(
                    path: file.path, message: error.message.replacingEvery(file.descriptorPath, with: file.path))
            }
            file.keepOpenForLoadedModule()
            let swiftRelease = try checkSwiftRelease(of: handle)
            guard let symbol = dlsym(handle, TABBARD_PLUGIN_ENTRY_SYMBOL) else { throw .missingEntry(path: file.path) }
            // The entry point lies in the module's code, which the crash guard finds from it.
            if let callGuard, !callGuard.locate(code: UnsafeRawPointer(symbol)) {
                log.warning(
                    "plugin \(label): its code was not found; a crash on a thread of its own will not be blamed on it")
            }
            let entry = unsafeBitCast(symbol, to: tabbard_plugin_entry_fn.self)
            let host = HostCallbacks.table(plugin: label, log: log, allowance: allowance)
            guard let raw = entry(UInt32(TABBARD_PLUGIN_ABI_MINOR), host) else { throw .noTable }
            return (try copyTable(UnsafeRawPointer(raw)), swiftRelease)
        }
    }

    /// Reads the manifest at `path`, checks its ABI version, and loads the module it names:
    /// what the probe and a plugin helper do before anything else. The probe is handed the
    /// module the daemon opened, as `moduleDescriptor`: that file is loaded, not the path.
    static func load(manifestAt path: String, trust: PluginTrust, log: Log, moduleDescriptor: Int32? = nil)
        throws(PluginRefusal) -> PluginModule
    {
        let (directory, name) = PluginProbe.split(path)
        let manifest = try PluginDirectoryScan.readManifest(name, in: directory, trust: trust)
        try PluginABIVersion.host.check(manifest.abi)
        let file =
            if let moduleDescriptor {
                try CheckedFile.adopt(moduleDescriptor, path: manifest.modulePath, trust: trust)
            } else {
                try CheckedFile.open(manifest.module, in: manifest.directory, trust: trust)
            }
        return try load(file, manifest: manifest, log: log)
    }

    /// Refuses a Swift plugin compiled by another Swift release than this daemon, before any
    /// of its Swift code runs with the daemon's runtime; returns the release it records (nil
    /// for a plugin that records none, such as a C plugin).
    private static func checkSwiftRelease(of handle: UnsafeMutableRawPointer) throws(PluginRefusal) -> String? {
        guard let symbol = dlsym(handle, TABBARD_PLUGIN_SWIFT_RELEASE_SYMBOL) else { return nil }
        typealias Record = @convention(c) () -> UnsafePointer<CChar>?
        let plugin = unsafeBitCast(symbol, to: Record.self)().map { String(cString: $0) } ?? ""
        let daemon = SwiftRelease.compiler.description
        guard plugin == daemon else {
            throw .otherSwiftRelease(plugin: plugin.isEmpty ? "an unnamed release" : plugin, daemon: daemon)
        }
        return plugin
    }

    /// Applies the versioning rule of the header: same major, minor not newer, size between
    /// the 1.0 table's and the host's; then copies `struct_size` bytes into a zeroed
    /// host-sized table, so that fields an older plugin lacks read as NULL.
    private static func copyTable(_ raw: UnsafeRawPointer) throws(PluginRefusal) -> tabbard_plugin {
        let size = Int(raw.load(as: UInt32.self))
        guard size >= minimumTableSize else { throw .tableTooSmall(size: size, minimum: minimumTableSize) }
        let found = PluginABIVersion(
            major: raw.load(
                fromByteOffset: MemoryLayout<tabbard_plugin>.offset(of: \tabbard_plugin.abi_major)!, as: UInt32.self),
            minor: raw.load(
                fromByteOffset: MemoryLayout<tabbard_plugin>.offset(of: \tabbard_plugin.abi_minor)!, as: UInt32.self))
        try PluginABIVersion.host.check(found)
        let known = MemoryLayout<tabbard_plugin>.size
        guard size <= known else { throw .tableTooLarge(size: size, known: known) }
        var table = tabbard_plugin()
        withUnsafeMutableBytes(of: &table) { bytes in
            bytes.initializeMemory(as: UInt8.self, repeating: 0)
            bytes.baseAddress!.copyMemory(from: raw, byteCount: size)
        }
        return table
    }

    /// Creates the instance for `declaration` (a tab of this plugin's manifest, or any id
    /// when probing), whose host callbacks go to `sink`. Nil when the plugin declines; the tab
    /// is then left out, and logged.
    public func createTab(_ declaration: PluginTabDeclaration, sink: @escaping PluginEventSink) -> PluginTab? {
        let handle = HostHandles.shared.issue(
            TabContext(plugin: name, tabID: declaration.id, sink: sink, log: log, allowance: allowance))
        let instance = timed("create", tab: declaration.id) {
            declaration.id.withCString { table.create!(table.user_data, $0, handle) }
        }
        guard let instance else {
            HostHandles.shared.retire(handle)
            log.warning("plugin \(name): create for tab \(declaration.id) returned NULL; tab left out")
            return nil
        }
        return PluginTab(declaration: declaration, module: self, instance: instance, handle: handle)
    }

    /// Runs one plugin call, watched by `callGuard`, logging it when it takes longer than
    /// `slowCallThreshold`; the callbacks it causes have room in the allowance.
    func timed<T>(_ function: String, tab: String, _ call: () -> T) -> T {
        allowance?.grantCall()
        // The loop's clock rather than ContinuousClock, which would load the Swift concurrency
        // runtime and libdispatch into the daemon for this alone.
        let start = MonotonicInstant.now()
        let result = callGuard.map { $0.during(plugin: name, function: function, tab: tab, call) } ?? call()
        let duration = MonotonicInstant.now() - start
        if duration > slowCallThreshold {
            let rounded = (Double(duration.nanoseconds) / 100_000).rounded() / 10
            log.warning(
                "plugin \(name): \(function) for tab \(tab) took \(rounded) ms (limit \(slowCallThreshold.milliseconds) ms)"
            )
        }
        return result
    }
}

extension PluginABIVersion {
    /// Throws unless a plugin built for `found` may load in a host of this version.
    func check(_ found: PluginABIVersion) throws(PluginRefusal) {
        guard found.major == major else { throw .abiMajor(found, host: self) }
        guard found.minor <= minor else { throw .newerMinor(found, host: self) }
    }
}

extension String {
    /// The text with every occurrence of `target` replaced by `replacement`. (The standard
    /// `replacing(_:with:)` lives in _StringProcessing, which the daemon does not load.)
    fileprivate func replacingEvery(_ target: String, with replacement: String) -> String {
        let text = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty else { return self }
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            if index + pattern.count <= text.count && text[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement.utf8
                index += pattern.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
