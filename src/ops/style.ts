/**
 * Issue 36 part 2: the ops console's whole style, inline in its page (the CSP allows inline styles, not scripts; no
 * remote font or asset). Phone first: every table scrolls inside its own box, so the page never scrolls sideways.
 */
export const OPS_CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2329;background:#f2f3f5}
a{color:#1d5fd1}
header.top{background:#1f2d3d;color:#fff;padding:12px 16px;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px}
header.top h1{font-size:18px;margin:0}
header.top .who{font-size:12px;color:#c9d1dc;flex:1;min-width:160px}
header.top form{margin:0}
header.top button{background:transparent;color:#fff;border:1px solid #8fa0b5;padding:4px 10px;border-radius:4px}
nav.jump{display:flex;gap:4px 14px;flex-wrap:wrap;padding:8px 16px;background:#fff;border-bottom:1px solid #e4e6eb;font-size:13px}
main{max-width:1200px;margin:0 auto;padding:12px}
section{background:#fff;border-radius:8px;padding:12px 14px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h2{font-size:16px;margin:0 0 10px;padding-left:8px;border-left:3px solid #1d5fd1}
h3{font-size:14px;margin:14px 0 6px;color:#4e5969}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px}
.card{background:#f7f8fa;border-radius:6px;padding:8px 10px;min-width:0}
.card b{display:block;font-size:18px;word-break:break-all}
.card span{font-size:12px;color:#86909c}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eef0f3;vertical-align:top;white-space:nowrap}
th{color:#86909c;font-weight:normal;background:#fafbfc}
td.key{white-space:normal;word-break:break-all;min-width:180px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
td.wrap{white-space:normal;min-width:200px}
td.num,th.num{text-align:right}
code,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;word-break:break-all}
.ok{color:#00a870}.bad{color:#e34d59}.muted{color:#86909c}
.tag{display:inline-block;padding:0 6px;border-radius:3px;font-size:12px;line-height:20px}
.tag.ok{background:#e8f8f2}.tag.bad{background:#fdecee}
.notice{padding:10px 14px;border-radius:6px;margin:0 0 12px}
.notice.ok{background:#e8f8f2;color:#006c4a}.notice.error{background:#fdecee;color:#b42331}
form.purge{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 10px}
form.purge label{min-width:72px;color:#4e5969}
form.purge input[type=text],form.purge select{flex:1;min-width:0;width:100%;max-width:420px;padding:6px 8px;border:1px solid #c9cdd4;border-radius:4px;font-size:14px}
button{font-size:13px;padding:6px 12px;border-radius:4px;border:1px solid #1d5fd1;background:#1d5fd1;color:#fff;cursor:pointer}
button.danger{background:#e34d59;border-color:#e34d59}
button.plain{background:#fff;color:#1d5fd1}
form.inline{display:inline}
details summary{cursor:pointer;color:#1d5fd1}
dl.facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
dl.facts dt{color:#86909c}
dl.facts dd{margin:0;min-width:0;word-break:break-all}
@media (max-width:560px){
table.stack thead{display:none}
table.stack tr{display:block;padding:6px 0;border-bottom:1px solid #eef0f3}
table.stack td{display:flex;gap:8px;border:0;padding:2px 4px;white-space:normal;min-width:0;text-align:left}
table.stack td::before{content:attr(data-label);flex:0 0 72px;color:#86909c}
table.stack td:empty{display:none}
}
@media (max-width:480px){main{padding:8px}section{padding:10px}dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:6px}}
`;
