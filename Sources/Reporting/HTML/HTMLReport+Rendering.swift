import Foundation

/// The HTML text of an `HTMLReport`.
extension HTMLReport {
    /// The complete HTML5 document.
    public func render() -> String {
        var html = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(Self.escape(title))</title>",
            "<style>\n\(Self.styleSheet)</style>",
            "</head>",
            "<body>",
            "<main>",
            "<header>",
            "<h1>\(Self.escape(title))</h1>",
        ]
        html += subtitle.map { "<p class=\"subtitle\">\(Self.escape($0))</p>" }
        html.append("</header>")
        for section in sections {
            html.append("<section>")
            html.append("<h2>\(Self.escape(section.heading))</h2>")
            html += section.blocks.map(Self.render)
            html.append("</section>")
        }
        html.append("<footer>\(Self.escape(footer))</footer>")
        html += ["</main>", "</body>", "</html>"]
        return html.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String { MarkupText.escaped(text) }

    static func render(_ block: Block) -> String {
        switch block {
        case .keyFigures(let figures):
            let cards = figures.map { figure in
                var card = "<div class=\"card \(figure.tone.rawValue)\"><div class=\"label\">\(escape(figure.label))</div>"
                    + "<div class=\"value\">\(escape(figure.value))</div>"
                if let detail = figure.detail { card += "<div class=\"detail\">\(escape(detail))</div>" }
                return card + "</div>"
            }
            return "<div class=\"cards\">\n" + cards.joined(separator: "\n") + "\n</div>"
        case .chart(let chart, let caption):
            let figcaption = caption.map { "<figcaption>\(escape($0))</figcaption>\n" } ?? ""
            return "<figure>\n\(chart.svg())\(figcaption)</figure>"
        case .table(let table):
            return render(table)
        case .note(let text):
            return "<aside class=\"note\">\(escape(text))</aside>"
        case .paragraph(let text):
            return "<p>\(escape(text))</p>"
        case .stateEventGrids(let grids):
            return ([StateEventGrid.legendHTML] + grids.map { $0.html() }).joined(separator: "\n")
        case .list(let items):
            return "<ul>\n" + items.map { "<li>\(escape($0))</li>" }.joined(separator: "\n") + "\n</ul>"
        }
    }

    static func render(_ table: HTMLTable) -> String {
        let right = table.columns.indices.map(table.isRightAligned)
        func cellClass(_ index: Int) -> String { index < right.count && right[index] ? " class=\"num\"" : "" }
        var lines = ["<div class=\"table-wrap\">", "<table>"]
        if let caption = table.caption { lines.append("<caption>\(escape(caption))</caption>") }
        let header = table.columns.enumerated().map { "<th\(cellClass($0))>\(escape($1.title))</th>" }
        lines.append("<thead><tr>" + header.joined() + "</tr></thead>")
        lines.append("<tbody>")
        for row in table.rows {
            let cells = (0..<max(table.columns.count, row.count)).map { index in
                "<td\(cellClass(index))>\(escape(index < row.count ? row[index] : ""))</td>"
            }
            lines.append("<tr>" + cells.joined() + "</tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        return lines.joined(separator: "\n")
    }
}
