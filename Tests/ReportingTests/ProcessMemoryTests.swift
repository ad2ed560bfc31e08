import Foundation
import Testing

@testable import Reporting

/// Peak RSS comes from `/proc/self/status` on Linux, because `getrusage` keeps the peak of the
/// program that exec'd this one (SwiftPM's, under `swift run`).
@Suite struct ProcessMemoryTests {
    @Test func readsTheHighWaterMarkLine() {
        let status = "Name:\tpaystorm\nVmPeak:\t  250000 kB\nVmHWM:\t   19764 kB\nVmRSS:\t   18000 kB\n"
        #expect(ProcessMemory.highWaterKilobytes(inStatus: status) == 19_764)
    }

    @Test func missingOrMalformedLineIsNil() {
        #expect(ProcessMemory.highWaterKilobytes(inStatus: "Name:\tx\nVmRSS:\t 1 kB\n") == nil)
        #expect(ProcessMemory.highWaterKilobytes(inStatus: "VmHWM:\t many kB\n") == nil)
        #expect(ProcessMemory.highWaterKilobytes(inStatus: "VmHWM:\t 12 MB\n") == nil)
    }

    @Test func peakCoversMemoryThisProcessTouched() {
        // 64 MiB written page by page must show in the peak (it cannot have been freed yet).
        let bytes = 64 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 4096)
        defer { buffer.deallocate() }
        for offset in stride(from: 0, to: bytes, by: 4096) { buffer.storeBytes(of: 1, toByteOffset: offset, as: UInt8.self) }
        #expect(ProcessMemory.peakResidentBytes() >= UInt64(bytes))
    }

    /// glibc takes the fixed threshold (what it does to a run's peak is measured in results/README.md).
    @Test func theCLibraryTakesTheFixedThreshold() {
        #if canImport(Glibc)
        #expect(ProcessMemory.returnLargeBlocksWhenFreed())
        #else
        #expect(!ProcessMemory.returnLargeBlocksWhenFreed())
        #endif
    }
}
