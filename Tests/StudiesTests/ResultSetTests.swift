import Foundation
import Studies
import Testing

/// A result set replaces the one before it whole: the directory traded in one system call, the
/// user's own files kept, leftovers of a killed commit removed at the next claim.
@Suite struct ResultSetTests {
    static func fresh(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "paystorm-resultset-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    static func inode(_ path: String) -> UInt64 {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    static func write(_ seed: Int, _ directory: String, files: [String] = ["a.json", "b.csv"]) throws -> [String] {
        try ResultSet.write(files.map { ($0, "seed \(seed) \($0)\n") }, into: directory, command: "test",
                            identity: [("seed", .integer(Int64(seed)))])
    }

    @Test func aRerunTradesTheDirectoryAndKeepsTheUsersFiles() throws {
        try #require(ResultSet.commitsAtomically, "renameat2 is missing on this system")
        let directory = Self.fresh("trade")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.write(1, directory, files: ["a.json", "b.csv", "old-only.txt"])
        try "the user's\n".write(toFile: directory + "/notes.txt", atomically: false, encoding: .utf8)
        let before = Self.inode(directory)
        let paths = try Self.write(2, directory)
        #expect(paths == [directory + "/a.json", directory + "/b.csv"])
        #expect(Self.inode(directory) != before, "the set was not committed by a trade")
        #expect(ResultSet.verify(directory) == .complete(command: "test", files: ["a.json", "b.csv"]))
        #expect(try String(contentsOfFile: directory + "/a.json", encoding: .utf8) == "seed 2 a.json\n")
        #expect(try String(contentsOfFile: directory + "/notes.txt", encoding: .utf8) == "the user's\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["a.json", "b.csv", "manifest.json", "notes.txt"], "the old set's own file stayed, or a leftover")
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        let siblings = try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasSuffix(".set.tmp") && $0.contains("trade") }
        #expect(siblings.isEmpty, "the old set stayed beside the directory: \(siblings)")
    }

    @Test func aFileAlreadyWrittenGoesInWithTheSet() throws {
        let directory = Self.fresh("moved")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.write(1, directory)
        let pending = directory + "/.trace.txt.\(getpid()).tmp"
        try "records\n".write(toFile: pending, atomically: false, encoding: .utf8)
        _ = try ResultSet.write([("a.json", "two\n")], into: directory, command: "test", identity: [],
                                written: [(name: "trace.txt", path: pending)])
        #expect(ResultSet.verify(directory) == .complete(command: "test", files: ["a.json", "trace.txt"]))
        #expect(!FileManager.default.fileExists(atPath: pending))
        #expect(try String(contentsOfFile: directory + "/trace.txt", encoding: .utf8) == "records\n")
    }

    /// A subdirectory of the user's cannot come along as a link: the set is renamed in file by
    /// file instead, and the subdirectory stays where it was.
    @Test func aSubdirectoryOfTheUsersKeepsTheDirectoryInPlace() throws {
        let directory = Self.fresh("subdirectory")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.write(1, directory)
        try FileManager.default.createDirectory(atPath: directory + "/mine", withIntermediateDirectories: false)
        try "kept\n".write(toFile: directory + "/mine/x", atomically: false, encoding: .utf8)
        let before = Self.inode(directory)
        _ = try Self.write(2, directory)
        #expect(Self.inode(directory) == before)
        #expect(ResultSet.verify(directory).command == "test")
        #expect(try String(contentsOfFile: directory + "/mine/x", encoding: .utf8) == "kept\n")
    }

    /// A commit killed after its sibling was built (or after the trade, before the old set went)
    /// leaves `.NAME.PID.set.tmp`; the next claim of the directory removes it, and only it.
    @Test func aKilledCommitsSiblingGoesAtTheNextClaim() throws {
        let directory = Self.fresh("leftover")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: directory).lastPathComponent
        let leftover = parent + "/.\(name).999999.set.tmp"
        let unrelated = parent + "/.\(name).notapid.set.tmp"
        for path in [leftover, unrelated] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try "old\n".write(toFile: path + "/summary.json", atomically: false, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: unrelated) }
        try OutputDirectory.claim(directory, command: "test")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(FileManager.default.fileExists(atPath: unrelated + "/summary.json"))
    }
}
