import Glibc

/// The system's user and group databases, read with the reentrant calls (`getpwuid_r`,
/// `getgrnam_r`). Their answer must fit a buffer the caller gives; a larger entry (a group with
/// thousands of members runs past any first guess) is answered `ERANGE`, and the lookup is
/// tried again with a buffer twice the size, up to `largestEntry`.
enum AccountDatabase {
    /// The first buffer a lookup tries.
    static let firstBuffer = 16 * 1024
    /// The largest buffer a lookup grows to; an entry that needs more is taken as not found.
    static let largestEntry = 64 << 20

    /// The name and primary group of the user with `uid`; nil when there is none.
    static func user(_ uid: UInt32, firstBuffer: Int = firstBuffer) -> (name: String, gid: gid_t)? {
        withGrowingBuffer(from: firstBuffer) { buffer, size in
            var entry = passwd()
            var result: UnsafeMutablePointer<passwd>?
            let code = getpwuid_r(uid, &entry, buffer, size, &result)
            return (code, result == nil ? nil : (String(cString: entry.pw_name), entry.pw_gid))
        }
    }

    /// The id of the group called `name`; nil when there is none.
    static func group(named name: String, firstBuffer: Int = firstBuffer) -> gid_t? {
        withGrowingBuffer(from: firstBuffer) { buffer, size in
            var entry = Glibc.group()
            var result: UnsafeMutablePointer<Glibc.group>?
            let code = getgrnam_r(name, &entry, buffer, size, &result)
            return (code, result == nil ? nil : entry.gr_gid)
        }
    }

    /// Runs `lookup` with a buffer of `size` bytes, doubling it while the answer is `ERANGE`
    /// (and trying again after `EINTR`); what it found, or nil.
    private static func withGrowingBuffer<Found>(
        from size: Int, _ lookup: (UnsafeMutablePointer<CChar>, Int) -> (code: Int32, found: Found?)
    ) -> Found? {
        var size = max(size, 1)
        while size <= largestEntry {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            let (code, found) = lookup(buffer, size)
            switch code {
            case 0: return found
            case ERANGE: size *= 2
            case EINTR: continue
            default: return nil
            }
        }
        return nil
    }
}
