// Show only as many seat choices as there are players.
document.querySelectorAll("form.create").forEach((form) => {
  const players = form.querySelector("select.players");
  const sync = () => {
    const n = parseInt(players.value, 10);
    form.querySelectorAll(".seat").forEach((el) => {
      const on = parseInt(el.dataset.seat, 10) < n;
      el.hidden = !on;
      el.querySelector("select").disabled = !on;
    });
  };
  players.addEventListener("change", sync);
  sync();
});
