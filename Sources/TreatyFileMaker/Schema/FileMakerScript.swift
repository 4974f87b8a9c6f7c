internal import Foundation
import TreatyCore

/// A script the simulator runs in place of a FileMaker script: a small declarative table.
struct FileMakerScript: Sendable, Hashable {
    /// What running it gives.
    enum Behaviour: Sendable, Hashable {
        /// `scriptError` "0" and this result; `{{param}}` in it is replaced by the parameter.
        case result(String)
        /// `scriptError` with this code (a string such as `"3"`) and no result.
        case error(String)
    }

    /// The script's name.
    var name: String
    /// The script folder it is listed in, if any.
    var folder: String?
    /// What it does.
    var behaviour: Behaviour
    /// Where the contract declares it.
    var location: SourceLocation?

    /// Creates a script.
    init(name: String, folder: String? = nil, behaviour: Behaviour, location: SourceLocation? = nil) {
        self.name = name
        self.folder = folder
        self.behaviour = behaviour
        self.location = location
    }

    /// Runs the script with `parameter`.
    ///
    /// - Returns: The error code (`"0"` on success) and the result, if any.
    func run(parameter: String?) -> (error: String, result: String?) {
        switch behaviour {
        case .result(let template): ("0", template.replacingOccurrences(of: "{{param}}", with: parameter ?? ""))
        case .error(let code): (code, nil)
        }
    }
}
