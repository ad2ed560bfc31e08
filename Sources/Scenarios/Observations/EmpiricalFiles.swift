import Foundation
import SimulationKernel
import Synchronization

/// Reads the files `empirical(file: …)` names into tables, once per process and file version.
enum EmpiricalFiles {
    /// What a table was read from: the resolved path, how it was read, and the file's size and
    /// modification time, so an edited file is read again.
    private struct Key: Hashable {
        var path: String
        var histogram: Bool
        var column: DurationColumn
        var size: UInt64
        var modified: Double
    }

    /// Tables already read. Scenario loads happen on several threads (sweeps), hence the mutex;
    /// a few entries at most, cleared when it grows past 16 so memory stays bounded.
    private static let cache = Mutex<[Key: EmpiricalTable]>([:])

    /// `file` as written in the scenario, resolved against the directory of `scenarioFile`.
    static func resolve(_ file: String, relativeTo scenarioFile: String) -> String {
        if file.hasPrefix("/") { return file }
        let directory = URL(fileURLWithPath: scenarioFile).deletingLastPathComponent()
        return directory.appendingPathComponent(file).standardizedFileURL.path
    }

    static func table(file: String, relativeTo scenarioFile: String, histogram: Bool,
                      column: DurationColumn) throws(ObservationFileError) -> EmpiricalTable {
        let path = resolve(file, relativeTo: scenarioFile)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let key = Key(path: path, histogram: histogram, column: column,
                      size: (attributes?[.size] as? NSNumber)?.uint64Value ?? 0,
                      modified: (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        if attributes != nil, let table = cache.withLock({ $0[key] }) { return table }
        let bytes = try ObservationFile.contents(of: path, shownAs: file)
        let table: EmpiricalTable
        if histogram {
            let bins = try ObservationFile.histogram(in: bytes, file: file)
            table = EmpiricalTable(source: file, upperBounds: bins.upperBounds, counts: bins.counts)
        } else {
            let observations = try ObservationFile.durations(in: bytes, file: file, column: column)
            table = EmpiricalTable(source: file, column: column == .sole ? nil : column.description,
                                   observations: observations)
        }
        cache.withLock { entries in
            if entries.count >= 16 { entries.removeAll() }
            entries[key] = table
        }
        return table
    }
}
