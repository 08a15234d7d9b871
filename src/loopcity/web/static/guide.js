// First-game guidance: the game's short hint for the phase one is deciding in, under the prompt, until
// the person says they have got it (remembered in this browser, per game and hint).
(() => {
  const store = (() => { try { return window.localStorage; } catch (e) { return null; } })();
  const KEY = "loopcity.hints.seen";
  const seen = () => { try { return new Set(JSON.parse((store && store.getItem(KEY)) || "[]")); } catch (e) { return new Set(); } };
  let current = null;

  function draw(msg) {
    const box = document.getElementById("hint");
    if (!box) return;
    const id = msg.hint ? `${msg.game}:${msg.hint}` : null;
    const show = Boolean(id && msg.your_turn && !msg.finished && !seen().has(id));
    if (show && box.dataset.hint === id && !box.hidden) return;
    box.hidden = !show;
    box.dataset.hint = id || "";
    current = id;
    if (!show) return;
    const T = window.LOOPCITY.t;
    const text = document.createElement("span");
    const label = document.createElement("b");
    label.textContent = `${T.first_game}: `;
    text.append(label, msg.hint);
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "ghost small";
    ok.textContent = T.got_it;
    ok.addEventListener("click", () => {
      const s = seen();
      if (current) s.add(current);
      if (store) store.setItem(KEY, JSON.stringify([...s].slice(-200)));
      box.hidden = true;
    });
    box.replaceChildren(text, ok);
  }
  document.addEventListener("loopcity:message", (e) => draw(e.detail));
})();
