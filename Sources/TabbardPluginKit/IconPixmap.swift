/// An icon a tab draws itself (ICON-3), handed to `TabHost.setIconPixmaps`: `width` × `height`
/// pixels, ARGB32 in network byte order (A, R, G, B for each pixel, row by row).
public struct IconPixmap: Equatable, Sendable {
    /// Pixels across: 1 to 256.
    public var width: Int32
    /// Pixels down: equal to `width`.
    public var height: Int32
    /// Exactly `width × height × 4` bytes.
    public var argb: [UInt8]

    /// A pixmap of `width` × `height` pixels.
    public init(width: Int32, height: Int32, argb: [UInt8]) {
        self.width = width
        self.height = height
        self.argb = argb
    }
}
