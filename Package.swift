// swift-tools-version: 6.1
//
// tabbard: a tab bar controller daemon on D-Bus.
//
// Layering (never inverted): TabModel imports nothing of the project; Loop knows nothing of
// D-Bus; DBus knows nothing of tabs; the plugin host (TabbardPluginHost) cannot import DBus;
// only TabbardDaemon joins them. Each section below belongs to one layer.

import PackageDescription

/// Settings every target of ours shares: Swift 6 language mode is the package default; this
/// adds the checks we want on top.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// The settings of every module that runs in the daemon's process (the daemon's and the bundled
/// plugins'): `strict`; no implicit import of the concurrency and string-processing modules,
/// since each import loads its library (about 2 MB resident in an idle daemon that uses none;
/// a module that needs one imports it); and concrete generic metadata made through accessors,
/// not by demangling names, which searched every image's conformances at start
/// (docs/performance.md, Memory and "Start to `READY=1`").
let inDaemonProcess: [SwiftSetting] =
    strict + [
        .unsafeFlags([
            "-Xfrontend", "-disable-implicit-concurrency-module-import",
            "-Xfrontend", "-disable-implicit-string-processing-module-import",
            "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
        ])
    ]

/// The settings of the daemon's modules off the request path (the TOML and JSON readers, the
/// thin `tabbard` main): `inDaemonProcess`, and in release builds optimized for size, since an
/// idle daemon keeps nearly all of its code resident. The modules a request runs through (the
/// model, D-Bus, the loop and `TabbardDaemon`) stay optimized for speed (docs/performance.md,
/// Memory and "`TabbardDaemon` built for speed").
let sizeOptimized: [SwiftSetting] =
    inDaemonProcess + [
        .unsafeFlags(["-Osize"], .when(configuration: .release))
    ]

/// The linker settings of every executable and shared library the package ships: symbols bound
/// at load (`-z now`), so that with RELRO the whole GOT is read-only, as Debian's hardening asks
/// (docs/performance.md, "Hardening").
let bindNow: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"])
]

var products: [Product] = [
    .executable(name: "tabbard", targets: ["tabbard"])
]
var targets: [Target] = []

// MARK: - Model

products += [
    .library(name: "TabModel", targets: ["TabModel"])
]

targets += [
    .target(
        name: "TabModel",
        dependencies: [],
        swiftSettings: inDaemonProcess
    ),
    .testTarget(
        name: "TabModelTests",
        dependencies: [
            "TabModel",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ],
        swiftSettings: strict
    ),
    .executableTarget(
        name: "ModelTour",
        dependencies: ["TabModel"],
        path: "Examples/ModelTour",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "ModelBench",
        dependencies: ["TabModel"],
        path: "Benchmarks/ModelBench",
        swiftSettings: strict
    ),
]

// MARK: - TOML

// A TOML 1.0 reader in Swift alone (no Foundation): it knows nothing of tabs, and no input makes
// it trap; the daemon reads its configuration and plugin manifests with it.
targets += [
    .target(
        name: "TOML",
        swiftSettings: sizeOptimized
    ),
    .testTarget(
        name: "TOMLTests",
        dependencies: ["TOML"],
        swiftSettings: strict
    ),
]

// MARK: - JSON

// JSON in Swift alone (no Foundation): a reader into a tree, for the state file, bounded, and no
// input makes it trap; and a writer straight into one buffer, for the state file, `Describe` and
// tabctl's `--json`. Optimized for speed, not size: `Describe` of 10,000 tabs is almost nothing
// but the writer's small writes.
targets += [
    .target(
        name: "JSON",
        swiftSettings: inDaemonProcess
    ),
    .testTarget(
        name: "JSONTests",
        dependencies: ["JSON", "TabbardTestSupport"],
        swiftSettings: strict
    ),
]

// MARK: - Test support

// What the integration tests share: a private dbus-daemon per test, running external programs,
// busctl calls and the service's names (the bus contract's), JSON read back.
targets += [
    .target(
        name: "TabbardTestSupport",
        dependencies: ["Loop", "TabbardBusContract"],
        path: "Tests/TabbardTestSupport",
        swiftSettings: strict
    )
]

// MARK: - Event loop

