/// A bad input the caller must fix: a flag's value, a scenario field, a shard file's number. The
/// message names what was wrong and what was expected; the command line prints it and exits 64.
public struct InputError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
