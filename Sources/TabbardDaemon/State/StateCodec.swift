internal import JSON
import TabModel

/// The state file's format: a `ControllerSnapshot` as one JSON object, members in sorted
/// order, read and written without Foundation. The format is the one Foundation's
/// `JSONEncoder` wrote with sorted keys (the snapshot's `Codable` conformances decided it), so
/// files written before read back unchanged; `StateDocumentWriter` and `StateDocumentReader`
/// write and read it field by field.
///
/// Reading never traps: the JSON reader is bounded and checked, and a document that is JSON
/// but not a snapshot is a `StateFormatError` naming the member at fault.
enum StateCodec {
    /// What a state file that is JSON holds.
    enum Content: Equatable {
        /// A snapshot of the format this daemon reads.
        case snapshot(ControllerSnapshot)
        /// A file of another format version (from a newer daemon), which is not read further.
        case formatVersion(Int)
    }

    /// `snapshot` as the bytes of a state file.
    static func encode(_ snapshot: ControllerSnapshot) -> [UInt8] {
        StateDocumentWriter.bytes(of: snapshot)
    }

    /// The snapshot in the bytes of a state file, whatever its format version says.
    static func decode(_ bytes: [UInt8]) throws(StateFormatError) -> ControllerSnapshot {
        try StateDocumentReader.snapshot(in: try document(bytes))
    }

    /// What the bytes of a state file hold, parsed once: a file from another format version is
    /// recognised as such (from its `formatVersion` alone) rather than refused as corrupt.
    static func read(_ bytes: [UInt8]) throws(StateFormatError) -> Content {
        let tree = try document(bytes)
        if let version = formatVersion(in: tree), version != ControllerSnapshot.currentFormatVersion {
            return .formatVersion(version)
        }
        return .snapshot(try StateDocumentReader.snapshot(in: tree))
    }

    /// The `formatVersion` of a state file, read without decoding the rest; nil when the
    /// bytes are not JSON or have no integer `formatVersion` at the top.
    static func formatVersion(of bytes: [UInt8]) -> Int? {
        (try? document(bytes)).flatMap(formatVersion(in:))
    }

    private static func formatVersion(in tree: JSONValue) -> Int? {
        guard case .object(let members) = tree, case .integer(let version)? = members["formatVersion"] else {
            return nil
        }
        return Int(exactly: version)
    }

    private static func document(_ bytes: [UInt8]) throws(StateFormatError) -> JSONValue {
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw StateFormatError(reason: "not JSON: \(error)")
        }
    }
}

/// Why a state file's bytes are not a snapshot: not JSON, or a member missing or of the wrong
/// type (`missing configuration.locale`, `bad value at tabs.3: expected a string, found a number`).
struct StateFormatError: Error, CustomStringConvertible {
    /// What is wrong, naming the member where there is one.
    let reason: String

    var description: String { reason }
}
