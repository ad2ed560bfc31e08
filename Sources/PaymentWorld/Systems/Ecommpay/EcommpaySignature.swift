import SimulationKernel

/// ecommpay E1: the merchant server signs the payment's parameters with the project's secret key,
/// and the platform checks that the init it receives carries parameters with that very signature
/// (SES-3). The model's parameters are the order the app published (amount, customer, flow) under
/// its payment id; the signature is a keyed 32-bit digest of them, as a stand-in for the seed's HMAC.
enum EcommpaySignature {
    /// The project's secret key: one project in the model.
    private static let secret: UInt64 = 0x5345_532D_3320_4B45

    static func sign(_ order: RequestBodies.Order, paymentId: LifecycleID) -> UInt64 {
        var state = secret ^ paymentId.rawValue
        for field in [UInt64(bitPattern: order.amount), UInt64(order.customer.rawValue), UInt64(order.flow.rawValue)] {
            state = SimRandom.hash(state ^ field)  // Every input bit reaches every output bit.
        }
        return state & 0xFFFF_FFFF
    }
}
