// swift-tools-version:6.0
// Your own code under test: a payment client that retries a charge after a timeout without an
// idempotency key, so a lost response makes the retry charge the card twice. Found, replayed and
// checked with PayStorm's exploration API. See docs/own-code-under-test.md.
import PackageDescription

let package = Package(
    name: "RetryWithoutIdempotency",
    platforms: [.macOS(.v15)],
    // PayStorm by path; `name:` lets `package: "PayStorm"` below work whatever the clone's folder is called.
    dependencies: [.package(name: "PayStorm", path: "../..")],
    targets: [
        .target(
            name: "RetryWithoutIdempotency",
            dependencies: [.product(name: "SimulationKernel", package: "PayStorm")]
        ),
        .executableTarget(name: "charge-with-retries", dependencies: ["RetryWithoutIdempotency"]),
        .testTarget(
            name: "RetryWithoutIdempotencyTests",
            // charge-with-retries so that `swift test` builds the binary the replay test runs.
            dependencies: [
                "RetryWithoutIdempotency", "charge-with-retries",
                .product(name: "SimulationTesting", package: "PayStorm"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
