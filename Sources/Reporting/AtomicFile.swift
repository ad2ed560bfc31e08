import Foundation

/// Writes files so that a reader never sees half of one: the text goes to a temporary file in
/// the same directory, which is then renamed over the target (rename is atomic on one file
/// system). An interrupted run leaves the old file or the new one, never a torn one.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data(text.utf8).write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                                                          NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
    }
}
