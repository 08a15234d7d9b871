// Choices made at once: a decision the rules take in steps (a trade put together card by card and
// offered, a hand Wasted down to the limit) is one form with − and + per row, sent once as the
// engine's own actions; the server applies them together or not at all, and an undo takes them back
// together. The game declares each choice in the message (`choices`); this file only draws and sends.
(() => {
  const kept = new Map();  // a choice's counts, kept while the same choice is drawn again
  const opened = new Set();  // the choices a person has unfolded
  let drawn = null;

  const el = (tag, attrs = {}, text = null) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== null) e.textContent = text;
    return e;
  };
  const fill = (words, vals) => Object.entries(vals).reduce((s, [k, v]) => s.replaceAll(`{${k}}`, String(v)), words);

  // The choices a page shows: those whose steps are among the seat's legal actions now.
  function shown(msg) {
    if (!msg || msg.seat === null || msg.finished || !msg.your_turn) return [];
    const legal = new Set(msg.legal.map((a) => a.action));
    return (msg.choices || []).filter((c) => c.covers.some((a) => legal.has(a)));
  }

  function form(c, T, legal) {
    const rows = c.groups.flatMap((g) => g.counters);
    const key = JSON.stringify(c);
    const counts = kept.get(key) || rows.map(() => 0);
    kept.set(key, counts);
    const box = el("form", {class: "choice", id: `choice-${c.key}`, "aria-label": c.title});
    if (c.note) box.append(el("p", {class: "muted choice-note"}, c.note));
    const total = () => counts.reduce((a, b) => a + b, 0);
    const sum = el("p", {class: "choice-sum", "aria-live": "polite"});
    const send = el("button", {type: "submit", class: "choice-send"}, c.send);
    const buttons = [];
    function update() {
      const n = total();
      sum.textContent = c.least === c.most
        ? fill(T.chosen_of, {n, most: c.most})
        : fill(T.chosen_range, {n, least: c.least, most: c.most});
      send.disabled = n < c.least || n > c.most;
      buttons.forEach(([minus, plus, out, i]) => {
        out.textContent = String(counts[i]);
        minus.disabled = counts[i] <= 0;
        plus.disabled = counts[i] >= rows[i].most || n >= c.most;
      });
    }
    let i = 0;
    for (const g of c.groups) {
      const group = el("div", {class: "choice-group", role: "group", "aria-label": g.label});
      group.append(el("p", {class: "choice-group-h"}, g.label));
      for (const row of g.counters) {
        const at = i++;
        const line = el("div", {class: "counter", "data-step": row.action});
        const name = el("span", {class: "counter-name"}, row.label);
        const minus = el("button", {type: "button", class: "ghost step", "aria-label": `− ${g.label}: ${row.label}`}, "−");
        const out = el("output", {class: "counter-n", "aria-label": `${g.label}: ${row.label}`}, "0");
        const plus = el("button", {type: "button", class: "ghost step", "aria-label": `+ ${g.label}: ${row.label}`}, "+");
        const most = el("span", {class: "muted counter-most"}, fill(T.of_most, {most: row.most}));
        minus.addEventListener("click", () => { counts[at] = Math.max(0, counts[at] - 1); update(); });
        plus.addEventListener("click", () => { counts[at] = Math.min(row.most, counts[at] + 1); update(); });
        buttons.push([minus, plus, out, at]);
        line.append(name, minus, out, plus, most);
        group.append(line);
        const a = legal.get(row.action);  // a step that loses the game or leaves a cost unmet says so
        if (a && a.risk && a.risk.text) {
          line.classList.add("risky");
          group.append(el("p", {class: "risk-text counter-risk"}, `⚠ ${a.risk.text}`));
        }
      }
      box.append(group);
    }
    box.append(sum, send);
    box.addEventListener("submit", (e) => {
      e.preventDefault();
      const steps = [];
      rows.forEach((r, k) => { for (let n = 0; n < counts[k]; n += 1) steps.push(r.action); });
      steps.push(...c.then);
      const risky = rows.map((r, k) => (counts[k] ? legal.get(r.action) : null)).find((a) => a && a.risk && a.risk.text);
      const L = window.LOOPCITY;
      if (risky && L.ask) L.ask(`${c.send}: ${sum.textContent}`, risky.risk.text, () => sendChoice(steps, send));
      else sendChoice(steps, send);
    });
    update();
    return box;
  }

  function sendChoice(steps, button) {
    const L = window.LOOPCITY;
    button.disabled = true;
    if (L.refuse) L.refuse("");
    fetch(`/api/act/${L.token}?lang=${L.lang}`, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({actions: steps}),
    }).then(async (r) => {
      const body = await r.json();
      if (r.ok) { kept.clear(); if (L.draw && body.type === "state") L.draw(body); }
      else { button.disabled = false; if (L.refuse) L.refuse(body.detail); }
    }).catch(() => { button.disabled = false; });
  }

  function draw(msg) {
    const box = document.getElementById("choices");
    if (!box) return;
    const list = shown(msg);
    const key = JSON.stringify([msg.seat, list]);
    if (key === drawn && box.childNodes.length === list.length) return;
    drawn = key;
    // Alone (a hand to Waste down), a choice is open; beside other actions (trades), each folds to
    // its title and opens on a tap.
    const covered = new Set(list.flatMap((c) => c.covers));
    const legal = new Map(msg.legal.map((a) => [a.action, a]));
    const alone = msg.legal.every((a) => covered.has(a.action));
    box.replaceChildren(...list.map((c) => {
      const fold = el("details", {class: "choice-fold", "data-choice": c.key});
      fold.open = alone || opened.has(c.key);
      fold.addEventListener("toggle", () => (fold.open ? opened.add(c.key) : opened.delete(c.key)));
      fold.append(el("summary", {}, c.title), form(c, window.LOOPCITY.t, legal));
      return fold;
    }));
    box.hidden = !list.length;
  }

  // What the page no longer lists on its own: the steps a choice shown stands for.
  window.LOOPCITY_CHOICES = {
    shown,
    covered: (msg) => new Set(shown(msg).flatMap((c) => c.covers)),
  };
  document.addEventListener("loopcity:message", (e) => draw(e.detail));
})();
