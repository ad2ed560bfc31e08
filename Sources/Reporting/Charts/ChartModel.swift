/// The pieces charts are built from: axes, points, bands, markers and the palette.

/// An axis title and its unit, shown as "arrival rate (payments/s)".
public struct ChartAxis: Sendable, Equatable {
    public var label: String
    /// The unit, without brackets: "ms", "payments/s", "%". Empty for a count or a name.
    public var unit: String

    public init(_ label: String, unit: String = "") {
        self.label = label
        self.unit = unit
    }

    /// The text drawn along the axis.
    public var title: String { unit.isEmpty ? label : "\(label) (\(unit))" }
}

/// One data point of a line series.
public struct ChartPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The lower and upper edge of a confidence band at one point of a series.
public struct ChartInterval: Sendable, Equatable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

/// How a line is stroked.
public enum LineStyle: Sendable, Equatable {
    /// Measured data: a solid line with a dot at each point (when there are few enough points).
    case solid
    /// A model or theory curve (M/M/c, Little's law): dashed, without dots.
    case dashed
    /// A shape rather than measurements (a histogram's step outline): solid, without dots.
    case outline
}

/// A vertical line across the plot at `x`, labelled at its top: a knee, a saturation point, an SLO.
public struct ChartMarker: Sendable, Equatable {
    public var x: Double
    public var label: String

    public init(x: Double, label: String) {
        self.x = x
        self.label = label
    }
}

/// The fixed series palette: Okabe–Ito's colour-blind-safe hues, darkened where needed so that
/// each has at least 3:1 contrast on white. Colours repeat after eight series; a dashed series
/// stays told apart from a solid one of the same colour by its stroke, in the plot and the legend.
public enum ChartPalette {
    public static let colors: [String] = [
        "#0072B2",  // blue
        "#D55E00",  // vermillion
        "#007F5F",  // bluish green
        "#AA4499",  // reddish purple
        "#A86A00",  // dark orange
        "#2E86C1",  // sky blue
        "#555555",  // grey
        "#882255",  // wine
    ]

    /// The colour for the series at `index`, wrapping around the palette.
    public static func color(_ index: Int) -> String {
        colors[((index % colors.count) + colors.count) % colors.count]
    }

    static let text = "#1F2328"
    static let mutedText = "#57606A"
    static let grid = "#E4E7EB"
    static let axis = "#8C959F"
    static let marker = "#3D444D"
}
