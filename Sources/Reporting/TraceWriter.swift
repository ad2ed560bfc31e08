import Foundation
import SimulationKernel

/// Writes every trace record of a run to a file as it happens: fixed-width text (`.txt`) or
/// Chrome trace-event JSON (`.json`: in Perfetto, one track per actor and an arrow from each
/// message's sending step to its receiving step). Legend in docs/trace.md. Buffered, so a record
/// costs a string append, not a write.
///
/// Unchecked `Sendable`, because the simulation's trace sink and flow observer are `@Sendable`
/// closures and they capture the writer: its buffer and tables change without a lock, which is
/// safe because a simulation calls them on its one thread, one record at a time, and the writer
/// is made before the run and closed after it by the code that calls `run`.
public final class TraceWriter: @unchecked Sendable {
    public enum Format: Sendable { case text, chromeJSON }

    public let path: String
    public let format: Format
    private let handle: FileHandle
    private var buffer = ""
    private var first = true
    private let name: (ReceiverID) -> String
    private let eventName: (UInt32, ReceiverID) -> String
    private let subjectName: (UInt32, UInt64, ReceiverID) -> String
    private var trackNamed: [UInt32: Bool] = [:]  // Looked up, never iterated.
    /// Records written so far; the last one is record number `records` (counting from 1).
    public private(set) var records = 0
    /// The step being executed: where the messages it sends start.
    private var current = TraceRecord(time: .zero, receiver: .kernel, kind: 0, subject: 0)
    /// Messages sent and not yet delivered, by the event's order key: their flow id and name.
    private var inFlight: [UInt64: (id: UInt64, name: String)] = [:]  // Looked up, never iterated.
    private var nextFlow: UInt64 = 0
    /// Flow arrows written (each an `s` and an `f` event).
    public private(set) var flows: UInt64 = 0
    /// The first write that failed (a full disk, a file size limit): the run goes on, the trace
    /// stops there, and ``close()`` reports it.
    public private(set) var failure: String?

    /// Opens `path` for writing; the format follows the extension (`.json` or anything else) of
    /// `named`, the file's name once it is in place (`path` itself when nil).
    public init(path: String, named: String? = nil, simulation: Simulation) throws {
        self.path = path
        format = (named ?? path).hasSuffix(".json") ? .chromeJSON : .text
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        handle = try Self.openRegularFile(path)
        name = { simulation.name(of: $0) }
        eventName = { simulation.eventName($0, at: $1) }
        subjectName = { simulation.subjectName($0, $1, at: $2) }
        if format == .chromeJSON {
            buffer = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
            separator()
            buffer += "{\"name\":\"process_name\",\"ph\":\"M\",\"ts\":0,\"pid\":1,\"tid\":0,\"args\":{\"name\":\"paystorm\"}}"
            nameTrack(ReceiverID.kernel.rawValue, ReceiverID.kernel)
        } else {
            buffer = TraceWriter.textHeader + "\n"
        }
    }

    /// Sends the simulation's every step here, and in JSON its message flows too.
    public func attach(to simulation: Simulation) {
        simulation.setTraceSink { self.write($0) }
        guard format == .chromeJSON else { return }
        simulation.setFlowObserver(MessageFlowObserver(
            scheduled: { self.sent(order: $0, to: $1, kind: $2) },
            delivered: { self.delivered(order: $0) },
            dropped: { self.inFlight.removeValue(forKey: $0) }))
    }

    /// The column header of the text format.
    public static let textHeader = "   record  " + pad("time_s", 18) + " " + pad("actor", 16) + " " + pad("event", 30) + " subject"

    public func write(_ record: TraceRecord) {
        records += 1
        current = record
        switch format {
        case .text: appendText(record)
        case .chromeJSON: appendJSON(record)
        }
        if buffer.utf8.count > 1 << 20 { flush() }
    }

