import Foundation
import SimulationKernel
import Testing

/// `count` Weibull(40 ms, 1.5) durations in milliseconds, as a two-column CSV with a header.
func weibullLog(count: Int, seed: UInt64 = 21) -> String {
    var random = SimRandom(seed: seed)
    let distribution = Distribution.weibull(scale: .milliseconds(40), shape: 1.5)
    let rows = (0..<count).map { index in
        "\(index),\(String(format: "%.6f", Double(distribution.sample(&random).nanoseconds) / 1e6))"
    }
    return "# gateway authorisation times\nrequest,latency_ms\n" + rows.joined(separator: "\n") + "\n"
}

@Suite struct FitCLITests {
    @Test func fitProposesTheFamilyAndWritesItsReport() throws {
        let scratch = try TemporaryDirectory()
        try weibullLog(count: 5_000).write(toFile: scratch.path("gateway.csv"), atomically: true, encoding: .utf8)
        let out = scratch.path("fit")
        let result = try paystorm(["fit", scratch.path("gateway.csv"), "--column", "latency_ms", "--out", out])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("5,000 observed durations"), "\(result)")
        #expect(result.stdout.contains("\nbest:  weibull(scale: "), "\(result)")
        #expect(result.stdout.contains("\nexact: empirical(file: \(scratch.path("gateway.csv")), column: latency_ms)"), "\(result)")
        for family in ["exponential(", "lognormal(", "gamma(", "weibull(", "pareto("] {
            #expect(result.stdout.contains(family) || result.stdout.contains("not fitted: \(family.dropLast())"), "\(family)\n\(result)")
        }

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/fit.json")))
            as? [String: Any])
        let best = try #require(json["best"] as? String)
        #expect(best.hasPrefix("weibull(scale: "))
        #expect(json["observations"] as? Int == 5_000 && json["column"] as? String == "latency_ms")
        let candidates = try #require(json["candidates"] as? [[String: Any]])
        let first = try #require(candidates.first)
        #expect(first["distribution"] as? String == best && first["rank"] as? Int == 1)
        let parameters = try #require(first["parameters"] as? [String: Double])
        #expect(abs((parameters["scale_ms"] ?? 0) / 40 - 1) < 0.05 && abs((parameters["shape"] ?? 0) / 1.5 - 1) < 0.05, "\(parameters)")
        for key in ["ks_d", "ks_p_value", "anderson_darling", "bic", "method"] { #expect(first[key] != nil, "\(key)") }

        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg") && html.contains("Cumulative distribution") && html.contains(best))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
        #expect(result.stdout.contains("files: \(out)/fit.json, \(out)/report.html"), "\(result)")
    }

    @Test(arguments: [
        ExitCase(arguments: ["fit"], status: 64, stderr: ["paystorm fit: expected one file of observed durations, found 0"]),
        ExitCase(arguments: ["fit", "$TMP/none.csv"], status: 64,
                 stderr: ["paystorm fit: $TMP/none.csv: expected a readable file of observed durations, found no such file"]),
        ExitCase(arguments: ["fit", "$TMP/words.csv"], status: 64,
                 stderr: [#"paystorm fit: $TMP/words.csv line 2: expected a duration such as "250ms" or a number of milliseconds such as "12.5", found "fast""#]),
        ExitCase(arguments: ["fit", "$TMP/header.csv"], status: 64,
                 stderr: ["paystorm fit: $TMP/header.csv: expected at least one observed duration, found only a header"]),
        ExitCase(arguments: ["fit", "$TMP/few.csv", "--out", "$TMP/out"], status: 64,
                 stderr: ["paystorm fit: $TMP/few.csv: expected at least 20 observed durations to fit, found 3 (empirical(file: $TMP/few.csv) replays them as they are)"]),
        ExitCase(arguments: ["fit", "$TMP/gateway.csv"], status: 64,
                 stderr: [#"paystorm fit: $TMP/gateway.csv line 3: expected one duration per line, found 2 comma-separated values (choose one with --column: 1 "request", 2 "latency_ms")"#]),
        ExitCase(arguments: ["fit", "$TMP/gateway.csv", "--column", "latency"], status: 64,
                 stderr: [#"paystorm fit: $TMP/gateway.csv line 2: expected a header line naming the column "latency", found "request,latency_ms""#]),
        ExitCase(arguments: ["fit", "$TMP/gateway.csv", "--column", "3"], status: 64,
                 stderr: ["paystorm fit: $TMP/gateway.csv line 3: expected a value in column 3, found 2 columns"]),
        ExitCase(arguments: ["fit", "$TMP/gateway.csv", "--column", "0"], status: 64,
                 stderr: [#"paystorm fit: --column: expected a column number from 1 to 1,000 or a header name, found "0""#]),
        ExitCase(arguments: ["fit", "$TMP/gateway.csv", "--colum", "2"], status: 64,
                 stderr: ["paystorm fit: unknown flag --colum (did you mean --column?)"]),
    ])
    func fitRefusesBadInputWithExit64(_ example: ExitCase) throws {
        let scratch = try TemporaryDirectory()
        try weibullLog(count: 30).write(toFile: scratch.path("gateway.csv"), atomically: true, encoding: .utf8)
        try "12\nfast\n".write(toFile: scratch.path("words.csv"), atomically: true, encoding: .utf8)
        try "latency_ms\n# none yet\n".write(toFile: scratch.path("header.csv"), atomically: true, encoding: .utf8)
        try "12\n13\n14\n".write(toFile: scratch.path("few.csv"), atomically: true, encoding: .utf8)
        let expand = { (text: String) in text.replacingOccurrences(of: "$TMP", with: scratch.url.path) }
        let result = try paystorm(example.arguments.map(expand))
        #expect(result.status == example.status, "\(result)")
        for piece in example.stderr.map(expand) { #expect(result.stderr.contains(piece), "stderr lacks \(piece)\n\(result)") }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out")), "bad input made --out")
    }
}
