/**
 * The dashboard page's script (inline in the page; allowed by its hash in the page's Content-Security-Policy). It
 * polls the feed ({@link FEED_PATH}) every {@link POLL_MS} ms and redraws with DOM nodes and `textContent` only (names
 * come from API callers and are never parsed as HTML). A service whose state changed since the last poll flashes, and
 * each service keeps the trail of the last states the page saw.
 */

/** Where the page reads its data (a control endpoint: same origin, loopback only). */
export const FEED_PATH = "/_emulator/ui/feed";

/** How often the page polls the feed, in ms (slower while the emulator does not answer). */
export const POLL_MS = 500;

/** The script's source, ES5-style so that any browser runs it; it builds no HTML from strings. */
export const DASHBOARD_SCRIPT = `
"use strict";
(function () {
  var FEED = ${JSON.stringify(FEED_PATH)};
  var POLL = ${POLL_MS};
  var seen = new Map();
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }
  function row(cells) {
    var tr = document.createElement("tr");
    cells.forEach(function (c) { tr.appendChild(c); });
    return tr;
  }
  function td(text, cls) { return el("td", cls, text); }
  function tdWith(node, cls) { var c = el("td", cls); c.appendChild(node); return c; }
  function table(headers) {
    var t = el("table"); var tr = el("tr");
    headers.forEach(function (h) { tr.appendChild(el("th", "", h)); });
    var thead = el("thead"); thead.appendChild(tr); t.appendChild(thead);
    var body = el("tbody"); t.appendChild(body);
    return { table: t, body: body };
  }
  function tone(state) {
    if (/_ERROR$/.test(state)) return "bad";
    if (state === "CANCELED" || state === "STOPPED" || state === "DELETED") return "warn";
    if (state === "QUEUED" || /_QUEUED$/.test(state) || state === "READY") return "";
    if (/ING$/.test(state) || /^WAITING_/.test(state)) return "run";
    return "ok";
  }
  function pill(state) { var p = el("span", "pill " + tone(state), state); p.dataset.state = state; return p; }
  function time(iso) { return iso ? new Date(iso).toLocaleTimeString([], { hour12: false }) : ""; }
  function fill(id, nodes, emptyText) {
    var box = $(id);
    box.replaceChildren();
    if (nodes.length === 0) { box.appendChild(el("div", "empty", emptyText)); return; }
    nodes.forEach(function (n) { box.appendChild(n); });
  }

  function services(env) {
    var t = table(["Service", "Kind", "State", "Deployment", "Seen by this page"]);
    env.services.forEach(function (s) {
      var trail = seen.get(s.id) || [];
      var changed = trail.length > 0 && trail[trail.length - 1] !== s.state;
      if (trail[trail.length - 1] !== s.state) trail.push(s.state);
      if (trail.length > 5) trail.splice(0, trail.length - 5);
      seen.set(s.id, trail);
      var tr = row([td(s.name), tdWith(el("span", "kind", s.kind)), tdWith(pill(s.state), "state"),
        td(s.deployment_status.replace(/_/g, " ").toLowerCase(), "muted"), td(trail.join(" \\u2192 "), "trail")]);
      tr.dataset.serviceId = s.id;
      tr.dataset.state = s.state;
      if (changed) tr.className = "changed";
      t.body.appendChild(tr);
    });
    if (env.services.length === 0) {
      var none = td("no services yet", "muted");
      none.colSpan = 5;
      t.body.appendChild(row([none]));
    }
    return t.table;
  }

  function projects(view) {
    var count = 0;
    var nodes = view.projects.map(function (p) {
      var box = el("div", "project"); box.dataset.projectId = p.id;
      box.appendChild(el("h3", "", p.name));
      p.environments.forEach(function (e) {
        count += e.services.length;
        var env = el("div", "env"); env.dataset.environmentId = e.id;
        var h = el("h4", "", e.name);
        h.appendChild(el("span", "sub", e.mode.toLowerCase() + " \\u00b7 " + e.cluster));
        h.appendChild(pill(e.state));
        env.appendChild(h);
        env.appendChild(services(e));
        box.appendChild(env);
      });
      if (p.environments.length === 0) box.appendChild(el("div", "empty", "no environments yet"));
      return box;
    });
    fill("projects", nodes, "No projects yet: create one through the API.");
    $("projects-count").textContent = view.projects.length + " projects \\u00b7 " + count + " services";
  }

  function variables(view) {
    var t = table(["Owner", "Key", "Value"]);
    view.variables.forEach(function (v) {
      var value = td(v.value, "mono clip");
      if (v.kind === "SECRET") value.title = "secret: value redacted";
      t.body.appendChild(row([td(v.owner, "muted"), td(v.key, "mono"), value]));
    });
    fill("variables", view.variables.length ? [t.table] : [], "No variables or secrets.");
    $("variables-count").textContent = String(view.variables.length);
  }

  function requests(view) {
    var t = table(["Time", "Request", "Status", "Token"]);
    view.requests.forEach(function (r) {
      var status = td(r.status === 0 ? "dropped" : r.status, "status s" + String(r.status).charAt(0));
      var request = td(r.method + " " + r.path, "mono clip");
      request.title = r.method + " " + r.path;
      t.body.appendChild(row([td(time(r.time), "muted mono"), request, status,
        td(r.token_name || "\\u2014", "muted")]));
    });
    fill("requests", view.requests.length ? [t.table] : [], "No API requests yet.");
    $("requests-count").textContent = view.request_count + " logged";
  }

  function faultText(f) {
    if (f.kind === "stale_status") {
      var parts = [];
      if (f.reads !== undefined) parts.push(f.reads + " reads");
      if (f.ms !== undefined) parts.push(f.ms + " ms");
      return "stale statuses after actions (" + parts.join(", ") + ")";
    }
    var what = [];
    if (f.status !== undefined) what.push("answer " + f.status);
    if (f.latency_ms) what.push("+" + f.latency_ms + " ms");
    if (f.drop) what.push("drop connection " + f.drop);
    return f.method + " " + f.path + ": " + (what.join(", ") || "no effect");
  }
  function faults(view) {
    var nodes = view.faults.map(function (f) {
      var box = el("div", "fault");
      box.appendChild(el("div", "mono", faultText(f)));
      box.appendChild(el("div", "muted", f.remaining === null ? "until removed" : f.remaining + " time(s) left"));
      return box;
    });
    fill("faults", nodes, "No active faults.");
    $("faults-count").textContent = String(view.faults.length);
  }

  function strict(view) {
    var s = view.strict;
    $("strict-section").hidden = !s;
    if (!s) return;
    var t = table(["Time", "Answer", "What does not match"]);
    s.mismatches.forEach(function (m) {
      var request = td(m.method + " " + m.path + " " + m.status, "mono clip");
      request.title = m.template || "no such operation";
      t.body.appendChild(row([td(time(m.time), "muted mono"), request, td(m.problems.join("; "), "mono")]));
    });
    fill("strict", s.mismatches.length ? [t.table] : [], "Every answer matches " + s.file + ".");
    $("strict-count").textContent = s.mismatched + " of " + s.checked + " answers";
  }

  function tokens(view) {
    var nodes = view.tokens.map(function (t) {
      var box = el("div", "token"); box.dataset.token = t.name;
      var line = el("div", "line");
      line.appendChild(el("strong", "", t.name));
      line.appendChild(el("span", "kind", t.scope));
      if (t.revoked) line.appendChild(el("span", "pill bad", "revoked"));
      line.appendChild(el("span", "num", t.remaining + " / " + t.limit + " left"));
      box.appendChild(line);
      var share = t.limit > 0 ? t.remaining / t.limit : 0;
      var meter = el("div", "meter" + (share === 0 ? " out" : share < 0.2 ? " low" : ""));
      var bar = el("span"); bar.style.width = (share * 100).toFixed(1) + "%";
      meter.appendChild(bar); box.appendChild(meter);
      box.appendChild(el("div", "muted", "token ***" + (t.resets_at ? " \\u00b7 window resets " + time(t.resets_at) : " \\u00b7 no request this hour")));
      return box;
    });
    fill("tokens", nodes, "No tokens.");
  }

  function render(view) {
    $("org").textContent = view.organization.name + " \\u00b7 " + view.organization.plan;
    $("clock").textContent = "clock step " + view.config.stepMs + " ms \\u00b7 " + view.config.rateLimitPerHour + " req/h per token";
    $("updated").textContent = "updated " + time(view.now);
    projects(view); variables(view); requests(view); faults(view); tokens(view); strict(view);
  }

  function setLive(ok) {
    var live = $("live");
    live.className = ok ? "live" : "live offline";
    live.textContent = ok ? "live" : "emulator not answering";
  }

  function poll() {
    fetch(FEED, { cache: "no-store", headers: { accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(function (view) { render(view); setLive(true); setTimeout(poll, POLL); })
      .catch(function () { setLive(false); setTimeout(poll, POLL * 4); });
  }
  poll();
})();
`;
