#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output or standard error without buffering surprises.
struct Console: Sendable {
    let descriptor: Int32

    static let standardOutput = Console(descriptor: 1)
    static let standardError = Console(descriptor: 2)

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            guard written > 0 else { return }
            offset += written
        }
    }
}
