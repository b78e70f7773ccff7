// Setup forms ([data-setup], rendered by pygame_core/catalog.py): show one seat per player, and on submit
// go to the form's page with a play link: its hidden fields, players, seats=human,bot:2,... (only the
// seats in play), lang, and the game's options by name (a checkbox as 1 or 0). Delegated, so forms
// painted later (the table page's lobby) work too.
document.addEventListener("change", (event) => {
  const form = event.target.closest("[data-setup]");
  if (!form) return;
  for (const li of form.querySelectorAll("[data-seat]")) li.hidden = +li.dataset.seat >= +form.players.value;
});
document.addEventListener("submit", (event) => {
  const form = event.target.closest("[data-setup]");
  if (!form) return;
  event.preventDefault();
  const query = new URLSearchParams();
  for (const field of form.querySelectorAll("input[type=hidden]")) query.set(field.name, field.value);
  query.set("players", form.players.value);
  const seats = [...form.querySelectorAll("[data-seat]:not([hidden]) select")].map((s) => s.value);
  query.set("seats", seats.join(","));
  if (form.lang.value) query.set("lang", form.lang.value);
  for (const field of form.querySelectorAll(".tt-option input, .tt-option select")) {
    query.set(field.name, field.type === "checkbox" ? (field.checked ? "1" : "0") : field.value);
  }
  location.href = form.action + "?" + query.toString();
});
