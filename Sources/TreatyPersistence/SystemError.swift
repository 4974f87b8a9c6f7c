internal import Foundation

/// The text of an `errno` value.
enum SystemError {
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
