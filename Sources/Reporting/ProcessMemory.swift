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

    /// The size from which glibc's `malloc` maps a block of its own, returned to the system when freed.
    public static let largeBlockBytes = 128 * 1024

    /// Makes blocks of ``largeBlockBytes`` or more come from maps of their own, so a table that
    /// grows gives its old buffer back to the system at once. Returns whether the C library took it.
    ///
    /// glibc starts with that threshold but raises it to the size of each mapped block freed, up to
    /// 32 MiB: once a world's tables have grown a few times, their next buffers come from the heap,
    /// and the buffers they leave behind stay resident, holes that later, smaller requests fill
    /// only in part. Fixing the threshold (which also fixes the trim threshold) took the default
    /// world's peak from 164 to 150 MiB at 10^6 lifecycles and from 130 to 117 at 10^5, at the same
    /// speed and with the same traces (results/README.md). Allocation addresses never reach a run.
    /// A process-wide setting, so the executables make it, not the libraries. Elsewhere than glibc,
    /// nothing is done.
    @discardableResult
    public static func returnLargeBlocksWhenFreed() -> Bool {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out: found by name, called
        // as the C function it is. M_MMAP_THRESHOLD is -3 there.
        typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
        guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MalloptFunction.self)
        return mallopt(-3, Int32(largeBlockBytes)) == 1
        #else
        return false
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
