import Foundation
import Testing
@testable import tabctl

@Suite("tabctl JSON output")
struct JSONValueTests {
    @Test("objects keep their key order and nest")
    func ordering() {
        let value = JSONValue.object([("b", .int(-1)), ("a", .array([.bool(true), .null, .uint(18_446_744_073_709_551_615)]))])
        #expect(value.text == #"{"b":-1,"a":[true,null,18446744073709551615]}"#)
    }

    @Test("strings escape quotes, backslashes and control characters, and Foundation reads them back")
    func escaping() throws {
        let original = "say \"hi\"\\ \n\t\u{01} é 日本"
        let text = JSONValue.array([.string(original)]).text
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
        #expect(parsed == [original])
    }
}
