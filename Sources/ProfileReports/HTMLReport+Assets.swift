extension HTMLReport {
  /// The page's style sheet, inline so the file works offline.
  static let style = """
    :root { --ink: #1d2330; --muted: #667085; --line: #e4e7ec; --accent: #3b6fd8;
      --soft: #eaf0fc; --bad: #d64545; --warn: #e3a008; --good: #2f9e66; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
      sans-serif; color: var(--ink); background: #f6f7f9; }
    header { padding: 24px 32px 12px; background: #fff; border-bottom: 1px solid var(--line); }
    h1 { margin: 0; font-size: 22px; }
    h2 { font-size: 16px; margin: 28px 0 10px; }
    .sub, .hint, .note, footer { color: var(--muted); }
    .hint { font-weight: normal; font-size: 12px; }
    main { padding: 8px 32px 32px; max-width: 1400px; }
    .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
      gap: 12px; margin-top: 16px; }
    .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
    .card .title { color: var(--muted); font-size: 12px; text-transform: uppercase;
      letter-spacing: .04em; }
    .card .value { font-size: 24px; font-weight: 600; margin: 2px 0; }
    .card .note { font-size: 12px; }
    #advice ol { padding-left: 20px; }
    #advice li { background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--warn);
      border-radius: 6px; padding: 8px 12px; margin-bottom: 8px; }
    #advice li p { margin: 4px 0; }
    .rule { display: inline-block; font-size: 11px; background: #fff4d6; color: #8a5a00;
      padding: 1px 6px; border-radius: 10px; margin-right: 6px; }
    .evidence { color: var(--muted); font-size: 12px; }
    .ok { color: var(--good); }
    .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 16px;
      margin-top: 20px; }
    figure { margin: 0; background: #fff; border: 1px solid var(--line); border-radius: 8px;
      padding: 12px; }
    figcaption { font-weight: 600; margin-bottom: 6px; }
    .legend { font-weight: normal; font-size: 12px; color: var(--muted); margin-left: 8px; }
    .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
      margin: 0 4px 0 8px; vertical-align: -1px; }
    .legend .finished { background: var(--good); } .legend .cancelled { background: var(--warn); }
    .legend .failed { background: var(--bad); } .legend .running { background: #7a4fd0; }
    svg.chart { width: 100%; height: auto; display: block; }
    svg .grid { stroke: var(--line); stroke-width: 1; }
    svg .axis, svg .value, svg .empty { fill: var(--muted); font-size: 11px; }
    svg .label { fill: var(--ink); font-size: 11px; }
    svg .area { fill: var(--soft); }
    svg .line { fill: none; stroke: var(--accent); stroke-width: 2; }
    svg .bar { fill: var(--accent); }
    svg .bar.over { fill: var(--bad); }
    svg .effect.finished { fill: var(--good); }
    svg .effect.cancelled { fill: var(--warn); }
    svg .effect.failed { fill: var(--bad); }
    svg .effect.running { fill: #7a4fd0; }
    svg .effect.other { fill: var(--muted); }
    table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid var(--line);
      border-radius: 8px; overflow: hidden; font-size: 13px; }
    th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: left;
      vertical-align: top; }
    td:first-child { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace;
      font-size: 12px; word-break: break-all; }
    th { background: #f9fafb; cursor: pointer; user-select: none; white-space: nowrap; }
    th.num, td.num { text-align: right; white-space: nowrap; }
    tbody tr:hover { background: #f5f8ff; }
    footer { padding: 0 32px 24px; font-size: 12px; }
    """

  /// Sorts a table by the clicked column (numbers by their value, units included). The page
  /// reads fine without it.
  static let script = """
    (function () {
      var units = { ns: 1, "\\u00b5s": 1e3, ms: 1e6, s: 1e9, "%": 1 };
      function key(text) {
        var match = /^(-?[0-9.]+)\\s*(ns|\\u00b5s|ms|s|%)?/.exec(text.trim());
        return match ? parseFloat(match[1]) * (units[match[2]] || 1) : null;
      }
      document.querySelectorAll("table.sortable").forEach(function (table) {
        table.querySelectorAll("th").forEach(function (th, column) {
          var descending = true;
          th.addEventListener("click", function () {
            var body = table.tBodies[0];
            var rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var x = a.cells[column].textContent, y = b.cells[column].textContent;
              var kx = key(x), ky = key(y);
              var order = kx !== null && ky !== null ? kx - ky : x.localeCompare(y);
              return descending ? -order : order;
            });
            descending = !descending;
            rows.forEach(function (row) { body.appendChild(row); });
          });
        });
      });
      document.documentElement.setAttribute("data-ready", "true");
    })();
    """
}
