import Exploration
import Foundation
import PaymentWorld
import Reporting

/// `paystorm report DIR…` over explore shards: each DIR holds one shard's `explore.json` (a pod of
/// an Indexed Job, a task of a Slurm array); the merge is the `explore.json` one unsharded
/// explore of the whole range writes.
public enum ExploreMerge {
    /// Whether `directory` holds an explore's file rather than sweep shards.
    public static func holdsExplore(_ directory: String) -> Bool {
        FileManager.default.fileExists(atPath: directory + "/" + ExploreFile.name)
    }

    /// Merges the shards, refusing shards of different explores (naming both files and the field
    /// that differs), a shard given twice and shards missing; `notes` name shards that stopped early.
    public static func merge(_ directories: [String]) throws(InputError) -> (file: ExploreFile, notes: [String]) {
        var first: (path: String, file: ExploreFile)?
        var seen: [Int: String] = [:]  // Looked up, never iterated: shard index → file.
        var merged: ExploreFile?
        var notes: [String] = []
        for directory in directories {
            let path = directory + "/" + ExploreFile.name
            let file = try ExploreFile.read(path)
            guard let shard = file.shard else {
                throw InputError("paystorm report: \(path) is a whole explore (run without --shard, or merged already), "
                                 + "not a shard; give the directories of the shards it should merge")
            }
            if let first, let difference = first.file.header.difference(from: file.header) {
                throw InputError("paystorm report: \(first.path) and \(path) are shards of different explores: "
                                 + "\(difference.field) is \(difference.mine) in one and \(difference.theirs) in the other")
            }
            if let first, let count = first.file.shard?.count, count != shard.count {
                throw InputError("paystorm report: \(first.path) and \(path) are shards of different explores: "
                                 + "the shard count is \(count) in one and \(shard.count) in the other")
            }
            if let other = seen[shard.index] {
                throw InputError("paystorm report: shard \(shard.index)/\(shard.count) is in both \(other) and \(path); "
                                 + "give each shard's directory once")
            }
            seen[shard.index] = path
            if first == nil { first = (path, file) }
            let planned = Explorer.seeds(file.header.seeds, shard: shard).count
            if file.ran < planned {
                notes.append("shard \(shard.index)/\(shard.count) (\(path)) ran \(file.ran) of its \(planned) seeds"
                             + (file.interrupted ? " (interrupted)" : " (its --time-budget ran out)"))
            }
            guard var sum = merged else {
                merged = file
                continue
            }
            sum.ran += file.ran
            sum.interrupted = sum.interrupted || file.interrupted
            sum.wallSeconds += file.wallSeconds
            sum.failures += file.failures
            sum.coverage.merge(file.coverage)
            merged = sum
        }
        guard var merged, let first, let count = first.file.shard?.count else {
            throw InputError("paystorm report: expected at least one directory of explore shards")
        }
        let missing = (0..<count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            let listed = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "")
            throw InputError("paystorm report: \(missing.count) of \(count) explore shards are missing: \(listed); "
                             + "found \(seen.count) (the first in \(first.path)); give every shard's directory")
        }
        // Shards interleave their seeds; one explore lists failures in seed order.
        merged.failures.sort { $0.seed < $1.seed }
        merged.shard = nil
        return (merged, notes)
    }
}
