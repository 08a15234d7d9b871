// The play page: draws the server's message for this seat, sends moves, follows live updates.
(() => {
  const L = (window.LOOPCITY = JSON.parse(document.getElementById("loopcity-data").textContent));
  const T = L.t;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let ws = null;
  let retry = 500;
  let clockTimer = null;

  const seatName = (s) => `${T.seat} ${s + 1}`;
  const el = (tag, attrs = {}, text = null) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== null) e.textContent = text;
    return e;
  };

  function who(msg) {
    const me = msg.seat === null ? T.spectator : `${seatName(msg.seat)} (${T.you})`;
    $("who").textContent = `${msg.title} · ${me}`;
    const seats = msg.seats.map((s) => seatName(s.seat) + (s.seat === msg.seat ? ` (${T.you})` : s.kind === "bot" ? ` (${T.bot}: ${s.bot})` : ""));
    $("seats").textContent = seats.join(" · ");
  }

  function turn(msg) {
    const box = $("turn");
    box.replaceChildren();
    if (msg.finished) return;
    if (msg.paused) {
      box.append(el("p", {class: "paused"}, `‖ ${T.paused}`));
      return;
    }
    const waiting = msg.active_seats.map((s) => {
      const seat = msg.seats[s];
      const tag = seat.kind === "bot" ? ` (${T.bot})` : "";
      return seatName(s) + (s === msg.seat ? ` (${T.you})` : tag);
    });
    const p = el("p", {class: msg.your_turn ? "yours" : "theirs"});
    p.textContent = msg.your_turn ? `▶ ${T.your_turn}` : `◌ ${T.waiting_for}: ${waiting.join(", ")}`;
    if (msg.your_turn && waiting.length > 1) p.textContent += ` · ${T.waiting_for}: ${waiting.join(", ")}`;
    box.append(p);
    if (msg.clock) {
      const c = el("p", {class: "clock", id: "clock"});
      box.append(c);
      const tick = () => {
        const left = Math.max(0, Math.round(msg.clock.deadline - Date.now() / 1000));
        c.textContent = `◔ ${T.clock} (${msg.clock.kind}): ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      };
      tick();
      clockTimer = setInterval(tick, 1000);
    }
  }

  // A readable list of everything in the seat's view (also the board of a game without renderers).
  function viewList(v) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      const dl = el("dl");
      for (const [k, x] of Object.entries(v)) {
        const row = el("div", {class: "kv"});
        row.append(el("dt", {}, k.replace(/_/g, " ")));
        const dd = el("dd");
        dd.append(viewList(x));
        row.append(dd);
        dl.append(row);
      }
      return dl;
    }
    if (Array.isArray(v) && v.length && v.every((x) => x !== null && typeof x === "object")) {
      const ol = el("ol");
      v.forEach((x) => { const li = el("li"); li.append(viewList(x)); ol.append(li); });
      return ol;
    }
    if (Array.isArray(v)) return document.createTextNode(v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ") || "—");
    return document.createTextNode(v === null || v === undefined ? "—" : String(v));
  }

  function board(msg) {
    const b = $("board");
    if (msg.svg) {
      b.innerHTML = msg.svg;
      const legal = new Set(msg.legal);
      b.querySelectorAll("[data-act]").forEach((t) => {
        const act = t.getAttribute("data-act");
        if (!legal.has(act)) return;
        t.classList.add("target");
        t.setAttribute("tabindex", "0");
        t.setAttribute("role", "button");
        if (!t.getAttribute("aria-label")) t.setAttribute("aria-label", act);
        t.addEventListener("click", () => send(act));
        t.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); send(act); }
        });
      });
    } else if (msg.text) {
      b.replaceChildren(el("pre", {class: "text-board"}, msg.text));
    } else {
      b.replaceChildren(viewList(msg.view));
    }
  }

  // Legal actions as buttons, grouped by kind (a row "move: 3 4 5"); keys 1-9 press the first nine.
  let order = [];
  const FOLD = 12;
  const openKinds = new Set();
  function actions(msg) {
    const box = $("actions");
    box.replaceChildren();
    order = [];
    if (!msg.legal.length) {
      box.append(el("p", {class: "muted"}, msg.seat === null ? T.spectator : T.no_actions));
      return;
    }
    const groups = new Map();
    for (const a of msg.legal) {
      const kind = a.split(" ")[0];
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(a);
    }
    for (const [kind, acts] of groups) {
      const name = kind.replace(/_/g, " ");
      const row = el("div", {class: "group", role: "group", "aria-label": name});
      const many = acts.length > 1 && acts.some((a) => a !== kind);
      const folded = acts.length > FOLD;
      if (many && !folded) row.append(el("span", {class: "kind"}, name + ":"));
      for (const a of acts) {
        const label = many ? a.slice(kind.length + 1) : a.replace(/_/g, " ");
        const btn = el("button", {type: "button", "data-action": a, "aria-label": a.replace(/_/g, " ")}, label);
        if (!folded && order.length < 9) {
          btn.setAttribute("aria-keyshortcuts", String(order.length + 1));
          order.push(a);
        }
        btn.addEventListener("click", () => send(a));
        row.append(btn);
      }
      if (folded) {  // a long list folds away under its kind, e.g. "link (57)"
        const box2 = el("details", {class: "fold", "data-kind": kind});
        if (openKinds.has(kind)) box2.open = true;
        box2.addEventListener("toggle", () => (box2.open ? openKinds.add(kind) : openKinds.delete(kind)));
        box2.append(el("summary", {}, `${name} (${acts.length})`), row);
        box.append(box2);
      } else {
        box.append(row);
      }
    }
  }

  function details(msg) {
    $("private").querySelector("summary").textContent = T.details;
    $("view").replaceChildren(viewList(msg.view));
  }

  function log(msg) {
    const box = $("log");
    box.replaceChildren(...msg.log.slice().reverse().map((r) => el("li", {class: `log-${r.kind}`}, r.text)));
  }

  function outcome(msg) {
    const box = $("outcome");
    if (!msg.finished) { box.hidden = true; return; }
    box.hidden = false;
    box.replaceChildren();
    box.append(el("h2", {}, `■ ${T.game_over}`));
    const o = msg.outcome || {};
    box.append(el("p", {class: o.team_won ? "won" : "lost"}, (o.team_won ? "✔ " + T.team_won : "✘ " + T.team_lost)));
    if (o.cause) box.append(el("p", {}, `${T.cause}: ${o.cause}`));
    if (o.scores) box.append(el("p", {}, `${T.scores}: ` + o.scores.map((s, i) => `${seatName(i)} ${s}`).join(" · ")));
    if (o.winners && o.winners.length) box.append(el("p", {}, `${T.winners}: ` + o.winners.map(seatName).join(", ")));
    if (msg.debrief && Object.keys(msg.debrief).length) {
      box.append(el("h3", {}, T.debrief));
      const dl = el("dl", {class: "debrief"});
      for (const [k, v] of Object.entries(msg.debrief)) {
        const row = el("div", {class: "kv"});
        row.append(el("dt", {}, k.replace(/_/g, " ")), el("dd", {}, String(Math.round(v * 100) / 100)));
        dl.append(row);
      }
      box.append(dl);
    }
    const a = el("a", {href: `/api/record/${L.token}`, download: "", class: "button", id: "download"}, `↓ ${T.download}`);
    box.append(a);
  }

  function draw(msg) {
    if (current && msg.version < current.version) return;
    current = msg;
    L.current = msg;
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    document.body.dataset.version = msg.version;
    who(msg); turn(msg); board(msg); actions(msg); details(msg); log(msg); outcome(msg);
  }

  function showRefusal(text) {
    const r = $("refusal");
    r.hidden = !text;
    r.textContent = text ? `${T.refused}: ${text}` : "";
  }

  function send(action) {
    showRefusal("");
    // No version: in a shared phase another seat's move must not void this one; the engine's legality
    // check on the server decides (API clients may send a version to refuse stale moves).
    const msg = {type: "act", action};
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(msg));
      return;
    }
    fetch(`/api/act/${L.token}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(msg)})
      .then(async (r) => { const body = await r.json(); if (r.ok) draw(body); else showRefusal(body.detail); });
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${L.token}`);
    ws.onopen = () => { retry = 500; $("live").textContent = `● ${T.connected}`; $("live").className = "live on"; };
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type === "state") draw(msg);
      else if (msg.type === "refused") showRefusal(msg.reason);
    };
    ws.onclose = () => {
      $("live").textContent = `○ ${T.disconnected}`; $("live").className = "live off";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const n = parseInt(e.key, 10);
    if (n >= 1 && n <= 9 && order[n - 1]) send(order[n - 1]);
  });

  $("zoom").addEventListener("click", () => {
    const on = $("board").classList.toggle("zoomed");
    $("zoom").setAttribute("aria-pressed", String(on));
  });

  L.send = send;

  draw(L.first);
  connect();
})();
