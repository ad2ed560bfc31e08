import Foundation
import Reporting
import Scenarios

/// A command's files in one directory, committed as one set, with `manifest.json` naming the
/// command, what identifies the run (its seed) and each file with its length and digest.
///
/// The set is built whole in a sibling directory that then trades places with the output directory
/// in one system call (``DirectoryExchange``): killed at any instant, the directory holds the old
/// set or the new one, whole. Where that cannot be done (no `renameat2`, a subdirectory of the
/// user's inside), every file is written under a temporary name and renamed into place, the
/// manifest last: a crash among those renames (microseconds) leaves files the manifest does not
/// describe, which a reader (``verify(_:)``) reports as incomplete, naming the file, never a mix that
/// reads as whole. Either way, files an earlier set listed and this one does not (a replay's
/// trace.txt) are gone, so nothing stale sits beside a new set unmarked.
public enum ResultSet {
    public static let manifestName = "manifest.json"

    /// Whether a set commits by trading directories here, so that a kill at any instant leaves the
    /// old set or the new one whole (``DirectoryExchange``); otherwise by renames, manifest last.
    public static var commitsAtomically: Bool { DirectoryExchange.available }

    /// Writes `files` (names inside `directory`) as one set; returns their paths.
    ///
    /// - Parameter written: files of the set already written elsewhere in `directory`'s file system
    ///   (a trace written as the run went, under a temporary name), moved in under their names and
    ///   listed by length: a digest would read them again whole.
    public static func write(_ files: [(name: String, text: String)], into directory: String, command: String,
                             identity: [(String, JSONOutput)],
                             written: [(name: String, path: String)] = []) throws(WriteError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory, reason: "cannot make the directory: \(error.localizedDescription)")
        }
        let staged = files.map { (name: $0.name, path: directory + "/" + $0.name, bytes: Array($0.text.utf8)) }
        let manifest = JSONOutput.object([
            ("kind", .string("paystorm-result-set")), ("paystorm", .string(PayStormVersion.current)),
            ("command", .string(command)), ("complete", .bool(true)),
        ] + identity + [
            ("files", .array(staged.map { file in
                .object([("name", .string(file.name)), ("bytes", .integer(Int64(file.bytes.count))),
                         ("digest", .string(ContentDigest.fnv1a64(file.bytes)))])
            } + written.map { file in
                .object([("name", .string(file.name)), ("bytes", .integer(size(file.path) ?? -1))])
            })),
        ])
        let manifestBytes = Array((manifest.serialized() + "\n").utf8)
        let previous = listed(in: directory)
        if try DirectoryExchange.commit(staged.map { ($0.name, $0.bytes) } + [(manifestName, manifestBytes)],
                                        moved: written.map { ($0.name, $0.path) }, into: directory,
                                        oldSet: Set(previous)) {
            return staged.map(\.path)
        }
        // Everything, the manifest last, is written whole under a temporary name first; then only
        // renames remain, so the moment a crash can leave a set that is neither the old nor the new
        // one is a handful of renames long, and the manifest then says so (`verify`).
        var temporaries: [(temporary: String, path: String)] = []
        defer { for leftover in temporaries { unlink(leftover.temporary) } }
        let contents = staged.map { ($0.name, $0.path, $0.bytes) } + [(manifestName, directory + "/" + manifestName, manifestBytes)]
        for (name, path, bytes) in contents {
            let temporary = directory + "/.\(name).\(getpid()).staged.tmp"
            do {
                try AtomicFile.writeWhole(bytes, to: temporary, shownAs: path)
            } catch {
                throw WriteError(path: path, reason: error.reason)
            }
            temporaries.append((temporary, path))
        }
        // A file already written goes in before the manifest, as the staged ones do.
        // One already at its final name has nothing to move (and must not be unlinked as a leftover).
        let moves = written.map { ($0.path, directory + "/" + $0.name) }.filter { $0.0 != $0.1 }
        temporaries.insert(contentsOf: moves, at: temporaries.count - 1)
        for (index, file) in temporaries.enumerated() where rename(file.temporary, file.path) != 0 {
            temporaries.removeFirst(index)
            throw WriteError(path: file.path, reason: String(cString: strerror(errno)))
        }
        temporaries.removeAll()
        for stale in previous where !files.contains(where: { $0.name == stale }) && !written.contains(where: { $0.name == stale }) {
            unlink(directory + "/" + stale)
        }
        return staged.map(\.path)
    }

    /// What a directory holds: a complete set (every file its manifest names, as the manifest
    /// describes it), or why not.
    public enum State: Equatable, Sendable {
        case complete(command: String, files: [String])
        case incomplete(String)
        case none
    }

    public static func verify(_ directory: String) -> State {
        guard let data = FileManager.default.contents(atPath: directory + "/" + manifestName) else { return .none }
        guard let root = try? JSONParser.parse(bytes: [UInt8](data)), root["complete"]?.value.boolValue == true,
              let command = root["command"]?.value.stringValue, let files = root["files"]?.value.arrayElements else {
            return .incomplete("\(manifestName) is not a whole manifest")
        }
        var names: [String] = []
        for file in files {
            guard let name = file["name"]?.value.stringValue, let length = file["bytes"]?.value.doubleValue else {
                return .incomplete("\(manifestName) names a file without its length")
            }
            guard let actual = size(directory + "/" + name) else { return .incomplete("\(name) is missing") }
            guard Double(actual) == length else { return .incomplete("\(name) is not the file the manifest names") }
            if let digest = file["digest"]?.value.stringValue {
                let bytes = FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0) } ?? []
                guard ContentDigest.fnv1a64(bytes) == digest else { return .incomplete("\(name) is not the file the manifest names") }
            }
            names.append(name)
        }
        return .complete(command: command, files: names)
    }

    /// The files the directory's manifest lists, whether or not they match it.
    static func listed(in directory: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: directory + "/" + manifestName),
              let root = try? JSONParser.parse(bytes: [UInt8](data)), let files = root["files"]?.value.arrayElements else { return [] }
        // Only plain names: a manifest edited to name ../something removes nothing outside its directory.
        return files.compactMap { $0["name"]?.value.stringValue }.filter { !$0.contains("/") && $0 != manifestName && !$0.isEmpty }
    }

    private static func size(_ path: String) -> Int64? {
        var status = stat()
        return stat(path, &status) == 0 ? Int64(status.st_size) : nil
    }
}

extension ResultSet.State {
    /// The command that wrote a complete set; nil otherwise.
    public var command: String? {
        if case .complete(let command, _) = self { return command }
        return nil
    }
}
