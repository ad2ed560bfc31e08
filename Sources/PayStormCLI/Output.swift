import Foundation
import Synchronization
import Studies

/// Where a command writes: stdout for results, stderr for messages. Collected in tests.
struct Output {
    var out: (String) -> Void = { StandardOutput.write($0) }
    var err: (String) -> Void = { StandardOutput.writeError($0 + "\n") }
    /// Banner and notes: stdout normally, stderr when stdout carries JSON.
    var info: (String) -> Void = { StandardOutput.write($0) }
}

/// Results on stdout, written as they come and checked: a full or closed stdout (`> /dev/full`)
/// loses them, and the command then fails with 74 rather than passing.
enum StandardOutput {
    /// Why the first write failed, if one did.
    static let failure = Mutex<String?>(nil)

    /// Messages and progress on stderr. `FileHandle.write(_:)` traps on a write error; this one
    /// does not, and a stderr that cannot be written has nowhere left to say so: it is dropped.
    static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

    static func write(_ line: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)
                .map { String(cString: strerror(Int32(truncatingIfNeeded: $0.code))) } ?? error.localizedDescription
            failure.withLock { if $0 == nil { $0 = reason } }
        }
    }
}
