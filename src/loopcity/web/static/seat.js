// What a class adds to a seat's page: the teacher's announcement, a seat a bot plays for now (with the
// button to take it back), and the next game after a rematch.
(() => {
  const L = JSON.parse(document.getElementById("loopcity-data").textContent);
  const T = L.t;
  const box = document.getElementById("class-news");
  if (!box) return;
  let shown = "";
  document.addEventListener("loopcity:message", (e) => {
    const msg = e.detail;
    const parts = [];
    const key = JSON.stringify([msg.announcement && msg.announcement.id, msg.handed, msg.next]);
    if (key === shown) return;
    shown = key;
    box.replaceChildren();
    if (msg.announcement && msg.announcement.text) {
      const p = document.createElement("p");
      p.className = "announcement";
      p.textContent = `${T.announcement}: ${msg.announcement.text}`;
      parts.push(p);
    }
    if (msg.handed && msg.seat !== null) {
      const p = document.createElement("p");
      p.className = "handed";
      p.textContent = T.handed + " ";
      const b = document.createElement("button");
      b.type = "button";
      b.id = "take-back";
      b.textContent = T.take_back;
      b.addEventListener("click", async () => {
        b.disabled = true;
        await fetch(`/api/seats/${L.token}/back`, {method: "POST"});
      });
      p.append(b);
      parts.push(p);
    }
    if (msg.next) {
      const p = document.createElement("p");
      p.className = "next-game";
      p.textContent = T.next_game + " ";
      const a = document.createElement("a");
      a.href = window.location.pathname;
      a.className = "button";
      a.textContent = T.go_next;
      p.append(a);
      parts.push(p);
      setTimeout(() => window.location.reload(), 2500);
    }
    box.hidden = parts.length === 0;
    box.append(...parts);
  });
})();
