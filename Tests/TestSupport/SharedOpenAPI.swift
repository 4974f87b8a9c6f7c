internal import Foundation

/// The real, public API descriptions in `../shared/openapi/` (OpenAPI documents and CloudKit
/// schemas), which tests read in place and never copy into the project.
public enum SharedOpenAPI {
    /// The folder: `$TREATY_SHARED_OPENAPI` when set, else `<repository>/../shared/openapi`, else
    /// `/work/shared/openapi`; `nil` when none exists (a plain clone has no `../shared`).
    public static let directory: String? = {
        var candidates = [DemoFiles.root + "/../shared/openapi", "/work/shared/openapi"]
        if let configured = ProcessInfo.processInfo.environment["TREATY_SHARED_OPENAPI"] {
            candidates.insert(configured, at: 0)
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/README.md") }
    }()

    /// Why tests of these files are skipped.
    public static let absence = "../shared/openapi is absent (set TREATY_SHARED_OPENAPI to its path to run these tests)"

    /// The path of `name` in the folder.
    public static func path(_ name: String) -> String {
        (directory ?? "/nonexistent") + "/" + name
    }
}
