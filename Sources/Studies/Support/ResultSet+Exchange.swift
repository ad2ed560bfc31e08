import Foundation
import Reporting

/// The strict commit: the new set is built whole in a sibling directory, which then trades places
/// with the output directory in one `renameat2(RENAME_EXCHANGE)`. Killed at any instant, the
/// output directory is the old set whole or the new set whole, never a mix; what is left over (the
/// sibling, holding one of the two) goes at the next claim of the directory.
///
/// The user's own files in the directory (anything the old manifest does not list) come along as
/// hard links. Where the exchange cannot be made (no `renameat2`, a file system without it, a
/// directory that is a mount point or a symbolic link, a subdirectory or a file that cannot be
/// linked), ``ResultSet`` falls back to renaming the files one by one, the manifest last.
enum DirectoryExchange {
    typealias Exchange = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// Looked up at run time: glibc has had `renameat2` since 2.28, but Swift's Glibc module does
    /// not declare it (it sits behind `_GNU_SOURCE`).
    static let renameat2: Exchange? = {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Exchange.self)
    }()

    static let renameExchange: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>

    /// Whether this system can trade directories (on Linux with glibc 2.28 or later, yes).
    static var available: Bool { renameat2 != nil }

    /// The sibling a commit of `directory` builds in: `.NAME.PID.set.tmp`, a name
    /// ``OutputDirectory`` knows as a leftover.
    static func sibling(of directory: String, pid: Int32) -> String? {
        let trimmed = String(directory.reversed().drop(while: { $0 == "/" }).reversed())
        let url = URL(fileURLWithPath: trimmed.isEmpty ? "/" : trimmed)
        let name = url.lastPathComponent
        guard !name.isEmpty, name != ".", name != "..", name != "/" else { return nil }
        return url.deletingLastPathComponent().path + "/.\(name).\(pid).set.tmp"
    }

    /// Commits `contents` (name, bytes; the manifest among them) and `moved` (files already written
    /// elsewhere on the same file system, renamed in by name) as the whole of `directory`, keeping
    /// every entry `keepUnless` does not claim as the old set's. Returns false, with `directory` as
    /// it was, where the exchange cannot be made; throws only for a write that failed, with the
    /// directory as it was.
    static func commit(_ contents: [(name: String, bytes: [UInt8])], moved: [(name: String, from: String)],
                       into directory: String, oldSet: Set<String>) throws(WriteError) -> Bool {
        guard let renameat2, let staging = sibling(of: directory, pid: getpid()) else { return false }
        var status = stat(), parentStatus = stat()
        let parent = URL(fileURLWithPath: staging).deletingLastPathComponent().path
        guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
              stat(parent, &parentStatus) == 0, parentStatus.st_dev == status.st_dev else { return false }
        let ours = Set(contents.map(\.name) + moved.map(\.name))
        guard let foreign = foreignEntries(of: directory, excluding: ours.union(oldSet)) else { return false }
        guard mkdir(staging, status.st_mode & 0o7777) == 0 else { return false }
        // Locked before it becomes the output directory, so the lock never lapses in the trade.
        let lock = open(staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            if lock >= 0 { close(lock) }
            removeTree(staging)
            return false
        }
        var movedIn: [(name: String, from: String)] = []
        func giveUp() {
            for file in movedIn { rename(staging + "/" + file.name, file.from) }
            close(lock)
            removeTree(staging)
        }
        for file in contents {
            do throws(AtomicFile.Failure) {
                try AtomicFile.writeWhole(file.bytes, to: staging + "/" + file.name, shownAs: directory + "/" + file.name)
            } catch {
                giveUp()
                throw WriteError(path: directory + "/" + file.name, reason: error.reason)
            }
        }
        for file in moved {
            guard rename(file.from, staging + "/" + file.name) == 0 else { giveUp(); return false }
            movedIn.append(file)
        }
        for name in foreign where link(directory + "/" + name, staging + "/" + name) != 0 {
            giveUp()
            return false
        }
        guard renameat2(AT_FDCWD, staging, AT_FDCWD, directory, renameExchange) == 0 else {
            giveUp()
            return false
        }
        // `staging` now names the old set: the new one is in place whatever happens from here.
        OutputDirectory.adoptLock(lock, for: directory)
        removeTree(staging)
        return true
    }

    /// The directory's entries that are neither this set's nor the old set's nor a leftover
    /// temporary file: the user's own, all regular files (which can be linked); nil when one is not.
    private static func foreignEntries(of directory: String, excluding names: Set<String>) -> [String]? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var foreign: [String] = []
        for name in entries.sorted() where !names.contains(name) && name != ResultSet.manifestName {
            if name.hasPrefix(".") && name.hasSuffix(".tmp") { continue }
            var status = stat()
            guard lstat(directory + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            foreign.append(name)
        }
        return foreign
    }

    /// Removes a directory this code made and the files in it (never a subdirectory's contents:
    /// it makes none, and one found there is left, with its parent).
    static func removeTree(_ path: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            unlink(path + "/" + name)
        }
        rmdir(path)
    }
}
