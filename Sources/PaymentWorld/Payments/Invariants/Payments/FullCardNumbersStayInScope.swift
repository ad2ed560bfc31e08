/// G-12: only the actors in PCI scope keep full card numbers: the app's input, the gateway (the
/// seed systems' platforms are gateways), the issuer (Paysafe's card platform issues) and the token
/// service. Merchants and wallets keep masked numbers and tokens.
final class FullCardNumbersStayInScope: SafetyMonitor {
    static let invariant = "G-12"
    static let claim = "FullCardNumbersStayInScope"
    static let watches: [WorldEvent.Kind] = [.cardDataKept]

    init(_ world: MonitoredWorld) {}

    func observe(_ event: WorldEvent, _ checks: inout InvariantChecks) {
        guard case .cardDataKept(let subject, let holder, let form) = event else { return }
        checks.expect(form != .pan || Self.mayKeepFullPAN(holder), about: subject, "the \(holder) stored a full card number")
    }

    static func mayKeepFullPAN(_ holder: PaymentActorKind) -> Bool {
        switch holder {
        case .device, .gateway, .platform, .issuer, .cardPlatform, .tokenService: true
        case .merchant, .wallet, .mobileWallet, .messageChannel, .acs, .directoryServer, .acquirer, .backupAcquirer,
             .network, .scaAuthority: false
        }
    }
}
