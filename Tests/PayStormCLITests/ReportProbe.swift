import Foundation

/// What Chromium drew for one report.html, measured by the browser itself.
///
/// Reports have no scripts of their own, and their charts are inline SVG written in Swift, so
/// what can go wrong is in what the browser makes of that SVG: a mark with a NaN coordinate
/// that draws nothing, a chart squashed to nothing by CSS, a label pushed off the chart. A copy
/// of the report gets a small script that measures each chart with the browser's own geometry
/// (`getBoundingClientRect`, after layout) and writes the figures as JSON into the page, which
/// `--dump-dom` then prints.
struct ReportProbe: Decodable {
    struct Chart: Decodable {
        var title: String
        /// The chart's size on the page, in CSS pixels.
        var width: Double
        var height: Double
        /// Bars, series lines, confidence bands and dots: the data, not the axes.
        var marks: Int
        /// Marks that cover a visible box (a bar with width and height, a line with some length).
        var drawnMarks: Int
        /// Marks whose box lies partly outside the chart: drawn where no one sees them.
        var marksOutside: [String]
        /// Texts whose box reaches past the chart's edge: labels cut off.
        var textsOutside: [String]
        /// Pairs of texts whose boxes overlap by more than a sliver: labels drawn over each other.
        var overlappingTexts: [String]
        /// Attributes whose value holds NaN or Infinity.
        var badAttributes: [String]
    }

    var charts: [Chart]
    /// `<figure>` elements without a chart: a chart container left empty.
    var emptyFigures: Int
    /// `<script>` elements the report itself carries (it promises none).
    var reportScripts: Int
    /// Errors the page raised: script errors and resources that failed to load.
    var errors: [String]
    /// Words of the page's visible text that show a broken number: NaN, nan, inf, Infinity.
    var brokenNumbers: [String]
    var textLength: Int

    static let elementID = "paystorm-probe"

    /// Renders `report` in headless Chromium with the probe added, and reads what it measured.
    static func measure(_ report: String) throws -> ReportProbe {
        let html = try String(contentsOfFile: report, encoding: .utf8)
        guard let head = html.range(of: "<head>"), let bodyEnd = html.range(of: "</body>", options: .backwards) else {
            throw ChromiumFailed(description: "\(report) has no <head> or no </body>")
        }
        var probed = html
        // The measuring script goes last in the body, so it runs once every chart is parsed; the
        // error listener goes first in the head, so it hears errors from anything after it.
        probed.replaceSubrange(bodyEnd, with: "<script>\(measuringScript)</script>\n</body>")
        probed.replaceSubrange(head, with: "<head>\n<script>\(errorListener)</script>")
        let page = URL(fileURLWithPath: report).deletingLastPathComponent().appendingPathComponent("probed-report.html")
        try probed.write(to: page, atomically: true, encoding: .utf8)
        let dom = try HeadlessChromium.dumpDOM(page)
        guard let start = dom.range(of: "<pre id=\"\(elementID)\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw ChromiumFailed(description: "the probe wrote nothing into the page; the DOM ends with: \(dom.suffix(1500))")
        }
        let json = dom[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(ReportProbe.self, from: Data(json.utf8))
    }

    static let errorListener = """
        window.paystormErrors = [];
        window.addEventListener('error', event => {
          const target = event.target && event.target !== window ? event.target : null;
          window.paystormErrors.push(target ? 'failed to load ' + (target.src || target.href || target.tagName) : String(event.message));
        }, true);
        """

    /// Boxes on the page are in CSS pixels, turned labels' boxes in the chart's own units (about
    /// 1.2 px each at this width); both get half a unit of slack for anti-aliased edges. Overlaps
    /// under 3 units on a side are where a label's halo meets its neighbour's; an overlap a
    /// reader notices is larger.
    static let measuringScript = """
        (() => {
          const slack = 0.5, sliver = 3;
          const describe = element => element.tagName + (element.getAttribute('class') ? '.' + element.getAttribute('class') : '')
            + (element.textContent.trim() ? ' "' + element.textContent.trim().slice(0, 60) + '"' : '');
          const outside = (box, frame) => box.left < frame.left - slack || box.right > frame.right + slack
            || box.top < frame.top - slack || box.bottom > frame.bottom + slack;
          // A text's box in the frame its transform turns it into: its own box moved by the
          // transform's offset taken back through the turn, keyed by the turn.
          const turnedBox = text => {
            const consolidated = text.transform.baseVal.consolidate();
            const m = consolidated ? consolidated.matrix : { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
            const det = m.a * m.d - m.b * m.c;
            const dx = (m.d * m.e - m.c * m.f) / det, dy = (m.a * m.f - m.b * m.e) / det;
            const box = text.getBBox();
            return { key: [m.a, m.b, m.c, m.d].map(v => v.toFixed(3)).join(' '),
                     left: box.x + dx, right: box.x + box.width + dx, top: box.y + dy, bottom: box.y + box.height + dy };
          };
          const charts = [...document.querySelectorAll('svg.chart')].map(svg => {
            const frame = svg.getBoundingClientRect();
            const marks = [...svg.querySelectorAll('rect.bar, polyline.series, polygon.band, circle')];
            const drawn = marks.filter(mark => {
              const box = mark.getBoundingClientRect();
              return mark.tagName === 'polyline' ? box.width + box.height > 1 : box.width > 0 && box.height > 0;
            });
            const texts = [...svg.querySelectorAll('text')].filter(text => text.textContent.trim() !== '');
            const boxes = texts.map(text => text.getBoundingClientRect());
            const turned = texts.map(turnedBox);
            const overlapping = [];
            for (let i = 0; i < texts.length; i++) {
              for (let j = i + 1; j < texts.length; j++) {
                // Labels turned alike compare in their own frame; the page's upright boxes of
                // two turned labels overlap even where their letters do not.
                const alike = turned[i].key === turned[j].key;
                const a = alike ? turned[i] : boxes[i], b = alike ? turned[j] : boxes[j];
                const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (across > sliver && down > sliver) overlapping.push(describe(texts[i]) + ' over ' + describe(texts[j]));
              }
            }
            const badAttributes = [];
            for (const element of svg.querySelectorAll('*')) {
              for (const attribute of element.attributes) {
                if (/NaN|Infinity/.test(attribute.value)) badAttributes.push(describe(element) + ' ' + attribute.name + '=' + attribute.value);
              }
            }
            return {
              title: svg.querySelector('title') ? svg.querySelector('title').textContent : '',
              width: frame.width, height: frame.height, marks: marks.length, drawnMarks: drawn.length,
              marksOutside: marks.filter(mark => outside(mark.getBoundingClientRect(), frame)).map(describe),
              textsOutside: texts.filter((text, index) => outside(boxes[index], frame)).map(describe),
              overlappingTexts: overlapping, badAttributes,
            };
          });
          const text = document.body.innerText;
          const probe = document.createElement('pre');
          probe.id = '\(elementID)';
          probe.textContent = JSON.stringify({
            charts,
            emptyFigures: [...document.querySelectorAll('figure')].filter(figure => !figure.querySelector('svg.chart')).length,
            reportScripts: document.querySelectorAll('script').length - 2,
            errors: window.paystormErrors,
            brokenNumbers: text.match(/\\b(NaN|nan|-?inf|-?Infinity)\\b/g) || [],
            textLength: text.length,
          });
          document.body.appendChild(probe);
        })();
        """
}
