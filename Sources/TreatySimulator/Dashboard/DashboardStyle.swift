/// The dashboard's style sheet and script, inlined in every page.
enum DashboardStyle {
    /// Colours meet WCAG AA contrast; state is said in words as well as in colour.
    static let css = """
        :root{--fg:#1b1b1b;--muted:#4a4a4a;--line:#c8c8c8;--bad:#a4161a;--good:#14632a}
        body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);margin:0 auto;max-width:1200px;padding:0 1rem}
        header{display:flex;gap:2rem;align-items:center;border-bottom:1px solid var(--line)}.brand{font-weight:700}
        nav ul{list-style:none;display:flex;gap:1rem;padding:0;flex-wrap:wrap}nav a[aria-current]{font-weight:700}
        h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.5rem}
        code,pre,textarea{font:13px/1.4 ui-monospace,"DejaVu Sans Mono",monospace}pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.5rem}
        table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border-bottom:1px solid var(--line);padding:.2rem .4rem;text-align:left;vertical-align:top}
        thead th{color:var(--muted)}td.json{max-width:40rem;overflow-wrap:anywhere}
        .s4,.s5,.error{color:var(--bad)}.s2{color:var(--good)}.off{color:var(--muted);text-decoration:line-through}
        form.inline{display:inline}form.filters{display:flex;gap:.6rem;flex-wrap:wrap;align-items:end}form.filters label{display:flex;flex-direction:column;font-size:.85rem}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem}.facts dd{margin:0}
        .pager{display:flex;gap:1rem}.note{color:var(--muted)}[hidden]{display:none!important}
        """

    /// Progressive enhancement only: with "live" ticked, the journal table refreshes itself
    /// every two seconds from the same page.
    static let script = """
        (function(){var live=document.getElementById('live');if(!live)return;live.disabled=false;var timer=null;
        function refresh(){fetch(location.href,{headers:{'Accept':'text/html'}}).then(function(r){return r.text();}).then(function(t){
        var doc=new DOMParser().parseFromString(t,'text/html');var fresh=doc.getElementById('journal-rows');var old=document.getElementById('journal-rows');
        if(fresh&&old){old.replaceWith(fresh);}}).catch(function(){});}
        live.addEventListener('change',function(){if(live.checked){timer=setInterval(refresh,2000);}else{clearInterval(timer);}});})();
        """
}
