// swift-tools-version:6.0
// PayStorm: a deterministic, actor-based simulation engine for payment systems.
// No package dependencies: the standard library, Foundation, Dispatch, Synchronization and the
// test libraries only. Foundation stays out of SimulationKernel and PaymentWorld.
//
// No unsafe build flags: SwiftPM refuses them in a package used by version. The event loop's speed
// comes from `@exclusivity(unchecked)` on the stored properties of the classes only the
// simulation's thread touches, one step at a time (the kernel's executor and network, the
// world's actors and claims): their dynamic access checks were a third of the loop's time.
import PackageDescription

let package = Package(
    name: "PayStorm",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SimulationKernel", targets: ["SimulationKernel"]),
        .library(name: "PaymentWorld", targets: ["PaymentWorld"]),
        .library(name: "Exploration", targets: ["Exploration"]),
        .library(name: "SimulationTesting", targets: ["SimulationTesting"]),
        .library(name: "Studies", targets: ["Studies"]),
        .executable(name: "paystorm", targets: ["PayStormCLI"]),
        .executable(name: "paystorm-bench", targets: ["PayStormBenchmarks"]),
    ],
    targets: [
        // libm: `rounded()`, `log`, `exp` for the distributions (Foundation stays out of the kernel).
        .target(name: "SimulationKernel", linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "PaymentWorld",
            dependencies: ["SimulationKernel"],
            plugins: ["CaseIndexPlugin"]  // Lifecycles' case indices, generated at build time.
        ),
        .target(name: "Scenarios", dependencies: ["PaymentWorld", "SimulationKernel"]),
        // Swift Testing's side of exploring a user's own simulation: one call per test.
        // Reporting for its trace writer: a replayed trial's Perfetto trace (PAYSTORM_TRACE).
        .target(name: "SimulationTesting", dependencies: ["SimulationKernel", "Reporting"]),
        .target(name: "Reporting", dependencies: ["SimulationKernel"]),
        // Running, judging, exploring and shrinking seeds of a scenario: what the commands share.
        .target(name: "Exploration", dependencies: ["Scenarios", "PaymentWorld", "SimulationKernel"]),
        // Runs, studies and their result files: a run's summary, replications, sweeps and their
        // shards, the size search, explore files and seed coverage. The command line only parses,
        // calls these and prints.
        .target(name: "Studies", dependencies: ["Exploration", "Scenarios", "Reporting", "PaymentWorld", "SimulationKernel"]),
        .executableTarget(
            name: "PayStormCLI",
            dependencies: ["Studies", "Exploration", "Scenarios", "Reporting", "PaymentWorld", "SimulationKernel"]
        ),
        .executableTarget(
            name: "PayStormBenchmarks",
            dependencies: ["Scenarios", "Reporting", "PaymentWorld", "SimulationKernel"],
            path: "Benchmarks/PayStormBenchmarks"
        ),
        // The case indices of PaymentWorld's lifecycle enums (StateCoverage), derived from their
        // source at every build that changes them: a tool, and the build-tool plugin that runs it.
        .executableTarget(name: "CaseIndexGenerator"),
        .plugin(name: "CaseIndexPlugin", capability: .buildTool(), dependencies: ["CaseIndexGenerator"]),
        .testTarget(
            name: "SimulationKernelTests",
            dependencies: ["SimulationKernel", "SimulationTesting"],
            exclude: ["Golden"]  // Golden files are read through #filePath, not bundled.
        ),
        // What more than one test target needs: the package root, shell words of a printed command line.
        .target(name: "SimulationTestSupport", path: "Tests/SimulationTestSupport"),
        .testTarget(name: "PaymentWorldTests", dependencies: ["PaymentWorld"]),
        .testTarget(
            name: "ScenariosTests",
            dependencies: ["Scenarios", "PaymentWorld", "SimulationTestSupport"],
            exclude: ["Regressions"]  // Scenarios of found bugs, read through #filePath.
        ),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting"]),
        .testTarget(name: "StudiesTests", dependencies: ["Studies", "Scenarios", "Reporting", "SimulationKernel", "SimulationTestSupport"]),
        .testTarget(
            name: "ExplorationTests",
            dependencies: ["Exploration", "Scenarios", "PaymentWorld", "SimulationKernel", "SimulationTestSupport"]
        ),
        .testTarget(
            name: "PayStormCLITests",
            // PayStormCLI so that `swift test` builds the `paystorm` binary the tests run.
            dependencies: ["PayStormCLI", "Studies", "Scenarios", "PaymentWorld", "Reporting", "SimulationTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
