import Foundation

/// The package root, found from this file's path (Tests/SimulationTestSupport/PackageRoot.swift), so
/// that `scenarios/default.json` resolves in a test as it does for a user at the root.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
