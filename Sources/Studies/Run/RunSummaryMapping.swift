import Exploration
import PaymentWorld
import Reporting
import Scenarios
import SimulationKernel

/// Maps a payments-world result into the run summary, and words its violations.
public enum PaymentsRun {
    /// Where the violation is in the trace and the last trace records before it, for the lines
    /// after the failure's headline.
    public static func traceExcerpt(_ violation: Violation, result: PaymentsResult, simulation: Simulation) -> String {
        // Record numbers count from 1, as in the --trace file; the ring holds the last records.
        let recent = result.recentTrace
        let firstNumber = Int(result.steps) - recent.count + 1
        let lines = recent.enumerated().suffix(12).map { offset, record in
            "  " + TraceWriter.textLine(number: firstNumber + offset, record: record, actor: simulation.name(of: record.receiver),
                                        event: simulation.eventName(record.kind, at: record.receiver),
                                        subject: simulation.subjectName(record.kind, record.subject, at: record.receiver))
        }
        return tracePointer(violation, result: result)
            + "\n  last trace records (as in the --trace text file):\n  " + TraceWriter.textHeader + "\n"
            + lines.joined(separator: "\n")
    }

    /// Where the violation is in the trace: its record number when the run stopped at it (the
    /// violating step is the last record) or the ring still holds its step, else its time.
    public static func tracePointer(_ violation: Violation, result: PaymentsResult) -> String {
        let time = TraceWriter.seconds(violation.time)
        let subject = "subject \(violation.subject)"
        var number: UInt64?
        if case .stopped(let reason) = result.end, reason == "\(violation.invariant) \(violation.claim)" {
            number = result.steps
        } else if let index = result.recentTrace.lastIndex(where: { $0.time == violation.time && $0.subject == violation.traceSubject }) {
            number = result.steps - UInt64(result.recentTrace.count - index) + 1
        }
        guard let number else {
            return "  in the trace: after the last record (\(result.steps)), at time_s \(time); look for \(subject) before it"
        }
        return "  in the trace: record \(number) (line \(number + 1) of the --trace text file, args.record in the JSON), "
            + "time_s \(time), \(subject)"
    }

    /// Each flow's latency split into what the system took (queues, service, network, timeouts)
    /// and what people took (codes, challenges, SCA prompts, capture delays, a card in the post).
    public static func systemTimeLines(_ result: PaymentsResult) -> [String] {
        let flows = result.flows.filter { $0.systemLatency.count > 0 }
        let width = max(4, flows.map { "\($0.flow)".count }.max() ?? 0) + 2
        let header = "flow".padding(toLength: width, withPad: " ", startingAt: 0)
            + "system p50 ms".leftPadded(14) + "system p99 ms".leftPadded(15) + "people p50 ms".leftPadded(15)
        return [header] + flows.map { flow in
            "\(flow.flow)".padding(toLength: width, withPad: " ", startingAt: 0)
                + SummaryTable.ms(flow.systemLatency.percentile(0.5)).leftPadded(14)
                + SummaryTable.ms(flow.systemLatency.percentile(0.99)).leftPadded(15)
                + SummaryTable.ms(flow.peopleLatency.percentile(0.5)).leftPadded(15)
        }
    }

    /// The window the stations' figures cover, and the drain after it that they leave out.
    public static func windowLines(_ result: PaymentsResult) -> [String] {
        let window = result.window
        let drain = max(0, result.lastTime.seconds - window.end.seconds)
        return ["from \(SummaryTable.fixed(window.start.seconds, 1)) s (the warm-up's end) to \(SummaryTable.fixed(window.end.seconds, 1)) s "
                + "(the last arrival): \(SummaryTable.fixed(window.seconds, 1)) s; the drain after it took \(SummaryTable.fixed(drain, 1)) s",
                "stations' utilization and waits are over the window; \(SummaryTable.grouped(window.completed)) lifecycles arrived "
                + "in it and ended (the drain included), \(SummaryTable.fixed(window.throughput, 1)) per second"]
    }

