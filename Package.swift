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

// MARK: - Plugins

// MARK: - Daemon

targets += [
    .target(
        name: "TabbardDaemon",
        dependencies: [
            .product(name: "TOMLKit", package: "TOMLKit"),
        ],
        swiftSettings: strict
    ),
    .testTarget(
        name: "TabbardDaemonTests",
        dependencies: ["TabbardDaemon"],
        swiftSettings: strict
    ),
]

// MARK: - Command-line client

targets += [
    .executableTarget(
        name: "tabctl",
        dependencies: [],
        swiftSettings: strict
    ),
    .testTarget(
        name: "tabctlTests",
        dependencies: ["tabctl"],
        swiftSettings: strict
    ),
]

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
