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

  // back from a student's Move or New phone: the list of students open where it was
  if (location.hash) {
    const shown = document.getElementById(location.hash.slice(1));
    if (shown && shown.tagName === "DETAILS") { shown.open = true; shown.scrollIntoView(); }
  }

  document.addEventListener("submit", (e) => {
    const f = e.target;
    if (f.classList && f.classList.contains("asks") && !window.confirm(f.dataset.confirm)) e.preventDefault();
  });

  const busy = (box) => {
    const a = document.activeElement;
    return a && box.contains(a) && (a.tagName === "SELECT" || a.tagName === "INPUT");
  };
  // a new part put where the old one is: the tables are compared one by one with the HTML each came as
  // (the page changes some of it after: the clocks), and only those that changed are replaced, so a
  // board that did not change is not drawn again and a button under the teacher's pointer stays; a
  // list the teacher opened stays open
  const tables = (el) => el.children.length > 0 && [...el.children].every((c) => c.dataset.table);
  // the HTML each part (and each of its tables) came as, before the clocks change it, but for how long
  // ago a table last moved ("(3 min ago)"), which the page counts on by itself
  const sent = (el) => el.outerHTML.replace(/(<span class="since"[^>]*>)[^<]*/g, "$1");
  const remember = (box) => {
    [...box.children].forEach((c) => {
      c.sent = sent(c);
      if (tables(c)) [...c.children].forEach((t) => { t.sent = sent(t); });
    });
  };
  const update = (old, fresh) => {
    const html = sent(fresh);
    if (old.sent === html) return;
    if (old.tagName === fresh.tagName && old.className === fresh.className && tables(old) && tables(fresh)
        && old.children.length === fresh.children.length) {
      [...fresh.children].forEach((c, i) => update(old.children[i], c));
    } else {
      fresh.sent = html;
      old.replaceWith(fresh);
    }
  };
  const place = (box, html) => {
    const next = document.createElement("div");
    next.innerHTML = html;
    const open = [...box.querySelectorAll("details[open][id]")].map((d) => d.id);
    const kids = [...next.children];
    if (kids.length === box.children.length && kids.every((c, i) => c.tagName === box.children[i].tagName)) {
      kids.forEach((c, i) => update(box.children[i], c));
    } else {
      box.replaceChildren(...next.childNodes);
      remember(box);
    }
    open.forEach((id) => { const d = $(id); if (d) d.open = true; });
  };

  // a part fetched again every few seconds: the server answers 304 while it is the one the page shows
  // (its ETag), so nothing is sent or redrawn
  const follow = (box, url, every, after) => {
    if (!box) return;
    let tag = null;
    remember(box);
    const again = async () => {
      if (!document.hidden && !busy(box)) {
        try {
          const headers = tag ? {"If-None-Match": tag} : {};
          const r = await fetch(url, {credentials: "same-origin", cache: "no-store", headers});
          if (r.ok) {
            const html = await r.text();
            tag = r.headers.get("ETag");
            place(box, html);
            tick();
            if (after) after();
          }
        } catch (_e) { /* the next round tries again */ }
      }
      setTimeout(again, every);
    };
    setTimeout(again, every);
  };

  // the join card: open while students are still joining; when the last table has its people it
  // folds to one line (the teacher opens it again for a latecomer) and the tables come up the screen
  const joinbox = $("joinbox");
  let joining = Boolean(joinbox && joinbox.open);
  const seated = () => {
    const now = document.querySelector("#class-live .status-waiting") !== null;
    if (joinbox && joining && !now) joinbox.open = false;
    joining = now;
  };

  // the wall's boards are small: a word drawn smaller than can be read across a classroom is left out
  // (a board's key, a place's small print), so that what shows reads; each table's figures are
  // beside its board in large type
  const LEAST_PX = 10;
  const legible = () => {
    document.querySelectorAll("#wall-live .wall-board svg").forEach((svg) => {
      const ctm = svg.getScreenCTM();
      if (!ctm) return;
      const scale = Math.hypot(ctm.a, ctm.b) || 1;
      if (svg.fitted === scale) return;  // a board the refresh left as it was
      svg.fitted = scale;
      svg.querySelectorAll("text").forEach((t) => {
        t.classList.toggle("unreadable", (parseFloat(getComputedStyle(t).fontSize) || 12) * scale < LEAST_PX);
      });
    });
  };

  if (L.token) {
    follow($("class-live"), `/class/${L.token}/tables`, 2500, seated);
    follow($("wall-live"), `/class/${L.token}/wall/tables`, 3000, legible);
    if (L.n) follow($("big-live"), `/class/${L.token}/table/${L.n}/view`, 2000);
  }
  legible();  // after each part's HTML as it came is kept (a part left as it was is not drawn again)
  window.addEventListener("resize", legible);

  // clock faces: "next Event in 7:12"; how long ago a table last moved: "(40 s ago)"
  const secondsTo = (epoch) => Math.max(0, Math.round(Number(epoch) - Date.now() / 1000));
  const minSec = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const tick = () => {
    document.querySelectorAll(".since[data-moved]").forEach((c) => {
      const ago = Math.max(0, Math.round(Date.now() / 1000 - Number(c.dataset.moved)));
      const words = ago < 120 ? ((L.t && L.t.s_ago) || "{s} s ago").replace("{s}", ago)
        : ((L.t && L.t.min_ago) || "{m} min ago").replace("{m}", Math.floor(ago / 60));
      c.textContent = `(${words})`;
    });
    document.querySelectorAll(".wall-clock[data-deadline]").forEach((c) => {
      const words = (L.t && L.t.clock_in) || "{what} in {time}";
      c.textContent = "◔ " + words.replace("{what}", c.dataset.counts).replace("{time}", minSec(secondsTo(c.dataset.deadline)));
    });
    // the lesson's clock: "◷ 12:30 left in the lesson", then "The lesson's time is up"
    document.querySelectorAll(".lesson[data-ends]").forEach((c) => {
      const left = secondsTo(c.dataset.ends);
      c.classList.toggle("over", left === 0);
      c.textContent = "◷ " + (left > 0 ? ((L.t && L.t.lesson_left) || "{time} left in the lesson").replace("{time}", minSec(left))
        : (L.t && L.t.lesson_over) || "The lesson's time is up");
    });
  };
  setInterval(tick, 1000);
  tick();

  if ($("wait-note")) setTimeout(() => window.location.reload(), 4000);
  const print = $("print-link");
  if (print) print.addEventListener("click", () => window.print());
})();