// epoll, eventfd, timerfd, signalfd and spawned children, with errno-style errors; what the
// D-Bus layer, the daemon and tabctl share below D-Bus (as sd-event sits below sd-bus).
targets += [
    .systemLibrary(name: "CLinuxEvents"),
    .target(
        name: "Loop",
        dependencies: ["CLinuxEvents"],
        swiftSettings: inDaemonProcess
    ),
    .testTarget(
        name: "LoopTests",
        dependencies: ["Loop", "TabbardTestSupport"],
        swiftSettings: strict
    ),
]

// MARK: - D-Bus

targets += [
    .systemLibrary(
        name: "CDBus",
        pkgConfig: "dbus-1",
        providers: [.apt(["libdbus-1-dev"])]
    ),
    .target(
        name: "DBus",
        dependencies: ["CDBus", "Loop", "JSON"],
        swiftSettings: inDaemonProcess
    ),
    .testTarget(
        name: "DBusTests",
        dependencies: ["DBus", "CDBus", "JSON", "Loop", "TabbardTestSupport"],
        exclude: ["Scripts"],
        swiftSettings: strict
    ),
]
products += [
    .library(name: "DBus", targets: ["DBus"])
]

// MARK: - Bus contract

// The names of tabbard's D-Bus API written once: the bus name, object paths and the escaping of
// ids into them, and every interface, method, signal, property and error name. The daemon
// publishes under them, tabctl calls them and the tests use them; a test holds them against
// the interface files in dbus/. Names and path codecs only, over DBus's ObjectPath: nothing
// tabctl does not link already.
targets += [
    .target(
        name: "TabbardBusContract",
        dependencies: ["DBus"],
        swiftSettings: inDaemonProcess
    ),
    .testTarget(
        name: "TabbardBusContractTests",
        dependencies: ["TabbardBusContract", "TabbardTestSupport"],
        swiftSettings: strict
    ),
]

// Benchmark-only targets (`make bench` sets TABBARD_BENCHMARKS): left out of ordinary builds so
// `make test` never compiles them.
if Context.environment["TABBARD_BENCHMARKS"] != nil {
    targets += [
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .target(name: "BenchClient", dependencies: ["CDBus"], path: "Benchmarks/BenchClient"),
        .target(name: "BenchSupport", path: "Benchmarks/BenchSupport", swiftSettings: strict),
        .executableTarget(
            name: "bench-echo-c", dependencies: ["CDBus", "AllocationCounter"], path: "Benchmarks/EchoC"),
        .executableTarget(name: "bench-same-work-c", dependencies: ["CDBus"], path: "Benchmarks/SameWorkC"),
        .executableTarget(name: "bench-subscribers", dependencies: ["CDBus"], path: "Benchmarks/Subscribers"),
        .executableTarget(
            name: "dbus-bench",
            dependencies: ["DBus", "Loop", "AllocationCounter", "BenchClient", "BenchSupport"],
            path: "Benchmarks/DBusBench",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "daemon-bench",
            dependencies: ["DBus", "Loop", "BenchClient", "BenchSupport"],
            path: "Benchmarks/DaemonBench",
            swiftSettings: strict
        ),
    ]
}

// MARK: - Plugins

// The C header is the only contract between the daemon and a plugin; the SDK wraps it for
// Swift authors. Bundled plugins are dynamic libraries that nothing in the package links:
// `make plugins` builds them and stages each `.so` next to its manifest in `.build/plugins`.
products += [
    .library(name: "TabbardPluginKit", targets: ["TabbardPluginKit"]),
    .library(name: "clock", type: .dynamic, targets: ["ClockPlugin"]),
    .library(name: "media", type: .dynamic, targets: ["MediaPlugin"]),
    // Test-only: a Swift plugin whose actions are faults (`make test-plugins` stages it).
    .library(name: "swiftfault", type: .dynamic, targets: ["SwiftFaultPlugin"]),
]

