import DBus
internal import JSON
import TabModel

/// The state file's format: a `ControllerSnapshot` as one JSON object, members in sorted
/// order, read and written without Foundation. The format is the one Foundation's
/// `JSONEncoder` wrote with sorted keys (the snapshot's `Codable` conformances decide it), so
/// files written before read back unchanged.
///
/// Reading never traps: the JSON reader is bounded and checked, and a document that is JSON
/// but not a snapshot is a `StateFormatError` naming the member at fault.
enum StateCodec {
    /// `snapshot` as the bytes of a state file.
    static func encode(_ snapshot: ControllerSnapshot) -> [UInt8] {
        let tree: JSONValue
        do {
            tree = try JSONValueEncoder().encode(snapshot)
        } catch {
            // Every field is a string, a bool or a small integer; encoding cannot fail short of a bug.
            preconditionFailure("state snapshot does not encode: \(error)")
        }
        var writer = JSONWriter(capacity: 4_096)
        write(tree, to: &writer)
        return writer.bytes
    }

    /// The snapshot in the bytes of a state file.
    static func decode(_ bytes: [UInt8]) throws(StateFormatError) -> ControllerSnapshot {
        let tree = try document(bytes)
        do {
            return try JSONValueDecoder().decode(ControllerSnapshot.self, from: tree)
        } catch let error as DecodingError {
            throw StateFormatError(error)
        } catch {
            throw StateFormatError(reason: "\(error)")
        }
    }

    /// The `formatVersion` of a state file, read without decoding the rest, so that a file
    /// from a newer daemon is recognised as such rather than as corrupt.
    static func formatVersion(of bytes: [UInt8]) -> Int? {
        guard case .object(let members)? = try? document(bytes), case .integer(let version)? = members["formatVersion"] else { return nil }
        return Int(exactly: version)
    }

    private static func document(_ bytes: [UInt8]) throws(StateFormatError) -> JSONValue {
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw StateFormatError(reason: "not JSON: \(error)")
        }
    }

    /// Writes `value` with the members of every object in sorted order, so that the same
    /// state always gives the same bytes.
    private static func write(_ value: JSONValue, to writer: inout JSONWriter) {
        switch value {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .integer(let number): writer.integer(number)
        case .double(let number): writer.double(number)
        case .string(let text): writer.string(text)
        case .array(let elements):
            writer.beginArray()
            for element in elements { write(element, to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for name in members.keys.sorted() {
                writer.key(name)
                if let member = members[name] { write(member, to: &writer) }
            }
            writer.endObject()
        }
    }
}

/// Why a state file's bytes are not a snapshot: not JSON, or a member missing or of the wrong type.
struct StateFormatError: Error, CustomStringConvertible {
    /// What is wrong, naming the member where there is one.
    let reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(_ error: DecodingError) {
        let path = { (context: DecodingError.Context) in context.codingPath.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .keyNotFound(let key, let context):
            reason = "missing \((context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            reason = "bad value at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            reason = "bad value at \(path(context)): \(context.debugDescription)"
        @unknown default:
            reason = "\(error)"
        }
    }

    var description: String { reason }
}
