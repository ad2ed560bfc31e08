import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's memory, as the operating system counts it.
public enum ProcessMemory {
    /// Peak resident set size of this program so far, in bytes.
    ///
    /// On Linux it is `VmHWM` from `/proc/self/status`, the high-water mark of the memory this
    /// program has mapped since it was executed. `getrusage`'s `ru_maxrss` is kept across `exec`:
    /// under `swift run`, it reported SwiftPM's own peak (about 120 MiB) for a run that never
    /// went past 20 MiB. `getrusage` remains the fallback, and the source on macOS (in bytes there).
    public static func peakResidentBytes() -> UInt64 {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let kilobytes = highWaterKilobytes(inStatus: status) {
            return kilobytes * 1024
        }
        #endif
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if os(Linux)
        return UInt64(max(0, usage.ru_maxrss)) * 1024
        #else
        return UInt64(max(0, usage.ru_maxrss))
        #endif
    }

    /// The `VmHWM:` line of a `/proc/<pid>/status` text, in kilobytes, e.g. `VmHWM:    19764 kB`.
    static func highWaterKilobytes(inStatus status: String) -> UInt64? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, fields[1] == "kB" else { return nil }
            return UInt64(fields[0])
        }
        return nil
    }
}
