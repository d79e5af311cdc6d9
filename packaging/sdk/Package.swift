// swift-tools-version: 6.1
//
// TabbardPluginKit, the Swift SDK for tabbard plugins, as `make install` installs it under
// PREFIX/share/tabbard/TabbardPluginKit: the C header of the plugin ABI, the release record
// and the SDK itself, with no other dependency, so a plugin builds from the installed tree
// alone (no network, no tabbard checkout). A plugin package names it by path:
//
//     .package(path: "/usr/share/tabbard/TabbardPluginKit")
//     .product(name: "TabbardPluginKit", package: "TabbardPluginKit")
//
// Build plugins with the Swift release of the installed daemon (`tabbard --version` names
// it); the daemon refuses a Swift plugin from another release.

import PackageDescription

let package = Package(
    name: "TabbardPluginKit",
    products: [
        .library(name: "TabbardPluginKit", targets: ["TabbardPluginKit"]),
    ],
    targets: [
        .target(name: "TabbardPluginABI"),
        .target(name: "TabbardSwiftRelease"),
        .target(name: "TabbardPluginKit", dependencies: ["TabbardPluginABI", "TabbardSwiftRelease"]),
    ],
    swiftLanguageModes: [.v6]
)
