/// The style sheet of the pages (`movies year`, `stats --format html`): one column on a phone, a grid
/// of cards on a wide screen, light or dark as the reader's system is set (`prefers-color-scheme`), and
/// light on paper. Text colours keep 4.5:1 against their background and bars 3:1 (WCAG 2.1, 1.4.3 and
/// 1.4.11). Nothing in it needs the network: system fonts only.
enum PageStyle {
    static let css: Markup = """
        :root{color-scheme:light dark;--bg:#f7f6f2;--card:#fff;--fg:#1a1b1f;--muted:#55585f;--line:#d9d7d0;\
        --bar:#c2410c;--l0:#e8e6df;--l1:#fdc89a;--l2:#f9954e;--l3:#dd6414;--l4:#9a3412;--link:#9a3412}
        @media (prefers-color-scheme:dark){:root{--bg:#15171b;--card:#1e2127;--fg:#eceae4;--muted:#a9adb6;\
        --line:#353943;--bar:#fb923c;--l0:#30353e;--l1:#c2621f;--l2:#ea7a2c;--l3:#fb9f5a;--l4:#fed7aa;--link:#fdba74}}
        @media print{:root{--bg:#fff;--card:#fff;--fg:#000;--muted:#333;--line:#999;--bar:#9a3412;\
        --l0:#eee;--l1:#fdc89a;--l2:#f9954e;--l3:#dd6414;--l4:#7c2d12;--link:#000}\
        section,.tile{break-inside:avoid}main{max-width:none}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",\
        Roboto,"Noto Sans","DejaVu Sans",sans-serif;-webkit-text-size-adjust:100%}
        main{max-width:72rem;margin:0 auto;padding:1rem}
        h1{font-size:2rem;line-height:1.15;margin:.5rem 0}
        h2{font-size:1.1rem;margin:0 0 .6rem}
        p{margin:.3rem 0}
        a{color:var(--link)}
        .lede,.note,.legend,.delta,figcaption{color:var(--muted)}
        .note,.legend{font-size:.875rem}
        .tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.6rem;margin:1rem 0;padding:0}
        .tile{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.6rem .8rem;margin:0}
        .tile dt{font-size:.875rem;color:var(--muted)}
        .tile dd{margin:0}
        .tile .figure{display:block;font-size:1.9rem;font-weight:700;line-height:1.2;overflow-wrap:anywhere}
        .delta{display:block;font-size:.8rem}
        .grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,26rem),1fr));gap:.8rem}
        section{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.9rem;min-width:0}
        section.wide{grid-column:1/-1}
        svg.columns{display:block;width:100%;max-width:32rem;height:auto;overflow:visible}
        svg .bar{fill:var(--bar)}
        svg .axis{stroke:var(--line)}
        svg text{fill:var(--fg);font-size:12px;text-anchor:middle}
        svg text.k{fill:var(--muted)}
        .bars{list-style:none;margin:0;padding:0}
        .bars li{display:grid;grid-template-columns:minmax(0,11rem) minmax(3rem,1fr) auto;gap:.5rem;align-items:center;\
        padding:.15rem 0}
        .bars .k{overflow-wrap:anywhere;min-width:0}
        .track{height:.75rem;background:var(--l0);border-radius:.2rem;overflow:hidden}
        .fill{display:block;height:100%;background:var(--bar);min-width:2px}
        .bars .v{font-variant-numeric:tabular-nums;font-weight:600}
        .calendar{display:grid;grid-template-columns:repeat(3,1fr);gap:.6rem .8rem}
        @media (min-width:40rem){.calendar{grid-template-columns:repeat(4,1fr)}}
        @media (min-width:62rem){.calendar{grid-template-columns:repeat(6,1fr)}}
        .month{margin:0}
        .month figcaption{font-size:.875rem}
        .month svg{display:block;width:100%;max-width:9rem;height:auto}
        .d.l0{fill:var(--l0)}.d.l1{fill:var(--l1)}.d.l2{fill:var(--l2)}.d.l3{fill:var(--l3)}.d.l4{fill:var(--l4)}
        .key{width:.8rem;height:.8rem;vertical-align:-.1rem}
        ol.best{margin:0;padding-left:1.6rem}
        ol.best li{margin:.25rem 0;overflow-wrap:anywhere}
        .stars{color:var(--bar);white-space:nowrap}
        .empty{font-size:1.2rem;padding:2rem 0}
        footer{color:var(--muted);font-size:.8rem;margin:1.5rem 0 .5rem}
        """
}