// TabbardSwiftRelease names the Swift release of its compiler: the SDK records it in every
// Swift plugin and the daemon refuses a plugin from another release (no stable Swift ABI).
targets += [
    .target(name: "TabbardPluginABI"),
    .target(name: "TabbardSwiftRelease", swiftSettings: inDaemonProcess),
    .target(
        name: "TabbardPluginKit",
        dependencies: ["TabbardPluginABI", "TabbardSwiftRelease"],
        swiftSettings: inDaemonProcess
    ),
    .testTarget(
        name: "TabbardPluginKitTests",
        dependencies: ["TabbardPluginKit"],
        swiftSettings: strict
    ),
    .target(
        name: "ClockPlugin",
        dependencies: ["TabbardPluginKit"],
        path: "Plugins/clock",
        exclude: ["clock.plugin"],
        swiftSettings: inDaemonProcess,
        linkerSettings: bindNow
    ),
    .target(
        name: "MediaPlugin",
        dependencies: ["TabbardPluginKit"],
        path: "Plugins/media",
        exclude: ["media.plugin"],
        swiftSettings: inDaemonProcess,
        linkerSettings: bindNow
    ),
    .target(
        name: "SwiftFaultPlugin",
        dependencies: ["TabbardPluginKit"],
        path: "Tests/Plugins/swiftfault",
        exclude: ["swiftfault.plugin"],
        swiftSettings: strict
    ),
]

// MARK: - Daemon

targets += [
    // What runs when the daemon is dying, in C because it must be async-signal-safe: signal
    // handlers and exit hooks that blame a plugin for a crash and record it in plugins.state.
    .target(name: "CCrashGuard"),
    // The system calls a plugin's helper makes to give up privileges before it loads the
    // plugin (no_new_privs, capabilities, Landlock), which Swift cannot make (variadic prctl
    // and syscall).
    .target(name: "CConfinement"),
    // What the daemon and its plugin host both stand on: the log, bounded file reading, the
    // state directory's files, TOML tables read into typed values, the process environment.
    .target(
        name: "DaemonBase",
        dependencies: ["TabModel", "TOML"],
        swiftSettings: inDaemonProcess
    ),
    // The plugin host: manifests, loading and its checks, crash and hang guards, helper
    // processes and their confinement, the link to them. It imports no D-Bus, so that plugins
    // never reach the bus but through the daemon.
    .target(
        name: "TabbardPluginHost",
        dependencies: [
            "DaemonBase",
            "TabModel",
            "Loop",
            "TabbardPluginABI",
            "TabbardSwiftRelease",
            "CCrashGuard",
            "CConfinement",
        ],
        swiftSettings: inDaemonProcess
    ),
    .target(
        name: "TabbardDaemon",
        dependencies: [
            "DaemonBase",
            "TabbardPluginHost",
            "TabModel",
            "Loop",
            "DBus",
            "TabbardBusContract",
            "TabbardSwiftRelease",
            "JSON",
        ],
        swiftSettings: inDaemonProcess
    ),
    // systemd's two socket-activation calls, which libdbus's static archive refers to. The
    // release builds of tabbard and tabctl link that archive (`Linking/libdbus-1.so` is a linker
    // script naming it; scripts/dbus-pkgconfig says how it is found first), so that neither
    // loads libsystemd and the six libraries it needs (docs/performance.md, Memory). Compiled in
    // every build, so that the tests check them; in debug builds they stand in for libsystemd's.
    .target(name: "CSocketActivation", exclude: ["Linking"]),
    // A thin main over the library. The Swift runtime stays a shared library (the default on
    // Linux), so that Swift plugins loaded at run time share it with the daemon. Release builds
    // link with the toolchain's lld, which packs the executable's relative relocations into a
    // bitmap (DT_RELR, read by glibc 2.36 and later): about 3,700 of them, 88 kB of table that
    // every start reads and an idle daemon kept resident, become 1.3 kB.
    .executableTarget(
        name: "tabbard",
        dependencies: ["TabbardDaemon", "CSocketActivation"],
        swiftSettings: sizeOptimized,
        linkerSettings: bindNow + [
            .unsafeFlags(
                [
                    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    "-Xclang-linker", "-L" + Context.packageDirectory + "/Sources/CSocketActivation/Linking",
                ], .when(configuration: .release))
        ]
    ),
    // Unit tests of the daemon's pieces, and the loader's tests. They never link a plugin
    // target: they dlopen the `.so` files that `make plugins` staged, and C fixtures they
    // compile themselves.
    .testTarget(
        name: "TabbardDaemonTests",
        dependencies: [
            "TabbardDaemon", "TabbardPluginHost", "DaemonBase", "TabbardBusContract", "TabModel", "Loop", "DBus",
            "CCrashGuard", "TabbardTestSupport",
        ],
        swiftSettings: strict
    ),
    // The daemon as a process on a private bus, driven by busctl, gdbus, dbus-send and
    // dbus-python. Needs `tabbard` built and the plugins staged (`make test` does both).
    .testTarget(
        name: "IntegrationTests",
        dependencies: ["TabbardTestSupport"],
        exclude: ["Scripts"],
        swiftSettings: strict
    ),
]

