// The play page: draws the server's message for this seat, sends moves, follows live updates.
// Everything a person reads comes from the message in words: the prompt, each action's label, the
// players' panels, what is on stage this round, the question put to the table, the table talk.
(() => {
  const L = JSON.parse(document.getElementById("loopcity-data").textContent);
  window.LOOPCITY = L;
  const T = L.t;
  const $ = (id) => document.getElementById(id);
  let current = null;
  let ws = null;
  let retry = 500;
  let clockTimer = null;
  let promptWhole = false;

  const el = (tag, attrs = {}, text = null) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== null) e.textContent = text;
    return e;
  };
  const seatName = (msg, s) => (msg.seats[s] && msg.seats[s].name) || T.seat_n.replace("{n}", String(s + 1));

  // ----- who sits where, whose turn ---------------------------------------------------------------
  function who(msg) {
    const me = msg.seat === null ? T.spectator : `${seatName(msg, msg.seat)} (${T.you})`;
    $("who").textContent = `${msg.title} · ${me}`;
    const seats = msg.seats.map((s) => seatName(msg, s.seat) + (s.seat === msg.seat ? ` (${T.you})` : s.kind === "bot" ? ` (${T.bot})` : ""));
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
    const prompt = el("p", {class: msg.your_turn ? "yours prompt" : "theirs prompt"}, (msg.your_turn ? "▶ " : "◌ ") + msg.prompt);
    // on a phone, with the dock showing, a long prompt keeps to a few lines: a tap shows it whole
    prompt.classList.toggle("whole", promptWhole);
    prompt.addEventListener("click", () => { promptWhole = !promptWhole; prompt.classList.toggle("whole", promptWhole); });
    box.append(prompt);
    // a cost some player cannot meet now (Waste What?'s rent): said until it is met
    for (const w of msg.watch || []) box.append(el("p", {class: "watch"}, `⚠ ${w}`));
    if (msg.clock) {
      const c = el("p", {class: "clock", id: "clock"});
      box.append(c);
      const tick = () => {
        const left = Math.max(0, Math.round(msg.clock.deadline - Date.now() / 1000));
        const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
        c.textContent = msg.clock.counts ? `◔ ${T.clock_in.replace("{what}", msg.clock.counts).replace("{time}", time)}` : `◔ ${T.clock}: ${time}`;
      };
      tick();
      clockTimer = setInterval(tick, 1000);
    }
  }

  // ----- a question put to the table, an offer --------------------------------------------------
  function decision(msg) {
    const box = $("decision");
    const d = msg.decision;
    box.hidden = !d || d.result !== "open";
    box.replaceChildren();
    if (box.hidden) return;
    box.append(el("p", {class: "kind"}, `${d.kind === "offer" ? T.offer : T.question} · ${T.asked_by} ${d.by_name}`));
    box.append(el("p", {class: "subject"}, d.subject));
    box.append(el("p", {class: "muted"}, `${T.rule}: ${d.rule_text}`));
    const answers = Object.entries(d.votes || {}).map(([s, v]) => `${seatName(msg, Number(s))}: ${v === "yes" ? T.yes : T.no}`);
    if (answers.length) box.append(el("p", {class: "muted"}, `${T.votes}: ${answers.join(" · ")}`));
    if (d.waiting && d.waiting.length) box.append(el("p", {class: "muted"}, `${T.waiting_for}: ${d.waiting.map((s) => seatName(msg, s)).join(", ")}`));
    const votes = msg.legal.filter((a) => a.action.startsWith("vote "));
    const yes = votes.find((a) => a.risk && a.risk.leaves);
    if (yes) box.append(el("p", {class: yes.risk.text ? "leaves watch" : "leaves"}, `${T.if_yes}: ${yes.risk.leaves}`));
    if (votes.length) {
      const row = el("div", {class: "answers"});
      for (const a of votes) row.append(actionButton(a, a.action.endsWith(" yes") ? "yes" : "no"));
      box.append(row);
    }
  }

  // ----- what is on stage this round ---------------------------------------------------------------
  function cardEl(c, cls = "card") {
    const box = el("article", {class: cls});
    box.append(el("h3", {}, c.title));
    if (c.text) box.append(el("p", {}, c.text));
    if (c.facts && c.facts.length) {
      const dl = el("dl", {class: "facts"});
      for (const [k, v] of c.facts) { dl.append(el("dt", {}, k), el("dd", {}, v)); }
      box.append(dl);
    }
    return box;
  }

  // Folded to one line that names the cards once there are more than two of them (SUSTAIN's year):
  // the board stays on the first screen; the line opens to the cards, and stays open if opened.
  const STAGE_OPEN = 2;
  let stageOpened = null;
  function stage(msg) {
    const cards = msg.stage || [];
    $("stage").hidden = !cards.length;
    $("stage-h").textContent = T.this_round;
    $("stage-sum").textContent = `${T.this_round} (${cards.length}): ${cards.map((c) => c.title).join(" · ")}`;
    const fold = $("stage-fold");
    fold.open = stageOpened === null ? cards.length <= STAGE_OPEN : stageOpened;
    $("stage-cards").replaceChildren(...cards.map((c) => cardEl(c, "card stage-card")));
  }
  $("stage-fold").addEventListener("click", (e) => {
    if (e.target.closest("summary")) stageOpened = !$("stage-fold").open;
  });

  // ----- the board: updated in place; clicks handled where they land --------------------------------
  let legalSet = new Set();
  function minText() { return window.innerWidth >= 1200 ? 18 : 14; }

  // No board text below the readable size for this screen: small text is enlarged, or hidden when it
  // is a minor detail (class "minor"); the full words of a place are in its data-info, shown when it
  // is pointed at or tapped.
  function fitText() {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const scale = Math.hypot(ctm.a, ctm.b) || 1;
    const least = minText();
    const shown = [];
    svg.querySelectorAll("text").forEach((t) => {
      t.classList.remove("unreadable");
      if (t.hasAttribute("data-short")) {  // drawn again in full each time: the screen may have grown
        if (t.dataset.full === undefined) t.dataset.full = t.innerHTML;
        else t.innerHTML = t.dataset.full;
      }
      t.style.removeProperty("font-size");
      const own = parseFloat(getComputedStyle(t).fontSize) || 12;
      if (own * scale < least) {
        if (t.closest(".minor")) { t.classList.add("unreadable"); return; }
        t.style.fontSize = `${(least / scale) + 0.01}px`;
      }
      // A text with a width to keep to (data-fit, in the board's units: a name on a card) gives way
      // when, drawn readable, it would run out of its place: to its short form (data-short) if it
      // has one, else to the place's details.
      const fit = parseFloat(t.getAttribute("data-fit"));
      if (fit && t.getBoundingClientRect().width > fit * scale + 1) {
        if (!t.hasAttribute("data-short")) { t.classList.add("unreadable"); return; }
        t.textContent = t.getAttribute("data-short");
      }
      if (t.textContent.trim()) shown.push([own, t]);
    });
    // Text made larger may now cover its neighbours: the larger-drawn text stays, the other one is
    // left to the place's details (data-info) and the panels, so that nothing on the board overlaps.
    shown.sort((a, b) => b[0] - a[0]);
    const kept = [];
    for (const [, t] of shown) {
      const r = t.getBoundingClientRect();
      const covers = kept.some((k) => {
        const w = Math.min(r.right, k.right) - Math.max(r.left, k.left);
        const h = Math.min(r.bottom, k.bottom) - Math.max(r.top, k.top);
        return w > 0 && h > 0 && w * h > 0.15 * Math.min(r.width * r.height, k.width * k.height);
      });
      if (covers) t.classList.add("unreadable");
      else kept.push(r);
    }
  }

  function board(msg) {
    const b = $("board");
    legalSet = new Set(msg.legal.map((a) => a.action));
    const labels = new Map(msg.legal.map((a) => [a.action, a.label]));
    if (msg.svg) {
      if (b.dataset.drawn !== msg.svg) {
        b.innerHTML = msg.svg;
        b.dataset.drawn = msg.svg;
      }
      // A picture with places to press is a group of controls, not an image (no control inside an image).
      const svg = b.querySelector("svg");
      const pressable = msg.legal.some((a) => b.querySelector(`[data-act="${CSS.escape(a.action)}"]`));
      if (svg && (svg.getAttribute("role") === "img" || svg.dataset.role === "img")) {
        svg.dataset.role = "img";
        svg.setAttribute("role", pressable ? "group" : "img");
      }
      b.querySelectorAll("[data-act]").forEach((t) => {
        const act = t.getAttribute("data-act");
        const on = legalSet.has(act);
        t.classList.toggle("target", on);
        if (on) {
          t.setAttribute("tabindex", "0");
          t.setAttribute("role", "button");
          t.setAttribute("aria-label", labels.get(act) || act);
        } else {
          t.removeAttribute("tabindex");
          t.removeAttribute("role");
        }
      });
      fitText();
    } else if (msg.text) {
      b.replaceChildren(el("pre", {class: "text-board"}, msg.text));
      b.dataset.drawn = "";
    } else {
      b.replaceChildren(viewList(msg.view));
      b.dataset.drawn = "";
    }
  }

  function boardTarget(e) {
    const t = e.target.closest && e.target.closest("[data-act]");
    return t && legalSet.has(t.getAttribute("data-act")) ? t : null;
  }
  $("board").addEventListener("click", (e) => {
    const t = boardTarget(e);
    if (t) act(t.getAttribute("data-act"));
  });
  $("board").addEventListener("keydown", (e) => {
    const t = boardTarget(e);
    if (t && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); act(t.getAttribute("data-act")); }
  });
  const showInfo = (e) => {
    const place = e.target.closest && e.target.closest("[data-info], [data-act]");
    if (!place) return;
    const act = place.getAttribute("data-act");
    const label = act && current ? (current.legal.find((a) => a.action === act) || {}).label : null;
    $("info").textContent = [place.getAttribute("data-info"), label ? `→ ${label}` : null].filter(Boolean).join("  ");
  };
  ["pointerover", "focusin", "click"].forEach((ev) => $("board").addEventListener(ev, showInfo));

  // ----- actions: labelled buttons, grouped as a player thinks of them ------------------------------
  let order = [];
  const FOLD = 12;
  const openGroups = new Set();

  // An action that loses the game or leaves a cost unmet says so in its label and asks first.
  const warned = (a) => Boolean(a && a.risk && a.risk.text);
  function actionButton(a, extra = "") {
    const cls = [extra, warned(a) ? (a.risk.loses ? "risky loses" : "risky") : ""].filter(Boolean).join(" ");
    const btn = el("button", {type: "button", "data-action": a.action, class: cls}, a.label);
    if (warned(a)) btn.append(el("span", {class: "risk-text"}, ` ⚠ ${a.risk.text}`));
    btn.addEventListener("click", () => act(a.action));
    return btn;
  }

  let confirming = null;
  let confirmed = null;  // what a confirmed choice made at once does (compose.js)
  // Ask before a choice made at once that holds a risky step: its words, the risk, what to do.
  L.ask = (what, risk, go) => {
    const dlg = $("confirm");
    $("confirm-what").textContent = what;
    $("confirm-risk").textContent = `⚠ ${risk}`;
    confirming = null;
    confirmed = go;
    if (typeof dlg.showModal === "function") dlg.showModal(); else dlg.setAttribute("open", "");
    $("confirm-no").focus();
  };
  function act(action) {
    const a = current && current.legal.find((x) => x.action === action);
    if (!warned(a)) { send(action); return; }
    const dlg = $("confirm");
    $("confirm-what").textContent = a.label;
    $("confirm-risk").textContent = `⚠ ${a.risk.text}`;
    confirming = action;
    if (typeof dlg.showModal === "function") dlg.showModal(); else dlg.setAttribute("open", "");
    $("confirm-no").focus();
  }
  function closeConfirm(go) {
    const dlg = $("confirm");
    const action = confirming;
    const then = confirmed;
    confirming = null;
    confirmed = null;
    if (dlg.open) dlg.close();
    if (go && action) send(action);
    if (go && then) then();
  }
  $("confirm-yes").addEventListener("click", () => closeConfirm(true));
  $("confirm-no").addEventListener("click", () => closeConfirm(false));
  $("confirm").addEventListener("cancel", () => { confirming = null; confirmed = null; });

  // The buttons are rebuilt only when the actions changed: another seat's move that leaves this seat's
  // choices as they were does not pull a button from under a finger (or the keyboard's focus).
  let drawnActions = null;
  function actions(msg) {
    const box = $("actions");
    const key = JSON.stringify([msg.seat, msg.legal, msg.decision && msg.decision.result === "open"]);
    if (key === drawnActions && box.childNodes.length) return;
    drawnActions = key;
    box.replaceChildren();
    order = [];
    const legal = listed(msg).filter((a) => !(msg.decision && msg.decision.result === "open" && a.action.startsWith("vote ")));
    if (!legal.length) {
      const none = msg.seat === null ? T.spectator : msg.legal.length ? "" : T.no_actions;
      if (none) box.append(el("p", {class: "muted"}, none));
      return;
    }
    const groups = new Map();
    for (const a of legal) {
      if (!groups.has(a.group)) groups.set(a.group, []);
      groups.get(a.group).push(a);
    }
    for (const [group, acts] of groups) {
      const row = el("div", {class: "group", role: "group"});
      if (group) row.setAttribute("aria-label", group);
      for (const a of acts) {
        const btn = actionButton(a);
        if (order.length < 9) {
          btn.setAttribute("aria-keyshortcuts", String(order.length + 1));
          btn.dataset.key = String(order.length + 1);
          order.push(btn);
        }
        row.append(btn);
      }
      if (!group) { box.append(row); continue; }
      const wrap = el("details", {class: "fold", "data-group": group});
      wrap.open = acts.length <= FOLD || openGroups.has(group);
      wrap.addEventListener("toggle", () => (wrap.open ? openGroups.add(group) : openGroups.delete(group)));
      wrap.append(el("summary", {}, acts.length > 1 ? `${group} (${acts.length})` : group), row);
      box.append(wrap);
    }
  }

  // The actions listed on their own: not those a choice made at once stands for (compose.js draws
  // that choice as one form: a trade's cards counted with − and +, then offered once).
  function listed(msg) {
    const choices = window.LOOPCITY_CHOICES;
    if (!choices) return msg.legal;
    const covered = choices.covered(msg);
    return msg.legal.filter((a) => !covered.has(a.action));
  }
  function choiceButtons(msg) {
    const choices = window.LOOPCITY_CHOICES;
    return (choices ? choices.shown(msg) : []).slice(0, 1).map((c) => {
      const b = el("button", {type: "button"}, `${c.title} ↓`);
      b.addEventListener("click", () => {
        const f = document.getElementById(`choice-${c.key}`);
        if (!f) return;
        if (f.parentElement.tagName === "DETAILS") f.parentElement.open = true;
        f.scrollIntoView({block: "center"});
        const first = f.querySelector("button:not([disabled])");
        if (first) first.focus({preventScroll: true});
      });
      return b;
    });
  }

  // ----- the players' panels (or, for a game without them, what the view holds) ----------------------
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

  function panels(msg) {
    const has = Array.isArray(msg.panels);
    $("panels-wrap").hidden = !has;
    $("private").hidden = has;
    if (!has) {
      $("private").querySelector("summary").textContent = T.details_raw;
      $("view").replaceChildren(viewList(msg.view));
      return;
    }
    $("panels-h").textContent = T.players;
    $("panels").replaceChildren(...msg.panels.map((p) => {
      const box = el("section", {class: p.mine ? "panel mine" : "panel"});
      box.append(el("h3", {}, p.title));
      if (p.rows.length) {
        const dl = el("dl", {class: "facts"});
        for (const [k, v] of p.rows) dl.append(el("dt", {}, k), el("dd", {}, v));
        box.append(dl);
      }
      if (p.cards.length) {
        const cards = el("div", {class: "cards small"});
        p.cards.forEach((c) => cards.append(cardEl(c)));
        box.append(cards);
      }
      (p.notes || []).forEach((n) => box.append(el("p", {class: "muted"}, n)));
      return box;
    }));
  }

  // ----- the log: newest first, dice and shuffles folded away --------------------------------------
  function log(msg) {
    const show = $("show-chance").checked;
    $("show-chance-label").textContent = T.show_chance;
    const rows = msg.log.filter((r) => show || r.kind !== "chance").slice().reverse();
    $("log").replaceChildren(...rows.map((r) => el("li", {class: `log-${r.kind}`}, r.text)));
  }
  $("show-chance").addEventListener("change", () => current && log(current));

  // ----- table talk -----------------------------------------------------------------------------------
  function chat(msg) {
    const c = msg.chat;
    $("chat-wrap").hidden = !c;
    if (!c) return;
    $("chat-h").textContent = T.talk;
    $("chat-send").textContent = T.say;
    $("chat-text").setAttribute("placeholder", T.talk_hint);
    document.querySelector("label[for=chat-text]").textContent = T.talk_hint;
    $("chat-form").hidden = !c.on;
    $("chat-off").hidden = c.on;
    $("chat-off").textContent = T.talk_off;
    $("chat").replaceChildren(...c.lines.slice(-40).map((l) => {
      const li = el("li", {class: l.seat === msg.seat ? "mine" : ""});
      li.append(el("b", {}, `${l.name}: `), document.createTextNode(l.text));
      return li;
    }));
    $("chat").scrollTop = $("chat").scrollHeight;
  }
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    fetch(`/api/chat/${L.token}?lang=${L.lang}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({text})})
      .then(async (r) => { if (r.ok) $("chat-text").value = ""; else showRefusal((await r.json()).detail); });
  });

  // ----- the reference: the game's costs, cards and tables, in a panel that can stay open ----------
  let refLoaded = false;
  function toggleReference(open) {
    const ref = $("reference");
    ref.hidden = !open;
    $("play").classList.toggle("with-reference", open);
    $("ref-toggle").setAttribute("aria-expanded", String(open));
    if (open && !refLoaded) {
      refLoaded = true;
      fetch(`/api/reference/${L.token}?lang=${L.lang}`).then((r) => r.json()).then((data) => {
        $("ref-h").textContent = `${T.reference} — ${data.title}`;
        const body = $("ref-body");
        body.replaceChildren();
        for (const sec of data.sections) {
          const s = el("section", {class: "ref-section"});
          s.append(el("h3", {}, sec.title));
          if (sec.intro) s.append(el("p", {}, sec.intro));
          for (const t of sec.tables) {
            const wrap = el("div", {class: "scroll", tabindex: "0", role: "region", "aria-label": t.caption || sec.title});
            const table = el("table", {class: "data"});
            if (t.caption) table.append(el("caption", {}, t.caption));
            const head = el("tr");
            t.headers.forEach((h) => head.append(el("th", {scope: "col"}, h)));
            table.append(head);
            t.rows.forEach((row) => { const tr = el("tr"); row.forEach((c) => tr.append(el("td", {}, c))); table.append(tr); });
            wrap.append(table);
            s.append(wrap);
          }
          if (sec.cards.length) {
            const cards = el("div", {class: "cards"});
            sec.cards.forEach((c) => cards.append(cardEl(c)));
            s.append(cards);
          }
          body.append(s);
        }
        fitText();
      });
    }
    requestAnimationFrame(fitText);
  }
  $("ref-toggle").addEventListener("click", () => toggleReference($("reference").hidden));
  $("ref-close").addEventListener("click", () => toggleReference(false));
  $("ref-close").textContent = `✕ ${T.close}`;
  $("ref-h").textContent = T.reference;

  // ----- the end ------------------------------------------------------------------------------------
  function outcome(msg) {
    const box = $("outcome");
    $("debrief-link").hidden = !msg.finished;
    if (!msg.finished) { box.hidden = true; return; }
    box.hidden = false;
    box.replaceChildren();
    box.append(el("h2", {}, `■ ${T.game_over}`));
    const o = msg.outcome || {};
    // a competitive game has no team (team_won null): its winners are the result; a game the
    // facilitator ended has neither a team result nor winners
    const noTeam = o.team_won === null || o.team_won === undefined;
    const winners = o.winners && o.winners.length ? o.winners.map((s) => seatName(msg, s)).join(", ") : "";
    if (!noTeam) box.append(el("p", {class: o.team_won ? "won" : "lost"}, (o.team_won ? "✔ " + T.team_won : "✘ " + T.team_lost)));
    else if (winners) box.append(el("p", {class: "won"}, `🏆 ${T.winners}: ${winners}`));
    if (o.ending) box.append(el("p", {class: "ending"}, `${T.cause}: ${o.ending}`));
    const sameScores = o.scores && o.scores.every((x) => x === o.scores[0]);
    if (o.scores && o.scores.length && (noTeam || !(msg.cooperative || (!o.team_won && sameScores)))) box.append(el("p", {}, `${T.scores}: ` + o.scores.map((s, i) => `${seatName(msg, i)} ${s}`).join(" · ")));
    if (winners && !noTeam && !msg.cooperative) box.append(el("p", {}, `${T.winners}: ${winners}`));
    if (msg.debrief && Object.keys(msg.debrief).length) {
      box.append(el("h3", {}, T.debrief));
      const dl = el("dl", {class: "debrief"});
      for (const [k, v] of Object.entries(msg.debrief)) {
        const row = el("div", {class: "kv"});
        const name = (msg.debrief_labels || {})[k] || k.replace(/_/g, " ");
        row.append(el("dt", {}, name), el("dd", {}, String(Math.round(v * 100) / 100)));
        dl.append(row);
      }
      box.append(dl);
    }
    box.append(el("a", {href: `/api/record/${L.token}`, download: "", class: "button", id: "download"}, `↓ ${T.download}`));
    if (msg.seat !== null && !msg.next) {  // the next game: the same seats and bots
      if (msg.in_class) {  // at a class's table the teacher starts it
        box.append(el("p", {class: "muted"}, T.teacher_starts));
      } else {  // elsewhere a seat may
        const again = el("button", {type: "button", id: "play-again"}, `↻ ${T.play_again}`);
        again.addEventListener("click", async () => {
          again.disabled = true;
          const r = await fetch(`/api/rematch/${L.token}`, {method: "POST"});
          if (!r.ok) { again.disabled = false; showRefusal((await r.json()).detail); }
        });
        box.append(" ", again);
      }
    }
  }

  function draw(msg) {
    if (current && msg.version < current.version) return;
    current = msg;
    L.current = msg;
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    document.body.dataset.version = msg.version;
    // Nothing moves under a finger: what is inserted above the board (a question, a warning, a hint)
    // pushes the page by its height, and the page scrolls back by as much.
    const anchor = $("board");
    const top = anchor.getBoundingClientRect().top;
    document.dispatchEvent(new CustomEvent("loopcity:message", {detail: msg}));
    const was = previous;
    previous = msg;
    who(msg); turn(msg); decision(msg); stage(msg); board(msg); actions(msg); panels(msg); chat(msg); log(msg); outcome(msg);
    undoButton(msg); dock(msg); signal(was, msg);
    const moved = anchor.getBoundingClientRect().top - top;
    if (was && moved && top < window.innerHeight && window.scrollY > 0) window.scrollBy(0, moved);
  }
  let previous = null;
  document.documentElement.style.overflowAnchor = "none";  // draw() keeps the board in place itself

  // ----- taking back one's own last move --------------------------------------------------------
  function undoButton(msg) {
    $("undo").hidden = !(msg.undo && msg.undo.offered);
  }
  function undo() {
    showRefusal("");
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify({type: "undo"})); return; }
    fetch(`/api/undo/${L.token}?lang=${L.lang}`, {method: "POST"})
      .then(async (r) => { const body = await r.json(); if (r.ok) draw(body); else showRefusal(body.detail); });
  }
  $("undo").addEventListener("click", undo);

  // ----- on a phone, the prompt and the main actions stay in reach at the bottom ----------------
  const DOCKED = 2;
  let drawnDock = null;
  function dock(msg) {
    const box = $("dock");
    const mine = msg.seat !== null && !msg.finished && msg.your_turn && msg.legal.length > 0;
    const undoable = Boolean(msg.undo && msg.undo.offered);
    box.hidden = !(mine || undoable);
    document.body.classList.toggle("docked", !box.hidden);
    const row = $("dock-actions");
    const key = JSON.stringify([mine, undoable, msg.prompt, msg.legal, msg.decision && msg.decision.result]);
    if (key === drawnDock) return;
    drawnDock = key;
    row.replaceChildren();
    if (!mine) {  // one's own move may still be taken back
      $("dock-prompt").textContent = `◌ ${msg.prompt}`;
      $("dock-more").hidden = true;
      const u = el("button", {type: "button", class: "ghost"}, $("undo").textContent);
      u.addEventListener("click", undo);
      if (undoable) row.append(u);
      return;
    }
    $("dock-prompt").textContent = `▶ ${msg.prompt}`;
    const asked = msg.decision && msg.decision.result === "open" ? msg.legal.filter((a) => a.action.startsWith("vote ")) : [];
    // the first action, and the one that ends one's part (pass, done, end the turn) if there is one
    const FINISH = /^(pass|done|end_turn|end_round|end|finish)\b/;
    const own = listed(msg);
    const finish = own.find((a, i) => i > 0 && FINISH.test(a.action));
    const main = asked.length ? asked : finish ? [own[0], finish] : own.slice(0, DOCKED);
    if (!asked.length && main.length < DOCKED) row.append(...choiceButtons(msg));
    // Each button leads with what its action does (what tells the two apart on a narrow screen); the
    // group, out of its list, follows on a line of its own where the buttons' groups differ.
    const groups = new Set(main.map((a) => a.group || ""));
    for (const a of main) {
      const b = actionButton(a, a.action === "vote yes" ? "yes" : a.action === "vote no" ? "no" : "");
      b.removeAttribute("data-action");  // the list's own buttons keep the number keys
      b.replaceChildren(el("span", {class: "what"}, a.label));
      if (a.group && !asked.length) {
        b.title = `${a.group}: ${a.label}`;
        if (groups.size > 1) b.append(el("span", {class: "group"}, a.group));
      }
      if (!b.querySelector(".group")) b.classList.add("alone");  // its words may take the group's line
      row.append(b);
    }
    const more = $("dock-more");
    more.hidden = msg.legal.length <= main.length && !undoable;
    more.textContent = `${T.all_actions} (${msg.legal.length}) ↓`;
  }

  // ----- your turn: the title, the icon, a sound, a vibration, a notification ------------------
  const baseTitle = document.title;
  const store = (() => { try { return window.localStorage; } catch (e) { return null; } })();
  const setting = (name) => Boolean(store && store.getItem(`loopcity.${name}`) === "1");
  for (const [name, box] of [["sound", "signal-sound"], ["notify", "signal-notify"]]) {
    $(box).checked = setting(name);
    $(box).addEventListener("change", () => {
      if (store) store.setItem(`loopcity.${name}`, $(box).checked ? "1" : "0");
      if (name === "notify" && $(box).checked && "Notification" in window && Notification.permission === "default") {
        Notification.requestPermission().then((p) => { if (p !== "granted") { $(box).checked = false; store && store.setItem("loopcity.notify", "0"); } });
      }
      if (name === "sound" && $(box).checked) beep();
    });
  }
  let audio = null;
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.frequency.value = 660;
      g.gain.setValueAtTime(0.0001, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      o.connect(g).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.3);
    } catch (e) { /* no sound on this device */ }
  }
  // ----- what changed since one's last turn: a line of the moves, and the board's places marked ----
  const memo = (() => { try { return window.sessionStorage; } catch (e) { return null; } })();
  const places = () => [...$("board").querySelectorAll("[data-info]")].map((p) => p.getAttribute("data-info"));
  function remember(msg) {
    const last = msg.log.length ? msg.log[msg.log.length - 1].step : -1;
    const mark = {step: last, places: places()};
    if (memo) memo.setItem(`loopcity.left.${L.token}`, JSON.stringify(mark));
  }
  function changes(msg) {
    const line = $("changed");
    let mark = null;
    try { mark = memo && JSON.parse(memo.getItem(`loopcity.left.${L.token}`) || "null"); } catch (e) { mark = null; }
    if (!mark) { line.hidden = true; return; }
    const moves = msg.log.filter((r) => r.step > mark.step && r.kind !== "chance").map((r) => r.text);
    const now = places();
    let marked = 0;
    if (now.length === mark.places.length) {
      $("board").querySelectorAll("[data-info]").forEach((p, i) => {
        const moved = p.getAttribute("data-info") !== mark.places[i];
        p.classList.toggle("changed", moved);
        if (moved) marked += 1;
      });
    }
    line.hidden = !moves.length;
    if (!moves.length) return;
    const shown = moves.slice(-3);
    const more = moves.length - shown.length;
    line.textContent = `↻ ${T.since_last}: ${shown.join(" · ")}${more > 0 ? ` ${T.and_more.replace("{n}", String(more))}` : ""}${marked ? ` (${T.marked})` : ""}`;
  }
  function clearChanges() {
    $("changed").hidden = true;
    $("board").querySelectorAll(".changed").forEach((p) => p.classList.remove("changed"));
  }

  function signal(was, msg) {
    if (msg.seat !== null && was) {
      if (was.your_turn && !msg.your_turn) { remember(msg); clearChanges(); }
      else if (!was.your_turn && msg.your_turn) changes(msg);
    } else if (msg.seat !== null && !was && msg.your_turn) changes(msg);
    const mine = Boolean(msg.your_turn && !msg.finished);
    document.title = mine ? `▶ ${T.turn_title} · ${baseTitle}` : baseTitle;
    const icon = document.getElementById("favicon");
    if (icon) icon.setAttribute("href", mine ? "/static/icon-turn.svg" : "/static/icon.svg");
    document.body.classList.toggle("my-turn", mine);
    if (!mine || (was && was.your_turn)) return;  // only when the turn comes
    if (!was) return;  // opening the page is no news
    if (setting("sound")) {
      beep();
      if (navigator.vibrate) navigator.vibrate(120);
    }
    if (setting("notify") && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(`▶ ${T.turn_title}`, {body: T.turn_notice.replace("{game}", msg.title), tag: `loopcity-${L.token}`}); } catch (e) { /* not here */ }
    }
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
    fetch(`/api/act/${L.token}?lang=${L.lang}`, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({action})})
      .then(async (r) => { const body = await r.json(); if (r.ok) draw(body); else showRefusal(body.detail); });
  }

  // ----- live messages: the whole message first, then only what changed (loopcity.web.delta) -----
  // A patch never changes the message it applies to: what changed is new, the rest is shared, so
  // the message drawn before stays as it was (draw() compares the two).
  function patched(old, op) {
    if (Array.isArray(op)) return op[0];
    if (op.o) return patchObject(old, op.o);
    if (op.a) {
      const out = old.slice(0, op.n);
      for (const [k, item] of Object.entries(op.a)) {
        const i = Number(k);
        if (i < out.length) out[i] = patched(out[i], item);
        else out.push(item[0]);
      }
      return out;
    }
    if (op.d !== undefined) return old.slice(op.d).concat(op["+"]);
    if (op.k) return rows(op);
    if (op.l) {  // a long list's splices, and items changed in place
      const out = old.slice();
      for (let n = op.l.length - 1; n >= 0; n--) {
        const edit = op.l[n];
        if (edit.length === 2) out[edit[0]] = patched(out[edit[0]], edit[1]);
        else out.splice(edit[0], edit[1] - edit[0], ...(Array.isArray(edit[2]) ? edit[2] : rows(edit[2])));
      }
      return out;
    }
    const was = old.split(op.s);
    const parts = [];
    let at = 0;
    for (const edit of op.e) {
      for (let i = at; i < edit[0]; i++) parts.push(was[i]);
      if (edit.length === 4) {  // within one part: its head and tail stay
        const [i, head, tail, text] = edit;
        const part = was[i];
        parts.push(part.slice(0, head) + text + part.slice(part.length - tail));
        at = i + 1;
      } else {
        for (const p of edit[2]) {  // a new part: its text, or made of an alike part before it
          if (typeof p === "string") parts.push(p);
          else if (p.length === 2) {  // some pieces (between quotes) changed
            const pieces = parts[parts.length - p[0]].split('"');
            for (const [n, piece] of Object.entries(p[1])) pieces[Number(n)] = piece;
            parts.push(pieces.join('"'));
          } else {
            const like = parts[parts.length - p[0]];
            parts.push(like.slice(0, p[1]) + p[3] + like.slice(like.length - p[2]));
          }
        }
        at = edit[1];
      }
    }
    for (let i = at; i < was.length; i++) parts.push(was[i]);
    return parts.join(op.s);
  }
  function rows(op) {  // a long list of objects as rows (a bit of "same": that key's value before;
    const out = [];    // bit 16 + n: a text made of the one that key held some rows before)
    const seen = {};   // each key's values, row by row
    for (const row of op.r) {
      const item = {};
      let v = 2;
      op.k[row[0]].forEach((k, n) => {
        const was = seen[k] || (seen[k] = []);
        let value;
        if ((row[1] >> n) & 1) value = was[was.length - 1];
        else if ((row[1] >> (16 + n)) & 1) {
          const [back, head, tail, text] = row[v++];
          const like = was[was.length - back];
          value = like.slice(0, head) + text + like.slice(like.length - tail);
        } else value = row[v++];
        item[k] = value;
        was.push(value);
      });
      out.push(item);
    }
    return out;
  }
  function patchObject(old, ops) {
    const out = Object.assign({}, old);
    for (const [k, op] of Object.entries(ops)) {
      if (Array.isArray(op) && op.length === 0) delete out[k];
      else out[k] = patched(out[k], op);
    }
    return out;
  }
  let live = null;  // the message the server knows this page has (patches apply to it)
  let asked = false;
  function receive(msg) {
    if (msg.type === "state") { live = msg; asked = false; }
    else if (!live || live.ref !== msg.base) {  // lost track: ask for the whole state again, once
      live = null;
      if (!asked && ws && ws.readyState === WebSocket.OPEN) { asked = true; ws.send(JSON.stringify({type: "sync"})); }
      return;
    } else live = patchObject(live, msg.o);
    draw(live);
  }

  function connect() {
    live = null;
    asked = false;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // the table: for a reverse proxy that keeps each table's pages on one process (docs/deploying.md)
    ws = new WebSocket(`${proto}://${location.host}/ws/${L.token}?lang=${L.lang}&table=${encodeURIComponent(L.first.table)}`);
    ws.onopen = () => { retry = 500; $("live").textContent = `● ${T.connected}`; $("live").className = "live on"; };
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type === "state" || msg.type === "patch") receive(msg);
      else if (msg.type === "refused") showRefusal(msg.reason);
    };
    ws.onclose = (e) => {
      if (e.code === 4403) { // the seat was given a new link (its person moved, or took another phone)
        // a class's student: their page leads to wherever their seat is now (or to the join page)
        if (location.pathname === "/me" && Date.now() - Number(sessionStorage.getItem("seat-gone") || 0) > 10000) {
          sessionStorage.setItem("seat-gone", String(Date.now()));
          location.reload();
          return;
        }
        $("live").textContent = `○ ${T.link_gone}`; $("live").className = "live off";
        return;
      }
      $("live").textContent = `○ ${T.disconnected}`; $("live").className = "live off";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  // Keys 1-9 go to the first nine actions (Enter or Space then takes it): no stray key ends a turn.
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const n = parseInt(e.key, 10);
    if (n >= 1 && n <= 9 && order[n - 1]) { e.preventDefault(); order[n - 1].focus(); }
  });
  let resized = null;
  window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(fitText, 100); });

  L.send = send;
  L.draw = draw;
  L.refuse = showRefusal;
  draw(L.first);
  connect();
})();