    public static func windowJSON(_ result: PaymentsResult) -> JSONOutput {
        let window = result.window
        return .object([("start_s", .number(window.start.seconds)), ("end_s", .number(window.end.seconds)),
                        ("seconds", .number(window.seconds)),
                        ("drain_s", .number(max(0, result.lastTime.seconds - window.end.seconds))),
                        ("arrived_in_window_and_ended", .unsigned(window.completed)),
                        ("throughput_per_s", .number(window.throughput))])
    }

    public static func make(scenario: Scenario, seed: UInt64, options: Simulation.Options, result: PaymentsResult,
                     wallSeconds: Double, bins: [CardBIN] = []) -> RunSummary {
        var latency = LatencyHistogram()
        var outcomes = [UInt64](repeating: 0, count: PaymentOutcome.allCases.count)
        for flow in result.flows {
            latency.merge(flow.latency)
            for index in outcomes.indices { outcomes[index] += flow.outcomes[index] }
        }
        var summary = RunSummary(
            scenario: scenario.name, scenarioFile: scenario.file, seed: seed, strategy: "\(options.strategy)",
            lanes: options.lanes.rawValue, traceHash: result.traceHash, steps: result.steps, completed: result.completed,
            outcomes: PaymentOutcome.allCases.map { ($0.description, outcomes[Int($0.rawValue)]) },
            successOutcomes: ["succeeded", "authorized", "captured"], latency: latency,
            simulatedSeconds: result.lastTime.seconds, wallSeconds: wallSeconds,
            violations: UInt64(result.violations.count),
            stations: result.stations.map {
                RunSummary.Station(name: $0.name, servers: $0.servers, utilization: $0.utilization,
                                   queueingDelay: $0.queueingDelay, arrivals: $0.arrivals, rejected: $0.rejected,
                                   abandoned: $0.abandoned, measuredSeconds: $0.measuredSeconds,
                                   meanQueueLength: $0.meanQueueLength, exponentialServiceMean: $0.exponentialServiceMean)
            },
            endReason: "\(result.end)")
        if case .stopped(let reason) = result.end, reason == "interrupted" { summary.interrupted = true }
        summary.flows = result.flows.filter { $0.started > 0 }.map { flow in
            let measured = flow.outcomes.reduce(0, +)
            let succeeded = PaymentOutcome.allCases.filter(\.isSuccessForReports).map { flow.outcomes[Int($0.rawValue)] }.reduce(0, +)
            // Failures in the source system's own codes, most frequent first (ties by code, for stable output).
            let failures = flow.codes.filter { !flow.flow.system.isSuccessCode($0.key) }
                .map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            var line = RunSummary.Flow(name: "\(flow.flow)", completed: flow.completed,
                                       successRate: measured > 0 ? Double(succeeded) / Double(measured) : 0,
                                       latency: flow.latency, topFailures: failures)
            line.systemLatency = flow.systemLatency
            line.peopleLatency = flow.peopleLatency
            return line
        }
        summary.systemLatency = LatencyHistogram()
        for flow in result.flows { summary.systemLatency?.merge(flow.systemLatency) }
        summary.sections.append((heading: "system time apart from people's time", lines: systemTimeLines(result)))
        summary.extra = extra(result, bins: bins) + [("window", windowJSON(result))]
        summary.sections.append((heading: "measurement window", lines: windowLines(result)))
        let checks = result.monitors.reduce(0) { $0 + $1.checked }
        let broken = result.monitors.filter { $0.violations > 0 }.map(\.invariant)
        summary.sections.append((heading: "invariants", lines: [
            "\(result.monitors.count) invariants checked \(SummaryTable.grouped(checks)) times"
                + (broken.isEmpty ? ", none violated" : "; violated: " + broken.joined(separator: ", "))
                + "; ledger " + (result.audit.conserved ? "conserved" : "NOT conserved")
                + " (\(SummaryTable.grouped(result.audit.transfers)) transfers)",
        ]))
        summary.sections.append((heading: "failure handling", lines: failureHandlingLines(result.counters)))
        let purchases = prepaidPurchaseLines(result.counters.prepaidPurchases, result.counters)
        if !purchases.isEmpty { summary.sections.append((heading: "prepaid purchases (CARD-3, G-1 to G-3)", lines: purchases)) }
        summary.sections.append((heading: "contention", lines: contentionLines(result.contention, completed: result.completed)))
        summary.sections.append((heading: "state coverage", lines: CoverageReport.lines(result.coverage)))
        return summary
    }

