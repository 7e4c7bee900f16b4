import { createHash } from "node:crypto";
import { DASHBOARD_SCRIPT } from "./page-script";
import { DASHBOARD_CSS } from "./page-style";

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The dashboard page: one HTML document, its stylesheet and script inline, no external asset. */
export const DASHBOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Deployment service emulator</title>
<style>${DASHBOARD_CSS}</style>
</head>
<body>
<header>
  <h1>Deployment service emulator</h1>
  <span class="org" id="org"></span>
  <div class="meta"><span id="clock"></span><span id="updated"></span><span class="live offline" id="live">connecting</span></div>
</header>
<main>
  <div class="col">
    <section><h2>Projects, environments and services<span class="count" id="projects-count"></span></h2><div id="projects"></div></section>
    <section><h2>Variables and secrets<span class="count" id="variables-count"></span></h2><div id="variables" class="scroll"></div></section>
  </div>
  <div class="col">
    <section><h2>Rate-limit budget per token</h2><div id="tokens"></div></section>
    <section><h2>Active faults<span class="count" id="faults-count"></span></h2><div id="faults"></div></section>
    <section id="strict-section" hidden><h2>Answers off the OpenAPI document<span class="count" id="strict-count"></span></h2><div id="strict" class="scroll"></div></section>
    <section><h2>Last requests<span class="count" id="requests-count"></span></h2><div id="requests" class="scroll"></div></section>
  </div>
</main>
<script>${DASHBOARD_SCRIPT}</script>
</body>
</html>
`;

/**
 * Headers of the page: a Content-Security-Policy that runs only its own inline script and style (by hash), lets it
 * fetch only its own origin and forbids framing it; no caching, no referrer, no content sniffing.
 */
export const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": [
    "default-src 'none'", `script-src ${sha256(DASHBOARD_SCRIPT)}`, `style-src ${sha256(DASHBOARD_CSS)}`,
    "connect-src 'self'", "img-src data:", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
  ].join("; "),
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};
