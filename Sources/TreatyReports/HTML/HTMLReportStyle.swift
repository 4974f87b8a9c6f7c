/// The report page's policy, style sheet and script, inlined so the page stands alone.
enum HTMLReportStyle {
    /// Nothing may be fetched: no script, style, image, font or connection from anywhere; only
    /// the page's own inline style and script run.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// Colours meet WCAG AA contrast on their backgrounds; every colour has a word beside it.
    static let css = """
        :root{--fg:#1b1b1b;--muted:#4a4a4a;--line:#c8c8c8;--bg:#fff;--good:#14632a;--bad:#a4161a;--warn:#7a4a00;--skip:#4a4a4a}
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1200px;padding:0 1rem}
        h1{font-size:1.5rem;margin:1rem 0 .25rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid var(--line)}h3{font-size:1rem}h4{font-size:.9rem;margin:.5rem 0 .2rem}
        code,pre{font:13px/1.4 ui-monospace,"DejaVu Sans Mono",monospace}pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.5rem;margin:.2rem 0}
        .verdict{font-weight:600;padding:.4rem .6rem;display:inline-block;color:#fff}.verdict.good{background:var(--good)}.verdict.bad{background:var(--bad)}.verdict.none{background:var(--skip)}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.5rem 0}.facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-all}
        nav ul{list-style:none;padding:0;display:flex;gap:1rem;flex-wrap:wrap}
        .tiles{list-style:none;padding:0;display:flex;gap:.5rem;flex-wrap:wrap}.tile{border:1px solid var(--line);padding:.3rem .7rem}.tile .count{font-size:1.3rem;font-weight:700}
        .tile.failed .count,.tile.errored .count{color:var(--bad)}.tile.passed .count{color:var(--good)}.tile.warned .count{color:var(--warn)}
        table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}caption{text-align:left;font-weight:600;padding:.3rem 0}
        th,td{border-bottom:1px solid var(--line);padding:.2rem .4rem;text-align:left;vertical-align:top}thead th{color:var(--muted);font-weight:600}
        tr.bad th,tr.failed td:first-child,tr.errored td:first-child{color:var(--bad)}
        .badge{color:#fff;padding:0 .4rem;font-size:.85rem}.badge.failed,.badge.errored{background:var(--bad)}.badge.warned{background:var(--warn)}.badge.passed{background:var(--good)}.badge.skipped{background:var(--skip)}
        .failure{border:1px solid var(--line);padding:.3rem .8rem;margin:1rem 0}.where{color:var(--muted);margin:.2rem 0}
        .findings{padding-left:1.2rem}.finding{margin:.3rem 0}.expect{color:var(--muted)}
        .tag{font-size:.8rem;font-weight:600;border:1px solid currentColor;padding:0 .25rem}
        .payload td:first-child{width:55%}.payload code{display:block;padding-left:calc(var(--depth,0) * 1.2em);white-space:pre-wrap;word-break:break-all}
        .mark-missing{background:#fde8e8;color:#7d0f12}.mark-null{background:#fff1d6;color:#5c3800}.mark-extra,.mark-key{background:#e8edff;color:#1d2f7a}.mark-mismatch{background:#fbe3f4;color:#6d1457}
        tr.ghost code{font-style:italic}
        .chart text{font-size:12px;fill:var(--fg)}.chart .bar{fill:#3b6ea5}.chart .bar.failed,.chart .bar.errored{fill:var(--bad)}.chart .bar.skipped{fill:#8a8a8a}
        .rules{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}.rules dd{margin:0}
        .note{color:var(--warn)}footer{color:var(--muted);margin:2rem 0 1rem;border-top:1px solid var(--line)}
        #all>details,details.brief{content-visibility:auto;contain-intrinsic-size:auto 600px}
        [hidden]{display:none!important}
        """

    /// Enables the filter box: it hides failures and rows whose text does not contain what is
    /// typed. Everything is on the page without it.
    static let script = """
        (function(){var box=document.getElementById('filter');if(!box)return;box.disabled=false;
        box.addEventListener('input',function(){var q=box.value.toLowerCase();
        document.querySelectorAll('#failures details.brief').forEach(function(d){if(q!=='')d.open=true;});
        document.querySelectorAll('#failures article.filterable, #failures table.brief tbody tr').forEach(function(e){
        e.hidden=q!==''&&e.textContent.toLowerCase().indexOf(q)<0;});});})();
        """
}
