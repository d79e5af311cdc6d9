/// The few facts of an ELF header the loader checks before `dlopen` sees a file: that it is
/// ELF, a shared object, and built for this machine (so the refusal is a clear sentence
/// rather than a loader message).
struct ELFHeader {
    /// Bytes needed to read every field below.
    static let size = 20

    static let sharedObjectType: UInt16 = 3 // ET_DYN

    #if arch(x86_64)
        static let hostMachine: UInt16? = 62 // EM_X86_64
    #elseif arch(arm64)
        static let hostMachine: UInt16? = 183 // EM_AARCH64
    #else
        static let hostMachine: UInt16? = nil // not checked on other machines; dlopen decides
    #endif

    let elfClass: UInt8
    let dataEncoding: UInt8
    let type: UInt16
    let machine: UInt16

    /// Reads the header from the first bytes of a file; nil unless it starts with `\x7fELF`.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.size, bytes[0] == 0x7F, bytes[1] == UInt8(ascii: "E"),
            bytes[2] == UInt8(ascii: "L"), bytes[3] == UInt8(ascii: "F")
        else { return nil }
        elfClass = bytes[4]
        dataEncoding = bytes[5]
        // Little-endian is the only encoding checked below; decoding it that way is enough.
        type = UInt16(bytes[16]) | UInt16(bytes[17]) << 8
        machine = UInt16(bytes[18]) | UInt16(bytes[19]) << 8
    }

    /// Why this header does not describe a shared object the daemon can load, or nil.
    var mismatch: String? {
        let hostClass: UInt8 = MemoryLayout<Int>.size == 8 ? 2 : 1
        if elfClass != hostClass { return "ELF class \(elfClass), this machine's is \(hostClass)" }
        if dataEncoding != 1 { return "not little-endian" }
        if type != Self.sharedObjectType { return "ELF type \(type), a shared object's is \(Self.sharedObjectType)" }
        if let hostMachine = Self.hostMachine, machine != hostMachine {
            return "machine \(machine), this machine's is \(hostMachine)"
        }
        return nil
    }
}
