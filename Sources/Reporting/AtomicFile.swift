import Foundation

/// Writes files so that a reader never sees half of one: the text goes to a temporary file in
/// the same directory, which is then renamed over the target (rename is atomic on one file
/// system). An interrupted run leaves the old file or the new one, never a torn one; a failed
/// write (a full disk, a file size limit) leaves no temporary file behind.
public enum AtomicFile {
    /// Why a file could not be written, in the system's words (`No space left on device`).
    public struct Failure: Error, CustomStringConvertible, LocalizedError {
        public var path: String
        public var reason: String
        public var description: String { reason }
        public var errorDescription: String? { reason }
    }

    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let kind = nonRegularKind(at: path) {
            throw Failure(path: path, reason: "it is \(kind), which a result file does not replace")
        }
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
        try writeWhole(Array(text.utf8), to: temporary, shownAs: path)
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Writes `bytes` to a new file at `temporary` (made or emptied, never through a symlink), or
    /// removes it and throws the system's reason, naming `path`, the file it stands for.
    public static func writeWhole(_ bytes: [UInt8], to temporary: String, shownAs path: String) throws(Failure) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var offset = 0
        var failure: Int32?
        while offset < bytes.count && failure == nil {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno != EINTR { failure = errno }
            } else {
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// What stands at `path` when it is there and not a regular file (`a symbolic link`, `a
    /// device`, …), which no result file replaces; nil for a regular file or nothing.
    public static func nonRegularKind(at path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a regular file"
        }
    }
}
