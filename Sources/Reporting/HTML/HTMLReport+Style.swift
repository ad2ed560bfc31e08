/// The report's style sheet: a light theme, a readable measure, charts that scale to the page.
extension HTMLReport {
    /// Local system fonts only (no web fonts); tabular figures so columns of numbers line up.
    static let styleSheet = """
        :root { color-scheme: light; --text: #1F2328; --muted: #57606A; --line: #D8DEE4; --soft: #F6F8FA; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #FFFFFF; color: var(--text);
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        main { max-width: 1080px; margin: 0 auto; padding: 24px 24px 48px; }
        header { border-bottom: 1px solid var(--line); padding-bottom: 12px; margin-bottom: 8px; }
        h1 { font-size: 26px; margin: 0 0 6px; }
        h2 { font-size: 19px; margin: 28px 0 12px; }
        .subtitle { margin: 2px 0; color: var(--muted);
          font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
          font-size: 13px; overflow-wrap: anywhere; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 12px; margin: 12px 0; }
        .card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; background: var(--soft); }
        .card .label { color: var(--muted); font-size: 13px; }
        .card .value { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
        .card .detail { color: var(--muted); font-size: 12px; }
        .card.good { border-color: #8FD1A8; background: #EFFAF3; }
        .card.good .value { color: #1A7F37; }
        .card.bad { border-color: #F2A7A7; background: #FFF1F0; }
        .card.bad .value { color: #C22B2B; }
        figure { margin: 16px 0; }
        figure svg { display: block; width: 100%; height: auto; max-width: 960px; }
        figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
        .table-wrap { overflow-x: auto; margin: 12px 0; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 14px; }
        caption { text-align: left; color: var(--muted); font-size: 13px; padding-bottom: 4px; }
        th, td { padding: 5px 12px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
        th { background: var(--soft); font-weight: 600; border-bottom: 2px solid var(--line); }
        td.num, th.num { text-align: right; }
        tbody tr:nth-child(even) { background: #FBFCFD; }
        .note { border-left: 4px solid #0072B2; background: #F1F7FC; padding: 8px 14px; margin: 12px 0; font-size: 14px; }
        table.grid { font-size: 11px; margin-bottom: 8px; }
        table.grid th, table.grid td { padding: 2px 3px; border: 1px solid #FFFFFF; }
        table.grid caption { white-space: nowrap; }
        table.grid td { min-width: 22px; height: 20px; text-align: center; }
        table.grid th.event { vertical-align: bottom; }
        table.grid th.event span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
        .reached { background: #1A7F37; color: #FFFFFF; }
        .unreached { background: #F5C04A; color: #57606A; }
        .refused { background: #C22B2B; color: #FFFFFF; }
        .illegal { background: #EAEEF2; }
        .grid-legend span { display: inline-block; min-width: 22px; padding: 0 4px; margin: 0 4px 0 12px;
          text-align: center; font-size: 11px; }
        footer { margin-top: 40px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 8px; }
        @media print { main { max-width: none; } figure, table, .cards { break-inside: avoid; } }

        """
}
