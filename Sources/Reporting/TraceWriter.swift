import Foundation
import SimulationKernel

/// Writes every trace record of a run to a file as it happens: fixed-width text (`.txt`, legend
/// in docs/trace.md) or Chrome trace-event JSON (`.json`, opens in Perfetto with one track per
/// actor). Buffered, so a record costs a string append, not a write.
public final class TraceWriter: @unchecked Sendable {
    public enum Format: Sendable { case text, chromeJSON }

    public let path: String
    public let format: Format
    private let handle: FileHandle
    private var buffer = ""
    private var first = true
    private let name: (ReceiverID) -> String
    private let eventName: (UInt32, ReceiverID) -> String
    private var trackNamed: [UInt32: Bool] = [:]  // Looked up, never iterated.
    public private(set) var records = 0

    /// Opens `path` for writing; the format follows the extension (`.json` or anything else).
    public init(path: String, simulation: Simulation) throws {
        self.path = path
        format = path.hasSuffix(".json") ? .chromeJSON : .text
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: url)
        name = { simulation.name(of: $0) }
        eventName = { simulation.eventName($0, at: $1) }
        buffer = format == .chromeJSON ? "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" : TraceWriter.textHeader + "\n"
    }

    /// The column header of the text format.
    public static let textHeader = "time_s             actor           event                       subject"

    public func write(_ record: TraceRecord) {
        records += 1
        switch format {
        case .text: appendText(record)
        case .chromeJSON: appendJSON(record)
        }
        if buffer.utf8.count > 1 << 20 { flush() }
    }

    public func close() {
        if format == .chromeJSON { buffer += "\n]}\n" }
        flush()
        try? handle.close()
    }

    private func flush() {
        handle.write(Data(buffer.utf8))
        buffer.removeAll(keepingCapacity: true)
    }

    private func appendText(_ record: TraceRecord) {
        buffer += pad(seconds(record.time), 18) + " " + pad(name(record.receiver), 15) + " "
            + pad(eventName(record.kind, record.receiver), 27) + " #\(record.subject)\n"
    }

    private func appendJSON(_ record: TraceRecord) {
        let track = record.receiver.rawValue
        if trackNamed[track] == nil {
            trackNamed[track] = true
            separator()
            buffer += "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(track),\"args\":{\"name\":"
            JSONOutput.quote(name(record.receiver), into: &buffer)
            buffer += "}}"
        }
        separator()
        let micros = Double(record.time.nanoseconds) / 1_000
        buffer += "{\"name\":"
        JSONOutput.quote(eventName(record.kind, record.receiver), into: &buffer)
        buffer += ",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(micros),\"pid\":1,\"tid\":\(track),\"args\":{\"subject\":\(record.subject)}}"
    }

    private func separator() {
        if first { first = false } else { buffer += ",\n" }
    }

    private func seconds(_ time: SimTime) -> String {
        let whole = time.nanoseconds / 1_000_000_000
        let fraction = String(time.nanoseconds % 1_000_000_000)
        return "\(whole)." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
