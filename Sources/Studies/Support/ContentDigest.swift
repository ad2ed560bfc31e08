/// What a study records of the file it ran, so that two shards or a rerun can tell an edit.
public enum ContentDigest {
    /// `fnv1a64:` and 16 hex digits: enough to tell an edited file, not a security check.
    public static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Through the buffer: a debug build's `for byte in bytes` costs a generic iterator call a
        // byte, and the files hashed (a trace, a report) run to megabytes in the tests.
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                hash = (hash ^ UInt64(buffer[index])) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// The version every result file and banner names.
public enum PayStormVersion {
    public static let current = "0.2.0"
}