    /// Writes what is buffered and closes the file; ``failure`` then tells whether every record got there.
    public func close() {
        if format == .chromeJSON { buffer += "\n]}\n" }
        flush()
        try? handle.close()
    }

    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        do {
            try handle.write(contentsOf: Data(buffer.utf8))
        } catch {
            failure = "the trace stopped after about \(records) records: \(Self.reason(error))"
        }
    }

    /// A regular file at `path`, made or emptied, never through a symlink and never a device or a
    /// FIFO: `--trace /dev/null` must not replace the system's `/dev/null`.
    private static func openRegularFile(_ path: String) throws -> FileHandle {
        if let kind = AtomicFile.nonRegularKind(at: path) {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: path,
                NSLocalizedDescriptionKey: "\(path) is \(kind); give a regular file's path"])
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path,
                NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying.map({ Int32(truncatingIfNeeded: $0.code) }), underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(code))
        }
        return error.localizedDescription
    }

    private func appendText(_ record: TraceRecord) {
        buffer += TraceWriter.textLine(number: records, record: record, actor: name(record.receiver),
                                       event: eventName(record.kind, record.receiver),
                                       subject: subjectName(record.kind, record.subject, record.receiver)) + "\n"
    }

    /// One line of the text format (docs/trace.md): record number, time in seconds, actor, event
    /// and subject as its receiver names it, in fixed-width columns. Failure reports print the same lines.
    public static func textLine(number: Int, record: TraceRecord, actor: String, event: String, subject: String) -> String {
        let digits = String(number)
        return String(repeating: " ", count: max(0, 9 - digits.count)) + digits + "  "
            + pad(seconds(record.time), 18) + " " + pad(actor, 16) + " " + pad(event, 30) + " " + subject
    }

    private func appendJSON(_ record: TraceRecord) {
        let track = record.receiver.rawValue
        if trackNamed[track] == nil { nameTrack(track, record.receiver) }
        separator()
        buffer += "{\"name\":"
        JSONOutput.quote(eventName(record.kind, record.receiver), into: &buffer)
        buffer += ",\"cat\":\"step\",\"ph\":\"i\",\"s\":\"t\",\"ts\":\(micros(record.time)),\"pid\":1,\"tid\":\(track)"
            + ",\"args\":{\"record\":\(records),\"subject\":\(record.subject),\"entity\":"
        JSONOutput.quote(subjectName(record.kind, record.subject, record.receiver), into: &buffer)
        buffer += "}}"
    }

    /// A `thread_name` metadata event: Perfetto names the actor's track after it.
    private func nameTrack(_ track: UInt32, _ receiver: ReceiverID) {
        trackNamed[track] = true
        separator()
        buffer += "{\"name\":\"thread_name\",\"ph\":\"M\",\"ts\":0,\"pid\":1,\"tid\":\(track),\"args\":{\"name\":"
        JSONOutput.quote(name(receiver), into: &buffer)
        buffer += "}}"
    }

    /// A message leaves the current step for another actor: the flow's start, bound to the
    /// step's event on the sender's track. Timers an actor sets for itself, and the kernel's
    /// wake-ups, are not messages and get no arrow.
    private func sent(order: UInt64, to receiver: ReceiverID, kind: UInt32) {
        guard records > 0, receiver != .kernel, receiver != current.receiver else { return }
        nextFlow += 1
        let message = eventName(kind, receiver)
        inFlight[order] = (nextFlow, message)
        flowEvent(phase: "s", id: nextFlow, name: message, at: current)
    }

    /// The message arrives: the flow's end, bound to the receiving step's event (`"bp":"e"`).
    private func delivered(order: UInt64) {
        guard let flow = inFlight.removeValue(forKey: order) else { return }
        flows += 1
        flowEvent(phase: "f", id: flow.id, name: flow.name, at: current)
    }

    private func flowEvent(phase: String, id: UInt64, name: String, at record: TraceRecord) {
        separator()
        buffer += "{\"name\":"
        JSONOutput.quote(name, into: &buffer)
        buffer += ",\"cat\":\"message\",\"ph\":\"\(phase)\"" + (phase == "f" ? ",\"bp\":\"e\"" : "")
            + ",\"id\":\(id),\"ts\":\(micros(record.time)),\"pid\":1,\"tid\":\(record.receiver.rawValue)}"
    }

    private func separator() {
        if first { first = false } else { buffer += ",\n" }
    }

    /// Microseconds, the unit of `ts`, exact to the nanosecond (three decimals).
    private func micros(_ time: SimTime) -> String {
        let whole = time.nanoseconds / 1_000
        let fraction = time.nanoseconds % 1_000
        guard fraction != 0 else { return String(whole) }
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// Seconds with nine decimals, the text format's time column: `12.000651540`.
    public static func seconds(_ time: SimTime) -> String {
        let whole = time.nanoseconds / 1_000_000_000
        let fraction = String(time.nanoseconds % 1_000_000_000)
        return "\(whole)." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
