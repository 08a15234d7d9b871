// The language picker: each person reads in their own language; the choice is kept for this browser.
(() => {
  const pick = document.getElementById("lang-pick");
  if (!pick) return;
  pick.addEventListener("change", () => {
    document.cookie = `lang=${encodeURIComponent(pick.value)}; path=/; max-age=31536000; SameSite=Lax`;
    const url = new URL(location.href);
    url.searchParams.set("lang", pick.value);
    location.assign(url.toString());
  });
})();
