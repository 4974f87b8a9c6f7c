#if canImport(Glibc)
import Glibc

/// glibc's `malloc_trim`, which its Swift module does not export (`malloc.h` is not in it).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
#endif

/// The memory start-up used and freed — fixture file bytes, parse trees, the check's scratch on
/// its worker threads — handed back to the system before serving.
///
/// The C allocator keeps freed memory for reuse and returns only what sits at the top of each
/// arena; after loading 100,000 records most of what it freed is below the records it kept.
enum StartupMemory {
    static func release() {
        #if canImport(Glibc)
        _ = mallocTrim(0)
        #endif
    }
}
