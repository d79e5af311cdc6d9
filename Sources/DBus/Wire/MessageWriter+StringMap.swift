extension MessageWriter {
    /// Appends a string map as `a{ss}`, the same bytes as the generic dictionary's: without its
    /// entry signature built and checked for each map and each entry written through the
    /// generic path. Views send maps of titles and labels with every change (VIEW-6).
    public mutating func append(_ map: [String: String]) throws(DBusError) {
        try appendContainer(TypeCode.array, validatedSignature: "{ss}") {
            (entries: inout MessageWriter) throws(DBusError) in
            for (key, value) in map {
                try Validation.checkString(key)
                try Validation.checkString(value)
                try entries.appendContainer(TypeCode.dictEntry, validatedSignature: nil) {
                    (entry: inout MessageWriter) throws(DBusError) in
                    try entry.appendValidatedString(TypeCode.string, key)
                    try entry.appendValidatedString(TypeCode.string, value)
                }
            }
        }
    }
}
