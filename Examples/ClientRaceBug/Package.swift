// swift-tools-version:6.0
// Your own code under test: a payment client with an actor-reentrancy bug, found and replayed
// by PayStorm's deterministic simulation. See docs/own-code-under-test.md.
import PackageDescription

let package = Package(
    name: "ClientRaceBug",
    platforms: [.macOS(.v15)],
    // PayStorm by path; `name:` lets `package: "PayStorm"` below work whatever the clone's folder is called.
    dependencies: [.package(name: "PayStorm", path: "../..")],
    targets: [
        .target(name: "ClientRaceBug", dependencies: [.product(name: "SimulationKernel", package: "PayStorm")]),
        .executableTarget(name: "explore-checkout", dependencies: ["ClientRaceBug"]),
        .testTarget(
            name: "ClientRaceBugTests",
            // SimulationTesting for the plain checkout's exploreSchedules.
            dependencies: ["ClientRaceBug", .product(name: "SimulationTesting", package: "PayStorm")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
