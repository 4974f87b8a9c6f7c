import FuzzSupport
import TreatyReports

/// The JUnit reader (libxml2) on any bytes, as `treaty report merge` reads its inputs.
@_cdecl("FuzzJUnit_main")
public func fuzzJUnitMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzing.run(argc, argv) { bytes in
        _ = try? JUnitReader().read(bytes: bytes, source: "fuzz.xml")
    }
}