    /// Per system with any: its status-check operation, how often the merchant made it, and the
    /// gateway's answers to repeated requests in the system's own words.
    public static func statusChecksBySystem(_ counters: PaymentCounters) -> [(String, JSONOutput)] {
        PaymentSystem.allCases.compactMap { system in
            let index = system.index
            let (checks, inProgress, final) = (counters.statusChecks[index], counters.repeatsInProgress[index],
                                               counters.repeatsFinal[index])
            guard checks + inProgress + final > 0 else { return nil }
            let words = system.statusCheck
            return (system.description, .object([
                ("operation", .string(words.operation)), ("status_checks", .unsigned(checks)),
                ("repeated_requests", .object([
                    ("in_progress", .unsigned(inProgress)), ("in_progress_means", .string(words.inProgress)),
                    ("final", .unsigned(final)), ("final_means", .string(words.final)),
                ])),
            ]))
        }
    }

    /// How the world got every payment whose answer went missing to a known end.
    public static func failureHandlingLines(_ counters: PaymentCounters) -> [String] {
        let g = SummaryTable.grouped
        return [
            "unknown outcomes \(g(counters.unknownOutcomes)): resolved by inquiry \(g(counters.resolvedByInquiry)), "
                + "by reversal \(g(counters.resolvedByReversal)), by a late reply \(g(counters.resolvedByLateReply)); "
                + "late approvals reversed \(g(counters.lateApprovalsReversed))",
            "sales ended early: cancelled by the customer \(g(counters.salesCancelled)) (of \(g(counters.paymentCancels)) "
                + "cancels; the others came after the end), past the payment deadline \(g(counters.salesPastDeadline)); "
                + "authorizations voided on a cancel before their capture \(g(counters.ordersCancelledBeforeCapture)); "
                + "acquirer system errors \(g(counters.acquirerErrors))",
            "merchant: retries \(g(counters.merchantRetries)), status recoveries \(g(counters.statusRecoveries)), "
                + "authorizations released whole (voids, expiries) \(g(counters.voids))",
            "refunds \(g(counters.refunds)): declined \(g(counters.refundsDeclined)), refused above what was left (903) "
                + "\(g(counters.refundsRefused)), answers lost (LC-12) \(g(counters.refundOutcomesUnknown))",
            "token sales: resolved \(g(counters.tokenSalesResolved)), on the customer's saved token "
                + "\(g(counters.savedTokensReused)), on their saved account (accountId) \(g(counters.savedAccountSales)), "
                + "another customer's token \(g(counters.tokenSalesNotOwned)), "
                + "no live token \(g(counters.tokenSalesMissing))",
            "push provisioning: not offered (the phone cannot add the card) \(g(counters.provisioningsNotOffered)), "
                + "not offered (the phone's wallet holds the card already) \(g(counters.passesAlreadyOnPhone)), "
                + "wallet sheets left open \(g(counters.passSheetsLeftOpen)), identity verifications "
                + "\(g(counters.identityVerifications))",
            "SCA (LC-10): answered without SCA \(g(counters.scaFreeOperations)), refused at once "
                + "\(g(counters.scaFreeRefusals)), refused after a redeem \(g(counters.scaRefusedAfterRedeem)); Masterpass "
                + "(LC-05): server errors on a card add's OTP \(g(counters.walletOtpServerErrors)), deletes refused "
                + "\(g(counters.walletDeletesRefused)); MPGS sessions (LC-00): expired before their first update "
                + "\(g(counters.sessionsExpiredUnbound)), cards changed \(g(counters.sessionCardChanges)), updates past the "
                + "authenticationLimit \(g(counters.sessionsExhausted)), operations "
                + "on the session \(g(counters.sessionOperations))",
            "cascades \(g(counters.cascades)) (succeeded \(g(counters.cascadeSuccesses))); network stand-ins "
                + "\(g(counters.standIns)), holds it booked \(g(counters.standInHolds))",
        ] + statusCheckLines(counters) + appRecoveryLines(counters.appRecovery) + expiryLines(counters)
    }

