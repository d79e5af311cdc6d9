/// An icon a plugin draws itself (ICON-3), as StatusNotifierItem's `IconPixmap` carries it:
/// width, height and ARGB32 pixels in network byte order. Only the running plugin sets them;
/// they are never saved.
public struct IconPixmap: Equatable, Hashable, Sendable {
    /// Pixels across.
    public let width: Int32
    /// Pixels down; equal to `width`.
    public let height: Int32
    /// `width × height × 4` bytes: A, R, G, B per pixel, row by row.
    public let argb: [UInt8]

    /// The most sizes one tab carries.
    public static let maximumCount = 4
    /// The longest side of one size.
    public static let maximumSide: Int32 = 256

    /// A pixmap as given; `validate` says whether a tab may carry it.
    public init(width: Int32, height: Int32, argb: [UInt8]) {
        self.width = width
        self.height = height
        self.argb = argb
    }

    /// Throws `InvalidArgument` naming the first problem unless `pixmaps` is at most 4 sizes,
    /// each square with a side of 1 to 256 and exactly `width × height × 4` bytes (ICON-3).
    /// The sizes alone decide it, so a caller may check them before copying any pixels.
    public static func validate(count: Int, sizes: some Sequence<(width: Int32, height: Int32, bytes: Int)>)
        throws(TabError)
    {
        guard count <= maximumCount else {
            throw .invalidArgument("\(count) icon pixmaps: at most \(maximumCount) sizes.")
        }
        for size in sizes {
            guard size.width == size.height, (1...maximumSide).contains(size.width) else {
                throw .invalidArgument(
                    "An icon pixmap of \(size.width)×\(size.height): expected a square with a side of 1 to \(maximumSide)."
                )
            }
            let expected = Int(size.width) * Int(size.height) * 4
            guard size.bytes == expected else {
                throw .invalidArgument(
                    "An icon pixmap of \(size.width)×\(size.height) with \(size.bytes) bytes: expected \(expected).")
            }
        }
    }

    /// `validate(count:sizes:)` for pixmaps already made.
    public static func validate(_ pixmaps: [IconPixmap]) throws(TabError) {
        try validate(
            count: pixmaps.count, sizes: pixmaps.lazy.map { (width: $0.width, height: $0.height, bytes: $0.argb.count) }
        )
    }
}
