import Foundation
import Testing

/// `--trace`: the Chrome trace-event JSON Perfetto opens, the text format, and a violation
/// report that names its trace record.
@Suite struct TraceTests {
    /// Everything Perfetto needs to draw one track per actor and an arrow per message.
    @Test func jsonTraceOfA10000LifecycleRunHasTracksAndMatchedFlows() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/reference-pipeline.json", "--set", "run.lifecycles=10000",
                                   "--quiet", "--out", scratch.path("run"), "--trace", scratch.path("run.json")])
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("run.json")))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]], "no traceEvents array")
        var named: Set<Int> = []
        var used: Set<Int> = []
        var starts: [Int: (tid: Int, ts: Double)] = [:]
        var finishes: [Int: (tid: Int, ts: Double)] = [:]
        var steps = 0
        var malformed: [[String: Any]] = []  // Collected, not expected one by one: 170,000 events.
        for event in events {
            guard let phase = event["ph"] as? String, let ts = (event["ts"] as? NSNumber)?.doubleValue, event["pid"] is NSNumber,
                  let tid = (event["tid"] as? NSNumber)?.intValue else {
                malformed.append(event)
                continue
            }
            used.insert(tid)
            switch phase {
            case "M":
                if event["name"] as? String == "thread_name", let args = event["args"] as? [String: Any], args["name"] is String {
                    named.insert(tid)
                }
            case "i":
                steps += 1
            case "s", "f":
                guard let id = (event["id"] as? NSNumber)?.intValue, event["cat"] as? String == "message",
                      phase == "s" || event["bp"] as? String == "e",
                      (phase == "s" ? starts.updateValue((tid, ts), forKey: id) : finishes.updateValue((tid, ts), forKey: id)) == nil
                else {
                    malformed.append(event)
                    continue
                }
            default:
                malformed.append(event)
            }
        }
        #expect(malformed.isEmpty, "\(malformed.count) malformed events, the first: \(malformed.prefix(3))")
        #expect(steps > 10_000 * 4, "steps \(steps)")
        #expect(used.isSubset(of: named), "tracks without a thread_name: \(used.subtracting(named).sorted())")
        #expect(named.count >= 5, "one track per actor: \(named.sorted())")
        // Every request, authorization and response of the 10,000 payments is an arrow.
        #expect(starts.count >= 4 * 10_000, "flows \(starts.count)")
        #expect(Set(starts.keys) == Set(finishes.keys), "starts and finishes differ")
        let backwards = starts.filter { id, start in finishes[id].map { $0.ts < start.ts || $0.tid == start.tid } ?? false }
        #expect(backwards.isEmpty, "flows that end before they start or on their own track: \(backwards.prefix(3))")
    }

    @Test func textTraceHasItsHeaderAndNumberedFixedWidthRecords() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/card-payments.json", "--set", "run.lifecycles=50", "--quiet",
                                   "--out", scratch.path("run"), "--trace", scratch.path("run.txt")])
        #expect(result.status == 0 || result.status == 1, "\(result)")  // SLOs may fail on 50 payments.
        let lines = try String(contentsOfFile: scratch.path("run.txt"), encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "   record  time_s             actor            event                          subject")
        for (index, line) in lines.dropFirst().enumerated() {
            #expect(line.wholeMatch(of: /\s{0,8}\d{1,9}  \d+\.\d{9}\s+\S+\s+\S+\s+(-|(lifecycle|payment)#\d+\.\d+)/) != nil,
                    "line \(index + 2): \(line)")
            #expect(line.prefix(9).trimmingCharacters(in: .whitespaces) == "\(index + 1)", "line \(index + 2): \(line)")
            #expect(line.dropFirst(77).first == " " && line.dropFirst(78).first != " ", "subject column at 79: \(line)")
        }
    }

    /// The report names the record where the invariant broke; the trace of the replay has it.
    @Test func aViolationPointsAtItsTraceRecord() throws {
        let scratch = try TemporaryDirectory()
        let result = try paystorm(["run", "--scenario", "scenarios/card-payments.json", "--seed", "3", "--quiet",
                                   "--set", #"defects=["approve-unusable-card"]"#, "--set", "run.lifecycles=600",
                                   "--set", "workload.cards.count=200", "--set", "workload.cards.unusable=0.2",
                                   "--out", scratch.path("run"), "--trace", scratch.path("run.txt")])
        #expect(result.status == 1, "\(result)")
        let match = try #require(result.stderr.firstMatch(of: /in the trace: record (\d+) \(line (\d+) .*time_s (\S+), subject (payment#\d+\.\d+)/),
                                 "\(result)")
        let record = try #require(Int(match.1))
        #expect(Int(match.2) == record + 1)
        let lines = try String(contentsOfFile: scratch.path("run.txt"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == record + 1, "the run stops at the violating step, the last record")
        let line = String(lines[record])
        #expect(line.hasPrefix(String(repeating: " ", count: 9 - match.1.count) + match.1 + "  " + match.3), "\(line)")
        #expect(line.hasSuffix(" " + match.4), "\(line)")
        // The last records in the report are the trace's own lines.
        #expect(result.stderr.contains(line), "\(result)")
    }
}