    /// Per system with any: what happened to the app's calls for a payment's result, each count
    /// beside the system's own word for it.
    public static func appRecoveryBySystem(_ counts: AppRecoveryCounts) -> [(String, JSONOutput)] {
        PaymentSystem.allCases.filter { counts.any(of: $0) }.map { system in
            let words = system.appRecovery
            let meanings = [words.timeout, words.reinit, words.inProgress, words.final, "told the outcome is unknown",
                            words.secondPay]
            return (system.description, .object(AppRecoveryEvent.allCases.map { event in
                (event.description, .object([("count", .unsigned(counts[system, event])),
                                             ("means", .string(meanings[event.rawValue]))]))
            }))
        }
    }

    /// `ecommpay app: calls unanswered 31 (NETWORK_TIMEOUT); re-inits 30 (init with the same
    /// paymentId): running 12 (onPaymentRestored, then PaymentRestoreRequest), final 17
    /// (PAYMENT_HAS_FINAL_STATUS); customers told "unknown" 0; second pays refused 4
    /// (PAYMENT_ALREADY_EXIST)`, each part only when something happened.
    public static func appRecoveryLines(_ counts: AppRecoveryCounts) -> [String] {
        let g = SummaryTable.grouped
        return PaymentSystem.allCases.filter { counts.any(of: $0) }.map { system in
            let words = system.appRecovery
            var parts: [String] = []
            if counts[system, .timeout] + counts[system, .reinit] > 0 {
                parts.append("calls unanswered \(g(counts[system, .timeout])) (\(words.timeout))")
                parts.append("re-inits \(g(counts[system, .reinit])) (\(words.reinit)): running "
                             + "\(g(counts[system, .inProgress])) (\(words.inProgress)), final \(g(counts[system, .final])) "
                             + "(\(words.final))")
                parts.append("customers told \"unknown\" \(g(counts[system, .toldUnknown]))")
            }
            if counts[system, .secondPayRefused] > 0 {
                parts.append("second pays refused \(g(counts[system, .secondPayRefused])) (\(words.secondPay))")
            }
            return "\(system) app: " + parts.joined(separator: "; ")
        }
    }

    /// `customers walked away 412; timers ran out: challengeCompletion 44, otpValidity 81, …`
    /// (domain §2.7), only when something ran out.
    public static func expiryLines(_ counters: PaymentCounters) -> [String] {
        let g = SummaryTable.grouped
        let ran = ExpiringTimer.allCases.filter { counters.expiries[$0.rawValue] > 0 }
        guard counters.walkAways > 0 || !ran.isEmpty else { return [] }
        return ["customers walked away \(g(counters.walkAways)); timers ran out: "
                + (ran.isEmpty ? "none" : ran.map { "\($0) \(g(counters.expiries[$0.rawValue]))" }.joined(separator: ", "))]
    }

