/// Decodes a `Decodable` value from a `JSONValue`, the way Foundation's `JSONDecoder` reads
/// what its `JSONEncoder` wrote with the default strategies: objects for keyed containers,
/// arrays for unkeyed ones, absent members for nil optionals. Mismatches throw the standard
/// library's `DecodingError`, with the coding path.
public struct JSONValueDecoder {
    /// A decoder.
    public init() {}

    /// `type` decoded from `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

/// One value being decoded, and where it is.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(value: value, codingPath: codingPath) }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(value.kind)"))
}

/// Scalars: what every `decode` of a single value, keyed member or array element comes to.
/// Other types decode themselves from `value`; a scalar type never does, so a mismatch is an
/// error rather than a recursion.
private func decodeScalar<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    switch value {
    case .bool(let flag):
        if let result = flag as? T { return result }
    case .string(let text):
        if let result = text as? T { return result }
    case .integer(let number):
        if let result = exactInteger(type, number) ?? (Double(number) as? T) ?? (Float(number) as? T) { return result }
        if T.self is any FixedWidthInteger.Type {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(number) does not fit in \(type)"))
        }
    case .double(let number):
        if let result = (number as? T) ?? (Float(number) as? T) { return result }
    case .null:
        throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "found null"))
    default:
        break
    }
    let isScalar = T.self == Bool.self || T.self == String.self || T.self is any BinaryInteger.Type || T.self is any BinaryFloatingPoint.Type
    if isScalar { throw mismatch(type, value, path) }
    return try T(from: ValueDecoder(value: value, codingPath: path))
}

/// `number` as the integer type `type`, nil when `type` is not an integer type or it does not fit.
private func exactInteger<T>(_ type: T.Type, _ number: Int64) -> T? {
    switch type {
    case is Int.Type: Int(exactly: number) as? T
    case is Int8.Type: Int8(exactly: number) as? T
    case is Int16.Type: Int16(exactly: number) as? T
    case is Int32.Type: Int32(exactly: number) as? T
    case is Int64.Type: number as? T
    case is UInt.Type: UInt(exactly: number) as? T
    case is UInt8.Type: UInt8(exactly: number) as? T
    case is UInt16.Type: UInt16(exactly: number) as? T
    case is UInt32.Type: UInt32(exactly: number) as? T
    case is UInt64.Type: UInt64(exactly: number) as? T
    default: nil
    }
}

private struct SingleValue: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeScalar(type, value, codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member '\(key.stringValue)'"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeScalar(type, try member(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var path: [any CodingKey] { codingPath + [IndexKey(intValue: currentIndex)] }

    private mutating func next() throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: path, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = self.path
        return try decodeScalar(type, try next(), path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let path = self.path
        return try ValueDecoder(value: try next(), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = self.path
        return try ValueDecoder(value: try next(), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = self.path
        return ValueDecoder(value: try next(), codingPath: path)
    }
}

/// An array index as a coding key.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
