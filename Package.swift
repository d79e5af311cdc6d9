// swift-tools-version: 6.1
//
// tabbard: a tab bar controller daemon on D-Bus.
//
// Layering (never inverted): TabModel imports nothing of the project; DBus knows nothing of
// tabs; only TabbardDaemon joins them. Each section below belongs to one layer.

import PackageDescription

/// Settings every target of ours shares: Swift 6 language mode is the package default; this
/// adds the checks we want on top.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

var products: [Product] = []
var targets: [Target] = []

// MARK: - Model

// MARK: - D-Bus

targets += [
    .systemLibrary(
        name: "CDBus",
        pkgConfig: "dbus-1",
        providers: [.apt(["libdbus-1-dev"])]
    ),
    .target(
        name: "DBus",
        dependencies: ["CDBus"],
        swiftSettings: strict
    ),
    .testTarget(
        name: "DBusTests",
        dependencies: ["DBus"],
        exclude: ["Scripts"],
        swiftSettings: strict
    ),
]
products += [
    .library(name: "DBus", targets: ["DBus"]),
]

// Benchmark-only targets (`make bench` sets TABBARD_BENCHMARKS): left out of ordinary builds so
// `make test` never compiles them.
if Context.environment["TABBARD_BENCHMARKS"] != nil {
    targets += [
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .target(name: "BenchClient", dependencies: ["CDBus"], path: "Benchmarks/BenchClient"),
        .executableTarget(name: "bench-echo-c", dependencies: ["CDBus", "AllocationCounter"], path: "Benchmarks/EchoC"),
        .executableTarget(
            name: "dbus-bench",
            dependencies: ["DBus", "AllocationCounter", "BenchClient"],
            path: "Benchmarks/DBusBench",
            swiftSettings: strict
        ),
    ]
}

// MARK: - Plugins

// MARK: - Daemon

targets += [
    .target(
        name: "TabbardDaemon",
        dependencies: [],
        swiftSettings: strict
    ),
]

// MARK: - Command-line client

let package = Package(
    name: "tabbard",
    products: products,
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
