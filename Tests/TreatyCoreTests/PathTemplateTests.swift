import Testing
import TreatyCore

/// Parsing, matching and comparing URL path templates.
@Suite struct PathTemplateTests {
    @Test(
        "valid templates parse into literal and parameter segments and print back unchanged",
        arguments: [
            ("/", [] as [PathTemplate.Segment]),
            ("/users", [.literal("users")]),
            ("/users/{id}", [.literal("users"), .parameter("id")]),
            (
                "/projects/{project_id}/tasks/{id}",
                [.literal("projects"), .parameter("project_id"), .literal("tasks"), .parameter("id")]
            ),
            ("/{id}", [.parameter("id")]),
            ("/v1/users.json", [.literal("v1"), .literal("users.json")]),
        ])
    func parses(text: String, segments: [PathTemplate.Segment]) throws {
        let template = try #require(PathTemplate(text))
        #expect(template.segments == segments)
        #expect(template.description == text)
    }

    @Test(
        "invalid templates are rejected",
        arguments: ["", "users", "//", "/users/", "/users//all", "/{}", "/{id", "/id}", "/x{id}", "/{id}x", "/{a{b}}"])
    func rejects(text: String) {
        #expect(PathTemplate(text) == nil)
    }

    @Test("parameters are listed in order")
    func parameters() throws {
        #expect(try #require(PathTemplate("/projects/{project_id}/tasks/{id}")).parameters == ["project_id", "id"])
        #expect(try #require(PathTemplate("/users")).parameters == [])
    }

    @Test(
        "the shape replaces every parameter with {}",
        arguments: [
            ("/", "/"),
            ("/users", "/users"),
            ("/users/{id}", "/users/{}"),
            ("/users/{user_id}", "/users/{}"),
            ("/projects/{project_id}/tasks/{id}", "/projects/{}/tasks/{}"),
        ])
    func shape(text: String, shape: String) throws {
        #expect(try #require(PathTemplate(text)).shape == shape)
    }

    @Test(
        "matching a path yields its parameter values, percent-decoded",
        arguments: [
            ("/projects/{project_id}/tasks/{id}", "/projects/p1/tasks/t1", ["project_id": "p1", "id": "t1"]),
            ("/projects/{project_id}/tasks/{id}", "/projects/p%201/tasks/t%2F2", ["project_id": "p 1", "id": "t/2"]),
            ("/users/{id}", "/users/%zz", ["id": "%zz"]),
            ("/users", "/users", [:]),
            ("/", "/", [:]),
        ] as [(String, String, [String: String])])
    func matches(template: String, path: String, values: [String: String]) throws {
        #expect(try #require(PathTemplate(template)).match(path) == values)
    }

    @Test(
        "paths of another length, another literal, an empty parameter or no leading slash do not match",
        arguments: [
            ("/projects/{project_id}/tasks/{id}", "/projects/p1/tasks"),
            ("/projects/{project_id}/tasks/{id}", "/projects/p1/tasks/t1/watchers"),
            ("/projects/{project_id}/tasks/{id}", "/projects/p1/tags/t1"),
            ("/projects/{project_id}/tasks/{id}", "/projects//tasks/t1"),
            ("/users", "/users/"),
            ("/users", "users"),
            ("/", "/users"),
            ("/users/{id}", "/"),
        ])
    func doesNotMatch(template: String, path: String) throws {
        #expect(try #require(PathTemplate(template)).match(path) == nil)
    }

    @Test(
        "matches(_:) agrees with match(_:) on matching and non-matching paths",
        arguments: [
            "/projects/P1/tasks/T1", "/projects/P%201/tasks/T1", "/projects//tasks/T1", "/projects/P1/tasks",
            "/projects/P1/tasks/T1/", "/projects/P1/notes/T1", "projects/P1/tasks/T1", "/", "/projects/P1/tasks/T1/x",
        ])
    func matchesAgrees(path: String) throws {
        let template = try #require(PathTemplate("/projects/{project_id}/tasks/{id}"))
        #expect(template.matches(path) == (template.match(path) != nil))
        #expect(template.matches("/projects/P1/tasks/T1"))
        #expect(template.match("/projects/P%201/tasks/T1") == ["project_id": "P 1", "id": "T1"])
    }
}
