#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's memory, as the operating system counts it.
public enum ProcessMemory {
    /// Peak resident set size so far, in bytes (getrusage: kilobytes on Linux, bytes on macOS).
    public static func peakResidentBytes() -> UInt64 {
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
}
