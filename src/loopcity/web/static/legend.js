// A board's legend: what each colour, disc, outline and mark means, in the game's words (the game
// declares it: `legend` in the message). Folded under the board to one line that opens on a tap.
(() => {
  const NS = "http://www.w3.org/2000/svg";
  let drawn = null;
  let open = false;
  const T_ = () => window.LOOPCITY.t;

  // a mark drawn on a dark fill is white, on a light one black
  function dark(fill) {
    const m = /^#([0-9a-f]{6})$/i.exec(fill || "");
    if (!m) return false;
    const n = parseInt(m[1], 16);
    return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) < 140;
  }

  function swatch(k) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 28 28");
    svg.setAttribute("width", "28");
    svg.setAttribute("height", "28");
    svg.setAttribute("aria-hidden", "true");
    let shape;
    if (k.shape === "disc") {
      shape = document.createElementNS(NS, "circle");
      shape.setAttribute("cx", "14"); shape.setAttribute("cy", "14"); shape.setAttribute("r", "11");
    } else if (k.shape === "hex") {
      shape = document.createElementNS(NS, "polygon");
      shape.setAttribute("points", "14,2 25,8 25,20 14,26 3,20 3,8");
    } else if (k.shape === "line") {
      shape = document.createElementNS(NS, "line");
      shape.setAttribute("x1", "2"); shape.setAttribute("y1", "14"); shape.setAttribute("x2", "26"); shape.setAttribute("y2", "14");
    } else {
      shape = document.createElementNS(NS, "rect");
      shape.setAttribute("x", "3"); shape.setAttribute("y", "3"); shape.setAttribute("width", "22"); shape.setAttribute("height", "22");
      shape.setAttribute("rx", "4");
    }
    shape.setAttribute("fill", k.shape === "line" ? "none" : k.fill);
    shape.setAttribute("stroke", k.stroke);
    shape.setAttribute("stroke-width", String(k.shape === "line" ? Math.max(k.width, 3) : k.width));
    if (k.dash) shape.setAttribute("stroke-dasharray", k.dash);
    svg.append(shape);
    if (k.mark) {
      const t = document.createElementNS(NS, "text");
      t.setAttribute("x", "14"); t.setAttribute("y", "19"); t.setAttribute("text-anchor", "middle");
      t.setAttribute("font-size", k.mark.length > 2 ? "9" : "13"); t.setAttribute("font-weight", "bold");
      t.setAttribute("fill", dark(k.fill) ? "#fff" : "#000");
      t.textContent = k.mark;
      svg.append(t);
    }
    return svg;
  }

  function draw(msg) {
    const box = document.getElementById("legend");
    if (!box) return;
    // the page's own marks come after the game's: a place one may act on, one that changed
    const keys = (msg.legend || []).length ? [...msg.legend,
      {text: T_().legend_target, shape: "square", fill: "none", stroke: "#e8a317", dash: "4,3", width: 3, mark: ""},
      {text: T_().legend_changed, shape: "square", fill: "none", stroke: "#1f5fa8", dash: "2,3", width: 3, mark: ""}] : [];
    const key = JSON.stringify(keys);
    if (key === drawn) return;
    drawn = key;
    box.hidden = !keys.length;
    box.replaceChildren();
    if (!keys.length) return;
    const T = window.LOOPCITY.t;
    const fold = document.createElement("details");
    fold.className = "legend-fold";
    fold.open = open;
    fold.addEventListener("toggle", () => { open = fold.open; });
    const sum = document.createElement("summary");
    sum.textContent = `${T.legend} (${keys.length})`;
    const list = document.createElement("ul");
    list.className = "legend-list";
    for (const k of keys) {
      const li = document.createElement("li");
      const words = document.createElement("span");
      words.textContent = k.text;
      li.append(swatch(k), words);
      list.append(li);
    }
    fold.append(sum, list);
    box.append(fold);
  }
  document.addEventListener("loopcity:message", (e) => draw(e.detail));
})();
