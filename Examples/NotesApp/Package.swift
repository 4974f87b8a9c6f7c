// swift-tools-version: 6.1
import PackageDescription

// An app package that checks its backend contract in `swift test` with TreatyTesting: against
// the in-process simulator by default, against staging when TREATY_TARGET is set.
let package = Package(
    name: "NotesApp",
    platforms: [.macOS(.v15)],
    products: [.library(name: "NotesApp", targets: ["NotesApp"])],
    dependencies: [.package(name: "Treaty", path: "../..")],
    targets: [
        .target(name: "NotesApp"),
        .testTarget(
            name: "NotesContractTests",
            dependencies: [
                "NotesApp", .product(name: "TreatyTesting", package: "Treaty"),
                .product(name: "TreatySimulator", package: "Treaty"),
            ]
        ),
    ]
)
