import Foundation
import TabbardTestSupport

/// The directory of this target's test scripts.
let scriptsDirectory = PackagePaths.scripts(of: "DBusTests")
