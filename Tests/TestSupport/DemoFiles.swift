public import TreatyCore
public import TreatyDialect

/// The repository's demo contract and fixtures, found from this file's location (never the
/// working directory), loaded once per test process.
public enum DemoFiles {
    /// The repository root.
    public static let root: String = {
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        return components.isEmpty ? "." : components.joined(separator: "/")
    }()

    /// `Contracts/demo/contract.yaml`, as an absolute path.
    public static let contractPath = root + "/Contracts/demo/contract.yaml"

    /// `Fixtures/demo`, as an absolute path.
    public static let fixturesPath = root + "/Fixtures/demo"

    /// The demo contract (rest-sync.md's reference API).
    public static let contract: Contract = {
        guard let contract = ContractLoader(vocabulary: .treatyDialects).load(fileAt: contractPath).contract else {
            preconditionFailure("the demo contract must load")
        }
        return contract
    }()

    /// The demo fixture set, checked against ``contract``.
    public static let fixtures: FixtureSet = {
        guard let fixtures = FixtureLoader().load(directory: fixturesPath, for: contract).fixtures else {
            preconditionFailure("the demo fixtures must load")
        }
        return fixtures
    }()
}

/// Ids of the demo fixture (rest-sync.md's U1…, P1…, G1…, T1…) and of records tests create.
public enum DemoID {
    public static let u1 = "6513270E-269E-4D37-B2A7-4DE452E6B438"
    public static let u2 = "D23F0824-128B-4F33-8C5C-7FD0A6A3A450"
    public static let u3 = "9531985D-5D9D-49F8-9818-E811892F902B"
    public static let p1 = "36F675CC-81E7-4EF5-A8E2-5D940ED90475"
    public static let p2 = "6B0D549B-6F03-475A-9600-A35A099950D8"
    public static let g1 = "8D116ECE-1738-47D9-BD9C-172411E20B8F"
    public static let t1 = "0CB1E29C-658C-4A14-95E6-0AF593BD04CF"
    public static let t2 = "0FD630F1-F29D-4DA9-953F-48F1A09F76B5"
    public static let t3 = "6B4CB242-4A23-4596-A217-BEADDBC496CB"
    public static let t4 = "8E81973E-0BEC-47B0-B898-D190F9EBDACC"
    public static let t5 = "92276658-1E27-41C0-8A6A-63EC24EDE6A4"
    public static let new1 = "A0000000-0000-4000-8000-000000000001"
    public static let new2 = "A0000000-0000-4000-8000-000000000002"
    public static let newProject = "B0000000-0000-4000-8000-000000000001"

    /// `/projects/{P1}/tasks`.
    public static let tasksP1 = "/projects/\(p1)/tasks"

    /// `/projects/{project}/tasks/{id}`.
    public static func task(_ id: String, in project: String = p1) -> String { "/projects/\(project)/tasks/\(id)" }
}
