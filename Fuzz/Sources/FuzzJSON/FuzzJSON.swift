import FuzzSupport
import TreatyJSON

/// The JSON scanner and parser on any bytes: a value or a JSONParseError, never a crash.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzzing.run(argc, argv) { bytes in
        if let value = try? JSONParser().parse(bytes) {
            _ = value.serializedBytes()
        }
    }
}