    /// `mastercard Retrieve Transaction 12; repeated requests found the payment in progress 30 (in
    /// progress), final 41 (final status)`.
    public static func statusCheckLines(_ counters: PaymentCounters) -> [String] {
        let g = SummaryTable.grouped
        return PaymentSystem.allCases.compactMap { system in
            let index = system.index
            guard counters.statusChecks[index] + counters.repeatsInProgress[index] + counters.repeatsFinal[index] > 0
            else { return nil }
            let words = system.statusCheck
            return "\(system) \(words.operation) \(g(counters.statusChecks[index])); repeated requests found the payment "
                + "in progress \(g(counters.repeatsInProgress[index])) (\(words.inProgress)), "
                + "final \(g(counters.repeatsFinal[index])) (\(words.final))"
        }
    }

    /// How the customers' lifecycles met: on a busy customer, in conflicts, at the issuer.
    public static func contentionLines(_ contention: Contention, completed: UInt64) -> [String] {
        let share = completed > 0 ? Double(contention.sharedArrivals) / Double(completed) * 100 : 0
        let declines = contention.issuerAnswers.filter { $0.code != "00" && $0.count > 0 }
            .map { "\($0.code) \(SummaryTable.grouped($0.count))" }
        let hottest = contention.hottestCustomers.map { "\($0.customer) \(SummaryTable.grouped($0.lifecycles))" }
        return [
            "\(SummaryTable.grouped(UInt64(contention.customers))) customers; \(SummaryTable.grouped(contention.sharedArrivals)) "
                + "lifecycles (\(SummaryTable.fixed(share, 1))%) started while another of their customer's was in flight",
            "conflicts: wallet \(SummaryTable.grouped(contention.walletConflicts)), "
                + "prepaid card \(SummaryTable.grouped(contention.cardConflicts))",
            "issuer declines by reason: " + (declines.isEmpty ? "none" : declines.joined(separator: ", ")),
            "hottest customers: " + (hottest.isEmpty ? "none" : hottest.joined(separator: ", ")),
        ]
    }

    /// Cards and approvals per scheme, schemes in the order the BIN ranges first name them.
    public static func schemes(_ result: PaymentsResult, bins: [CardBIN]) -> [(String, JSONOutput)] {
        var order: [CardScheme] = []
        for bin in bins where !order.contains(bin.scheme) { order.append(bin.scheme) }
        return order.map { scheme in
            let indices = bins.indices.filter { bins[$0].scheme == scheme && $0 < result.cardsByBIN.count }
            return (scheme.rawValue, .object([
                ("cards", .unsigned(indices.map { result.cardsByBIN[$0] }.reduce(0, +))),
                ("approvals", .unsigned(indices.map { result.approvalsByBIN[$0] }.reduce(0, +))),
            ]))
        }
    }

