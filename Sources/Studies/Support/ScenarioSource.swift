import Scenarios

/// A scenario file read once: every scenario built from it runs these bytes, and the digest a
/// study records names them, even when the file changes on disk while the study runs.
public struct ScenarioSource: Sendable {
    public let file: String
    public let bytes: [UInt8]

    public init(file: String) throws(InputError) {
        self.file = file
        do {
            bytes = try ScenarioLoader.contents(of: file)
        } catch {
            throw InputError(error.description)
        }
    }

    /// `fnv1a64:` and 16 hex digits of the bytes read.
    public var digest: String { ContentDigest.fnv1a64(bytes) }

    /// The scenario with `overrides` (`--set`) and `varied` (a sweep point's axes) applied.
    public func load(overrides: [String] = [], varied: [String] = []) throws(InputError) -> Scenario {
        do {
            return try ScenarioLoader.load(bytes: bytes, file: file, overrides: overrides, varied: varied)
        } catch {
            throw InputError(error.description)
        }
    }
}
