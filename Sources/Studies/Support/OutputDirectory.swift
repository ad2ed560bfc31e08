import Foundation

/// A command's output directory, checked before any simulation runs and held with an advisory
/// lock until the process ends, so that a bad `--out` costs nothing and two paystorm processes
/// never leave a mixed set of files (one run's summary beside another's report) in one place.
public enum OutputDirectory {
    /// Descriptors of the claimed directories. Never closed: the lock is released when the
    /// process exits, however it exits.
    nonisolated(unsafe) private static var held: [String: Int32] = [:]  // Looked up, never iterated.

    /// Makes `path` (and its parents) if needed, checks that it is a writable directory, and
    /// locks it. Claiming a directory this process already holds is a no-op.
    public static func claim(_ path: String, flag: String = "--out", command: String) throws(InputError) {
        let prefix = "paystorm \(command): \(flag)"
        guard !path.isEmpty else {
            throw InputError("\(prefix): expected a directory path, found an empty string")
        }
        // An argument that was not UTF-8 arrives with U+FFFD in place of its bytes: that names
        // another directory than the one meant.
        guard !path.contains("\u{FFFD}") else {
            throw InputError("\(prefix): the path is not valid UTF-8; give it in UTF-8")
        }
        if held[path] != nil { return }
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw InputError("\(prefix) \(path): expected a directory, found a file")
            }
        } else {
            if let blocker = firstFileOnTheWay(to: path) {
                throw InputError("\(prefix) \(path): cannot make the directory: \(blocker) is a file")
            }
            if let code = makeDirectories(path) {
                throw InputError("\(prefix) \(path): cannot make the directory (\(reason(errno: code)))")
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw InputError("\(prefix) \(path): the directory is not writable (\(reason(errno: errno)))")
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else {
            throw InputError("\(prefix) \(path): cannot open the directory (\(reason(errno: errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            close(descriptor)
            throw InputError(busy
                ? "\(prefix) \(path): another paystorm is writing there now; wait for it to finish or choose another \(flag)"
                : "\(prefix) \(path): cannot lock the directory (\(reason(errno: errno)))")
        }
        // Another paystorm's commit may have traded the directory away between the open and the
        // lock (``DirectoryExchange``): then the lock is on its old set's, and means nothing.
        var lockedStatus = stat(), pathStatus = stat()
        guard fstat(descriptor, &lockedStatus) == 0, stat(path, &pathStatus) == 0,
              lockedStatus.st_ino == pathStatus.st_ino, lockedStatus.st_dev == pathStatus.st_dev else {
            close(descriptor)
            throw InputError("\(prefix) \(path): another paystorm is writing there now; wait for it to finish or choose another \(flag)")
        }
        // access() says yes to root everywhere; only a file made there tells (sysfs, a read-only mount).
        let probe = path + "/.paystorm-probe.\(getpid()).tmp"
        let probeDescriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard probeDescriptor >= 0 else {
            let code = errno
            close(descriptor)
            throw InputError("\(prefix) \(path): cannot write files in the directory (\(reason(errno: code)))")
        }
        close(probeDescriptor)
        unlink(probe)
        held[path] = descriptor
        removeLeftovers(in: path)
    }

    /// After ``DirectoryExchange`` put a new directory at `path`, the lock taken on it (before the
    /// trade) is the one held; the old directory's goes with it.
    static func adoptLock(_ descriptor: Int32, for path: String) {
        guard let old = held[path] else {
            close(descriptor)
            return
        }
        close(old)
        held[path] = descriptor
    }

    /// Temporary files an earlier paystorm left here when it was killed or its disk filled
    /// (`.summary.json.1234.tmp`, `.report.html.1234.staged.tmp`): with the lock held no other
    /// paystorm writes here, so none of them is in use.
    /// So is a commit's sibling (`.NAME.1234.set.tmp`, ``DirectoryExchange``) holding the old set
    /// or an unfinished new one.
    private static func removeLeftovers(in path: String) {
        if let sibling = DirectoryExchange.sibling(of: path, pid: 0) {
            let parent = URL(fileURLWithPath: sibling).deletingLastPathComponent().path
            let prefix = URL(fileURLWithPath: sibling).lastPathComponent.dropLast("0.set.tmp".count)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
            where name.hasPrefix(prefix) && name.hasSuffix(".set.tmp")
                && Int32(name.dropFirst(prefix.count).dropLast(".set.tmp".count)) != nil {
                DirectoryExchange.removeTree(parent + "/" + name)
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(".tmp".count).split(separator: ".")
            let pid = parts.last == "staged" ? parts.dropLast().last : parts.last
            guard let pid, Int32(pid) != nil else { continue }
            unlink(path + "/" + name)
        }
    }

    /// The nearest existing ancestor of `path` when it is a file, which no directory can be made under.
    private static func firstFileOnTheWay(to path: String) -> String? {
        var url = URL(fileURLWithPath: path).deletingLastPathComponent()
        while url.path != "/" && !url.path.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : url.path
            }
            url = url.deletingLastPathComponent()
        }
        return nil
    }

    /// `mkdir -p`, with the errno of the step that failed (EROFS, ENOSPC, EACCES…), or nil.
    private static func makeDirectories(_ path: String) -> Int32? {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0 && errno != EEXIST { return errno }
        }
        return nil
    }

    private static func reason(errno code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
