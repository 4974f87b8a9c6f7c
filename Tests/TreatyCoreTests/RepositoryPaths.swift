/// Paths into the repository, found from this file's location (never the working directory).
enum RepositoryPaths {
    static let root: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
        if components.isEmpty { components = ["."] }
        return components.joined(separator: "/")
    }()

    static let demoContract = root + "/Contracts/demo/contract.yaml"
}
