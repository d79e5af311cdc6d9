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

products += [
    .library(name: "TabModel", targets: ["TabModel"]),
]

targets += [
    .target(
        name: "TabModel",
        dependencies: [],
        swiftSettings: strict
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
        swiftSettings: strict
    ),
]
products += [
    .library(name: "DBus", targets: ["DBus"]),
]

// MARK: - Plugins

// MARK: - Daemon

targets += [
    .target(
        name: "TabbardDaemon",
        dependencies: [
            "TabModel",
            "DBus",
            .product(name: "TOMLKit", package: "TOMLKit"),
        ],
        swiftSettings: strict
    ),
    .testTarget(
        name: "TabbardDaemonTests",
        dependencies: ["TabbardDaemon", "TabModel", "DBus"],
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
