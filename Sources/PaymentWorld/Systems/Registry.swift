/// The payment systems the world models.
public enum PaymentSystems {
    /// Every system, one line each; a new system is a folder under `Systems/` and one line here.
    /// Append only: a system's place fixes its flows' indices, so the other systems' flows keep
    /// theirs, and with them every random stream and every scenario's mix.
    package static let registered: [any PaymentSystemModel] = [
        GenericCardFlows(),
        PortmoneMasterpass(),
        EcommpaySDKCore(),
        MastercardGateway(),
        SogenactifInApp(),
        PaysafePrepaidCards(),
        StripePaymentIntents(),
    ]
}
