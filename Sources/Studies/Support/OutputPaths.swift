import Foundation

/// What a command writes must not land on what it reads, nor on another of its own outputs:
/// `--trace` naming the scenario, a scenario called `summary.json` inside `--out`, a trace named
/// like the summary beside it. Paths are compared as the file system resolves them.
public enum OutputPaths {
    /// Refuses the first output that is an input or another output, naming both flags.
    ///
    /// - Parameters:
    ///   - inputs: what the command reads, with the flag that named it (`--scenario`).
    ///   - outputs: what it writes, with the flag or directory that placed it.
    public static func checkDistinct(command: String, inputs: [(flag: String, path: String)],
                                     outputs: [(flag: String, path: String)]) throws(InputError) {
        var seen: [(flag: String, path: String, resolved: String)] = inputs.map { ($0.flag, $0.path, resolved($0.path)) }
        let inputCount = seen.count
        for output in outputs {
            let resolved = resolved(output.path)
            if let index = seen.firstIndex(where: { $0.resolved == resolved }) {
                let other = seen[index]
                let what = index < inputCount ? "the file \(other.flag) reads" : "where \(other.flag) writes"
                throw InputError("paystorm \(command): \(output.flag) \(output.path) is \(what) (\(other.path)); "
                                 + "choose another path so that neither is lost")
            }
            seen.append((output.flag, output.path, resolved))
        }
    }

    /// The path as the file system would resolve it: its directory's real path (symlinks followed)
    /// and its last component, or the standardized absolute path where the directory does not exist yet.
    static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let directory = url.deletingLastPathComponent().path
        guard let real = realpath(directory, nil) else { return url.path }
        defer { free(real) }
        return String(cString: real) + "/" + url.lastPathComponent
    }

    /// The file name of `path` when it lies directly in `directory`, else nil.
    public static func name(of path: String, inside directory: String) -> String? {
        guard let real = realpath(directory, nil) else { return nil }
        defer { free(real) }
        let name = URL(fileURLWithPath: path).lastPathComponent
        return resolved(path) == String(cString: real) + "/" + name ? name : nil
    }
}
