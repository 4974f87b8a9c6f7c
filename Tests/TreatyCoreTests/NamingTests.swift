import Testing
import TreatyCore
import TreatyJSON

/// Naming conventions, English singulars and "did you mean" suggestions.
@Suite struct NamingTests {
    @Test(
        "naming conventions accept their own keys only",
        arguments: [
            (NamingConvention.snakeCase, "display_name", true),
            (.snakeCase, "watcher_ids", true),
            (.snakeCase, "a1_b2", true),
            (.snakeCase, "id", true),
            (.snakeCase, "displayName", false),
            (.snakeCase, "Display_name", false),
            (.snakeCase, "_id", false),
            (.snakeCase, "name_", false),
            (.snakeCase, "a__b", false),
            (.snakeCase, "1st", false),
            (.snakeCase, "display-name", false),
            (.snakeCase, "", false),
            (.camelCase, "displayName", true),
            (.camelCase, "watcherIds", true),
            (.camelCase, "a1B2", true),
            (.camelCase, "id", true),
            (.camelCase, "DisplayName", false),
            (.camelCase, "display_name", false),
            (.camelCase, "", false),
            (.any, "Whatever-Key_x", true),
            (.any, "", false),
        ])
    func accepts(convention: NamingConvention, key: String, accepted: Bool) {
        #expect(convention.accepts(key) == accepted)
    }

    @Test(
        "keys split into lower-case words whatever their convention",
        arguments: [
            ("displayName", ["display", "name"]),
            ("display_name", ["display", "name"]),
            ("Display-Name", ["display", "name"]),
            ("display name", ["display", "name"]),
            ("__leading__and__trailing__", ["leading", "and", "trailing"]),
            ("userID", ["user", "id"]),
            ("watcherIDs", ["watcher", "ids"]),
            ("address2Line", ["address2", "line"]),
            ("id", ["id"]),
            ("", []),
        ])
    func words(key: String, words: [String]) {
        #expect(NamingConvention.words(of: key) == words)
    }

    @Test(
        "converting rewrites a key in the convention",
        arguments: [
            (NamingConvention.snakeCase, "displayName", "display_name"),
            (.snakeCase, "Display-Name", "display_name"),
            (.snakeCase, "watcherIds", "watcher_ids"),
            (.snakeCase, "display_name", "display_name"),
            (.camelCase, "display_name", "displayName"),
            (.camelCase, "watcher_ids", "watcherIds"),
            (.camelCase, "DisplayName", "displayName"),
            (.any, "Display-Name", "Display-Name"),
        ])
    func convert(convention: NamingConvention, key: String, converted: String) {
        #expect(convention.convert(key) == converted)
        #expect(convention.accepts(converted) || convention == .any)
    }

    @Test("words join into keys of each convention")
    func keyFromWords() {
        #expect(NamingConvention.snakeCase.key(fromWords: ["watcher", "ids"]) == "watcher_ids")
        #expect(NamingConvention.camelCase.key(fromWords: ["watcher", "ids"]) == "watcherIds")
        #expect(NamingConvention.any.key(fromWords: ["created", "at"]) == "created_at")
        #expect(NamingConvention.camelCase.key(fromWords: []) == "")
    }

    @Test(
        "plural nouns become singular; other words stay as they are",
        arguments: [
            ("watchers", "watcher"),
            ("tags", "tag"),
            ("categories", "category"),
            ("Categories", "Category"),
            ("boxes", "box"),
            ("churches", "church"),
            ("wishes", "wish"),
            ("classes", "class"),
            ("addresses", "address"),
            ("statuses", "status"),
            ("people", "person"),
            ("children", "child"),
            ("devices", "device"),
            ("status", "status"),
            ("class", "class"),
            ("analysis", "analysis"),
            ("user", "user"),
            ("s", "s"),
            ("", ""),
        ])
    func singular(plural: String, singular: String) {
        #expect(Inflection.singular(plural) == singular)
    }

    @Test(
        "suggestions pick the closest likely typo, or nothing",
        arguments: [
            ("requird", ["type", "required", "nullable"], "required"),
            ("tpye", ["key", "type"], "type"),
            ("get", ["GET", "POST"], "GET"),
            ("GTE", ["GET", "POST"], "GET"),
            ("rest-synk", ["rest-sync", "pocketbase"], "rest-sync"),
            ("cat", ["bat", "cot"], "bat"),
            ("lenght", ["length", "height"], "length"),
            ("zzz", ["api", "dialect"], nil),
            ("ab", ["xy"], nil),
            ("FETCH", ["GET", "POST", "PUT", "PATCH", "DELETE"], nil),
            ("anything", [], nil),
        ] as [(String, [String], String?)])
    func closest(word: String, candidates: [String], suggestion: String?) {
        #expect(Suggestion.closest(to: word, among: candidates) == suggestion)
    }

    @Test(
        "edit distance counts insertions, deletions, substitutions and adjacent swaps",
        arguments: [
            ("", "", 0),
            ("", "abc", 3),
            ("abc", "", 3),
            ("same", "same", 0),
            ("kitten", "sitting", 3),
            ("ab", "ba", 1),
            ("requird", "required", 1),
            ("tpye", "type", 1),
            ("ca", "abc", 3),
            ("flaw", "lawn", 2),
            ("Case", "case", 1),
            ("naïve", "naive", 1),
        ])
    func editDistance(lhs: String, rhs: String, distance: Int) {
        #expect(Suggestion.editDistance(lhs, rhs) == distance)
        #expect(Suggestion.editDistance(rhs, lhs) == distance)
    }
}
