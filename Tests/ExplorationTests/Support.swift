import Foundation
import SimulationTestSupport
import Scenarios


/// A checked-in scenario with `overrides`, named as a user at the package root names it
/// (`scenarios/default.json`), whatever the test's working directory.
func loadScenario(_ file: String, overrides: [String] = []) throws -> Scenario {
    let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(file)))
    return try ScenarioLoader.load(bytes: bytes, file: file, overrides: overrides)
}

/// The JSON tree of a checked-in scenario with `overrides` written in, as `paystorm shrink` reads it.
func scenarioTree(_ file: String, overrides: [String] = []) throws -> JSONNode {
    try ScenarioLoader.tree(file: packageRoot.appendingPathComponent(file).path, overrides: overrides)
}
