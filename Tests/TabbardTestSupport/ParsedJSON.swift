import Foundation

/// Parses JSON that a client or script printed (a bare value too); a failure shows the text.
public func parseJSON(_ text: String) throws -> Any {
    do {
        return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    } catch {
        throw TestFailure("not JSON: \(text)")
    }
}