    public static func extra(_ result: PaymentsResult, bins: [CardBIN]) -> [(String, JSONOutput)] {
        let counters = result.counters
        let flows: [(String, JSONOutput)] = result.flows.filter { $0.started > 0 }.map { flow in
            ("\(flow.flow)", .object([
                ("system", .string(flow.flow.system.description)),
                ("started", .unsigned(flow.started)), ("completed", .unsigned(flow.completed)),
                ("outcomes", .object(PaymentOutcome.allCases.map { ($0.description, .unsigned(flow.outcomes[Int($0.rawValue)])) })),
                ("codes", .object(flow.codes.keys.sorted().map { ($0, .unsigned(flow.codes[$0] ?? 0)) })),
                ("detail_codes", .object(flow.details.keys.sorted().map { ($0, .unsigned(flow.details[$0] ?? 0)) })),
                ("latency_ms", RunSummary.latencyJSON(flow.latency)),
                ("system_ms", RunSummary.latencyJSON(flow.systemLatency)),
                ("people_ms", RunSummary.latencyJSON(flow.peopleLatency)),
            ]))
        }
        let statuses = ["Y", "A", "N", "U", "R", "I"]
        // Each counter under the key its table row gives, then what has a shape of its own.
        let keyed: [(String, JSONOutput)] = PaymentCounters.keyed.map { ($0.key, .unsigned(counters[keyPath: $0.path])) }
        let shaped: [(String, JSONOutput)] = [
            ("three_ds.by_trans_status", .object(zip(statuses, counters.threeDSResults).map { ($0.0, .unsigned($0.1)) })),
            // Sale attempts by provider in routing order: "1" is the primary, "2" and on the cascade's.
            ("cascades.attempts_by_provider", .object(counters.attemptsByProvider.enumerated().compactMap { index, count in
                index == 0 || count > 0 ? ("\(index + 1)", .unsigned(count)) : nil
            })),
            ("recovery.by_system", .object(statusChecksBySystem(counters))),
            ("app_recovery", .object(appRecoveryBySystem(counters.appRecovery))),
            ("timers.expiries", .object(ExpiringTimer.allCases.map { ($0.description, .unsigned(counters.expiries[$0.rawValue])) })),
            ("prepaid_purchases", prepaidPurchasesJSON(counters.prepaidPurchases)),
            ("contention.customers", .integer(Int64(result.contention.customers))),
            ("contention.shared_arrivals", .unsigned(result.contention.sharedArrivals)),
            ("contention.issuer_answers", .object(result.contention.issuerAnswers.map { ($0.code, .unsigned($0.count)) })),
            ("contention.hottest_customers", .array(result.contention.hottestCustomers.map {
                .object([("customer", .integer(Int64($0.customer.rawValue))), ("lifecycles", .unsigned($0.lifecycles))])
            })),
        ]
        return [("flows", .object(flows)), ("schemes", .object(schemes(result, bins: bins)))] + JSONOutput.nesting(keyed + shaped) + [
            ("invariants", .array(result.monitors.map { record in
                .object([("id", .string(record.invariant)), ("claim", .string(record.claim)),
                         ("checked", .unsigned(record.checked)), ("violations", .unsigned(record.violations))])
            })),
            ("violation_details", .array(result.violations.prefix(20).map { .string($0.description) })),
            ("ledger", .object([
                ("sum_before", .integer(result.audit.sumBefore.value)), ("sum_after", .integer(result.audit.sumAfter.value)),
                ("conserved", .bool(result.audit.conserved)), ("open_holds", .integer(result.audit.openHolds.value)),
                ("transfers", .unsigned(result.audit.transfers)), ("stand_in_transfers", .unsigned(result.audit.stipTransfers)),
            ])),
            ("unfinished", .integer(Int64(result.unfinished))),
            ("network", .object([
                ("sent", .unsigned(result.network.sent)), ("lost", .unsigned(result.network.lost)),
                ("duplicated", .unsigned(result.network.duplicated)), ("reordered", .unsigned(result.network.reordered)),
                ("beyond_horizon", .unsigned(result.eventsBeyondHorizon)),
            ])),
            ("state_coverage", CoverageReport.json(result.coverage)),
            ("peak_rss_mib", .number(SummaryTable.roundedMiB(ProcessMemory.peakResidentBytes()))),
        ]
    }
}

extension JSONOutput {
    /// Members with dotted keys (`a.b.c`) as nested objects, each key where it first appears:
    /// `[("a.b", 1), ("c", 2), ("a.d", 3)]` is `{"a": {"b": 1, "d": 3}, "c": 2}`.
    static func nesting(_ members: [(String, JSONOutput)]) -> [(String, JSONOutput)] {
        var heads: [String] = []
        var inner: [String: [(String, JSONOutput)]] = [:]  // Looked up by head; output follows `heads`.
        var leaves: [String: JSONOutput] = [:]  // Looked up by head.
        for (key, value) in members {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            guard let head = parts.first else { continue }
            if inner[head] == nil && leaves[head] == nil { heads.append(head) }
            if parts.count == 2 { inner[head, default: []].append((parts[1], value)) } else { leaves[head] = value }
        }
        return heads.map { head in (head, inner[head].map { .object(nesting($0)) } ?? leaves[head] ?? .null) }
    }
}
