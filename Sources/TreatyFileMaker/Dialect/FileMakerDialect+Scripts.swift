internal import TreatyDialect
internal import TreatyJSON

/// The scripts a record call runs: `script.prerequest` before the action, `script.presort`
/// before the sort, `script` after it — each with its `.param` — from the query string (GET,
/// DELETE) or the body (POST, PATCH).
struct FileMakerScriptRun {
    static let stages = ["script.prerequest", "script.presort", "script"]
    static let keys = stages + stages.map { $0 + ".param" }

    let results: JSONObject

    /// Runs the scripts `parameters` names, in FileMaker's order.
    init(_ parameters: (String) -> String?, database: FileMakerDatabase) {
        var results = JSONObject()
        for stage in Self.stages {
            guard let name = parameters(stage) else { continue }
            let suffix = stage == "script" ? "" : "." + stage.dropFirst("script.".count)
            guard let script = database.script(named: name) else {
                results["scriptError" + suffix] = "104"
                continue
            }
            let (error, result) = script.run(parameter: parameters(stage + ".param"))
            if let result { results["scriptResult" + suffix] = .string(result) }
            results["scriptError" + suffix] = .string(error)
        }
        self.results = results
    }

    /// `body` with the script keys added.
    func adding(to body: JSONObject) -> JSONObject {
        var body = body
        for member in results.members { body[member.key] = member.value }
        return body
    }
}

extension FileMakerDialect {
    /// `GET …/layouts/{layout}/script/{name}?script.param=…`.
    func runScript(_ context: FileMakerContext, name: String) throws(FileMakerError) -> DialectResponse {
        guard let script = context.database.script(named: name) else { throw FileMakerError.scriptMissing }
        let (error, result) = script.run(parameter: context.call.query("script.param"))
        var body: JSONObject = ["scriptError": .string(error)]
        if let result { body["scriptResult"] = .string(result) }
        return FileMakerEnvelope.response(body)
    }

    /// The script parameters of a call: its query string for GET and DELETE, else its body.
    func scriptParameters(_ context: FileMakerContext, body: JSONObject?) -> (String) -> String? {
        { key in
            if let body {
                return body[key].flatMap { $0.stringValue ?? $0.numberValue?.text }
            }
            return context.call.query(key)
        }
    }
}
