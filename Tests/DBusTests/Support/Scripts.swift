import Foundation

/// The directory of this target's test scripts.
let scriptsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts")
