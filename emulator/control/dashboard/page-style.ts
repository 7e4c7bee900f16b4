/** The dashboard page's stylesheet (inline in the page; allowed by its hash in the page's Content-Security-Policy). */
export const DASHBOARD_CSS = `
:root {
  --bg: #f4f5f7; --panel: #fff; --ink: #1d2330; --muted: #6b7385; --line: #e3e6ec; --accent: #3b5bdb;
  --ok: #2b8a3e; --ok-bg: #e6f4ea; --run: #1c64c8; --run-bg: #e5efff; --wait: #5f6b7a; --wait-bg: #eef0f3;
  --bad: #c92a2a; --bad-bg: #fdecec; --warn: #b35c00; --warn-bg: #fff3e0;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); }
header { display: flex; align-items: center; gap: 16px; padding: 12px 24px; background: #1d2330; color: #fff; }
header h1 { margin: 0; font-size: 17px; font-weight: 600; }
header .org { color: #b8c0d4; }
header .meta { margin-left: auto; display: flex; gap: 16px; align-items: center; color: #b8c0d4; font-size: 13px; }
.live { display: inline-flex; align-items: center; gap: 6px; }
.live::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #51cf66; }
.live.offline::before { background: #ff6b6b; }
main { display: grid; grid-template-columns: minmax(0, 1.7fr) minmax(320px, 1fr); gap: 16px; padding: 16px 24px 32px; }
.col { display: flex; flex-direction: column; gap: 16px; min-width: 0; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
section > h2 { margin: 0; padding: 10px 14px; font-size: 13px; font-weight: 600; letter-spacing: .02em;
  text-transform: uppercase; color: var(--muted); border-bottom: 1px solid var(--line); display: flex; gap: 8px; }
section > h2 .count { margin-left: auto; font-weight: 500; text-transform: none; }
.empty { padding: 14px; color: var(--muted); }
.project + .project { border-top: 1px solid var(--line); }
.project > h3 { margin: 0; padding: 10px 14px 4px; font-size: 15px; }
.env { padding: 4px 14px 12px; }
.env h4 { margin: 6px 0; font-size: 13px; font-weight: 600; display: flex; gap: 8px; align-items: center; }
.env h4 .sub { color: var(--muted); font-weight: 400; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: middle; }
th { font-size: 12px; font-weight: 500; color: var(--muted); }
tr:last-child td { border-bottom: 0; }
td.mono, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.env table { table-layout: fixed; }
.env th:nth-child(1) { width: 20%; } .env th:nth-child(2) { width: 14%; } .env th:nth-child(3) { width: 22%; }
.env th:nth-child(4) { width: 17%; }
.env td { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
td.clip { max-width: 260px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.kind { font-size: 11px; padding: 1px 6px; border-radius: 4px; background: var(--wait-bg); color: var(--wait); }
.pill { display: inline-block; font-size: 11.5px; font-weight: 600; padding: 2px 8px; border-radius: 999px;
  background: var(--wait-bg); color: var(--wait); white-space: nowrap; }
.pill.ok { background: var(--ok-bg); color: var(--ok); }
.pill.run { background: var(--run-bg); color: var(--run); }
.pill.bad { background: var(--bad-bg); color: var(--bad); }
.pill.warn { background: var(--warn-bg); color: var(--warn); }
.pill.run::before { content: ""; display: inline-block; width: 6px; height: 6px; margin-right: 5px; border-radius: 50%;
  background: currentColor; vertical-align: 1px; animation: pulse 1s ease-in-out infinite; }
@keyframes pulse { 50% { opacity: .25; } }
tr.changed td { animation: flash 1.6s ease-out; }
@keyframes flash { from { background: #fff4c2; } to { background: transparent; } }
.trail { color: var(--muted); font-size: 12px; }
.status { font-weight: 600; }
.status.s2 { color: var(--ok); } .status.s4 { color: var(--warn); } .status.s5, .status.s0 { color: var(--bad); }
.meter { height: 6px; background: var(--wait-bg); border-radius: 3px; overflow: hidden; margin-top: 4px; }
.meter > span { display: block; height: 100%; background: var(--ok); }
.meter.low > span { background: var(--warn); } .meter.out > span { background: var(--bad); }
.token { padding: 8px 14px; border-bottom: 1px solid var(--line); }
.token:last-child { border-bottom: 0; }
.token .line { display: flex; gap: 8px; align-items: baseline; }
.token .line .num { margin-left: auto; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.fault { padding: 8px 14px; border-bottom: 1px solid var(--line); }
.fault:last-child { border-bottom: 0; }
.scroll { max-height: 420px; overflow: auto; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
`;
