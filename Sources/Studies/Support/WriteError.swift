import Foundation
import Reporting

/// A result file that could not be written: a full disk, a lost permission. The command line
/// prints it and exits 74 (EX_IOERR); nothing a study has already written is lost.
public struct WriteError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "could not write \(path): \(reason)" }

    /// Writes `text` to `path` whole or not at all (``AtomicFile``), naming the file when it cannot.
    public static func writing(_ text: String, to path: String) throws(WriteError) {
        do {
            try AtomicFile.write(text, to: path)
        } catch {
            throw WriteError(path: path, reason: error.localizedDescription)
        }
    }
}