// MARK: - Reliability

// The daemon as a process under fuzzing, SIGKILL, faulty delegates and clients, and long runs
// watched for memory growth, and its file readers fuzzed in-process. Short variants run with
// every test; `make reliability` runs the long ones (TABBARD_RELIABILITY=long). Needs `tabbard`
// built and the plugins staged.
targets += [
    .testTarget(
        name: "ReliabilityTests",
        dependencies: ["TabbardTestSupport", "TabbardDaemon", "TabbardPluginHost", "DaemonBase"],
        exclude: ["Scripts"],
        swiftSettings: strict
    )
]

// MARK: - Command-line client

targets += [
    // A client that scripts start once per command must start fast (docs/performance.md,
    // "tabctl"). Release builds link in the Swift runtime, the C++ runtime it needs
    // (`Linking/libstdc++.so`, a linker script naming the static archive) and libdbus; export no
    // symbol (the static runtime asks for `-export-dynamic`, which only slows the loader); are
    // optimized for size; and lay the code the common commands run out together
    // (`Linking/start-order.txt`, by `Benchmarks/TabctlStart/start_order.py`; `-function-sections`
    // lets the linker move tabctl's functions). The executable is a PIE bound at load, as
    // Debian's hardening asks. The daemon's module settings apply too: an implicit concurrency
    // import would link libdispatch, which counts the CPUs at every start. Debug builds stay
    // dynamic, like the test bundles that link this target.
    // Where tabctl's release build finds its arguments without the runtime reading
    // /proc/self/maps at every start: the vector glibc hands to initializers (release builds
    // only, where the runtime is linked in statically).
    .target(
        name: "CArgumentVector",
        cSettings: [.define("TABCTL_ARGUMENT_VECTOR", .when(configuration: .release))]
    ),
    // The Swift runtime's crash backtracer turned off before the runtime starts, unless
    // SWIFT_BACKTRACE says otherwise: the runtime would otherwise search for a
    // `swift-backtrace` the package does not ship at every start (docs/performance.md).
    // Release builds only, where the runtime starts after the executable's first initializers.
    .target(
        name: "CBacktraceSetting",
        cSettings: [.define("TABCTL_BACKTRACE_SETTING", .when(configuration: .release))]
    ),
    .executableTarget(
        name: "tabctl",
        dependencies: [
            "Loop", "DBus", "JSON", "TabbardBusContract", "CArgumentVector", "CBacktraceSetting", "CSocketActivation",
        ],
        exclude: ["Linking"],
        swiftSettings: inDaemonProcess + [
            .unsafeFlags(["-Osize", "-Xfrontend", "-function-sections"], .when(configuration: .release))
        ],
        linkerSettings: bindNow + [
            .unsafeFlags(
                [
                    "-static-stdlib", "-Xclang-linker", "-pie", "-Xclang-linker", "-static-libgcc",
                    "-Xclang-linker", "-L" + Context.packageDirectory + "/Sources/tabctl/Linking",
                    "-Xclang-linker", "-L" + Context.packageDirectory + "/Sources/CSocketActivation/Linking",
                    "-Xlinker", "--no-export-dynamic",
                    "-Xlinker",
                    "--section-ordering-file=" + Context.packageDirectory + "/Sources/tabctl/Linking/start-order.txt",
                ], .when(configuration: .release))
        ]
    ),
    // Unit tests of the parser and the drawing, and the built `tabctl` against a `tabbard` on a
    // private bus (needs `swift build` and `make plugins`).
    .testTarget(
        name: "tabctlTests",
        dependencies: [
            "tabctl", "Loop", "DBus", "JSON", "TabbardBusContract", "CSocketActivation", "TabbardTestSupport",
        ],
        swiftSettings: strict
    ),
]

let package = Package(
    name: "tabbard",
    products: products,
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
