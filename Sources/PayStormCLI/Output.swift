import Foundation
import Studies

/// Where a command writes: stdout for results, stderr for messages. Collected in tests.
struct Output {
    var out: (String) -> Void = { print($0) }
    var err: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    /// Banner and notes: stdout normally, stderr when stdout carries JSON.
    var info: (String) -> Void = { print($0) }
}
