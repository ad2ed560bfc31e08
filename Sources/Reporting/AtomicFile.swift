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
        try refuseWhatIsNotARegularFile(path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var failure = writeAll(Array(text.utf8), to: descriptor)
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil && rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// The errno of the first failed write, or nil when every byte was written.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// A result file replaces only a regular file: never a symlink's target, a device or a FIFO.
    private static func refuseWhatIsNotARegularFile(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG else { return }
        let what = switch status.st_mode & S_IFMT {
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
        throw Failure(path: path, reason: "it is \(what), which a result file does not replace")
    }
}
