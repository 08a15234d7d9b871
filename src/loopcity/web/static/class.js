// A class's pages: the class form, the teacher's dashboard, the projector's wall and big screen, the
// student's waiting page and the slips. Each page that shows live tables fetches its fragment again
// every few seconds; every button is a plain form, so the pages work without this script too.
(() => {
  const $ = (id) => document.getElementById(id);
  const dataEl = $("loopcity-data");
  const L = dataEl ? JSON.parse(dataEl.textContent) : {};

  // the class form: only the chosen game's own fields
  const form = $("class-form");
  if (form) {
    const game = $("class-game");
    const sync = () => {
      form.querySelectorAll(".game-extra").forEach((fs) => { fs.hidden = fs.dataset.game !== game.value; });
      const opt = game.selectedOptions[0];
      $("class-players").placeholder = opt.dataset.default || opt.dataset.min;
    };
    game.addEventListener("change", sync);
    sync();
  }

  document.addEventListener("submit", (e) => {
    const f = e.target;
    if (f.classList && f.classList.contains("asks") && !window.confirm(f.dataset.confirm)) e.preventDefault();
  });

  const busy = (box) => {
    const a = document.activeElement;
    return a && box.contains(a) && (a.tagName === "SELECT" || a.tagName === "INPUT");
  };
  const follow = (box, url, every) => {
    if (!box) return;
    const again = async () => {
      if (!document.hidden && !busy(box)) {
        try {
          const r = await fetch(url, {credentials: "same-origin"});
          if (r.ok) { box.innerHTML = await r.text(); tick(); }
        } catch (_e) { /* the next round tries again */ }
      }
      setTimeout(again, every);
    };
    setTimeout(again, every);
  };

  // clock faces: "next Event in 7:12"
  const tick = () => {
    document.querySelectorAll(".wall-clock[data-deadline]").forEach((c) => {
      const left = Math.max(0, Math.round(Number(c.dataset.deadline) - Date.now() / 1000));
      const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      const words = (L.t && L.t.clock_in) || "{what} in {time}";
      c.textContent = "◔ " + words.replace("{what}", c.dataset.counts).replace("{time}", time);
    });
  };
  setInterval(tick, 1000);
  tick();

  if (L.token) {
    follow($("class-live"), `/class/${L.token}/tables`, 2500);
    follow($("wall-live"), `/class/${L.token}/wall/tables`, 3000);
    if (L.n) follow($("big-live"), `/class/${L.token}/table/${L.n}/view`, 2000);
  }
  if ($("wait-note")) setTimeout(() => window.location.reload(), 4000);
  const print = $("print-link");
  if (print) print.addEventListener("click", () => window.print());
})();
