// The replay page: arrow keys step back and forth; the log opens at its end.
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("select, input, textarea")) return;
  const id = {ArrowLeft: "prev", ArrowRight: "next"}[e.key];
  if (id) { const a = document.getElementById(id); if (a) location.href = a.href; }
});
const log = document.getElementById("log"); if (log) log.scrollTop = log.scrollHeight;
