// swift-tools-version:6.1
import PackageDescription

// libFuzzer targets for Treaty's parsers and request paths. Build and run with ./run.sh (it
// passes -sanitize=fuzzer,address); a plain `swift build` here does not link.
let targets = ["FuzzJSON", "FuzzContract", "FuzzJUnit", "FuzzPocketBaseQuery", "FuzzFileMakerRequest", "FuzzRequest"]

let package = Package(
    name: "TreatyFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Treaty", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "TreatyCore", package: "Treaty"), .product(name: "TreatyDialect", package: "Treaty"),
                .product(name: "TreatyDialectKit", package: "Treaty"), .product(name: "TreatyDialects", package: "Treaty"),
                .product(name: "TreatyJSON", package: "Treaty"),
            ])
    ]
        + targets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport", .product(name: "TreatyCore", package: "Treaty"),
                    .product(name: "TreatyJSON", package: "Treaty"), .product(name: "TreatyReports", package: "Treaty"),
                    .product(name: "TreatyQuery", package: "Treaty"), .product(name: "TreatyDialect", package: "Treaty"),
                ],
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
