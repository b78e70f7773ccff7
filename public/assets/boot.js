// Page status for PyScript pages, loaded as a classic script before PyScript itself:
// - shows PyScript's "py:progress" steps in [data-loading-text] while the runtime loads;
// - shows every error (JS exceptions, rejected promises, failed loads, console.error, which is
//   where PyScript writes Python tracebacks) in the page's role="alert" element.
// Python code can call `js.TradingTable.showError(message)` too.
(() => {
  "use strict";
  const pending = [];

  // A PythonError's message is the Python traceback; its JS stack would only add wasm frames.
  const text = (value) =>
    value?.name === "PythonError" ? value.message : value?.stack || value?.message || String(value);

  function showError(message) {
    const box = document.querySelector('[role="alert"]');
    if (!box) {
      pending.push(message);
      return;
    }
    const entry = document.createElement("pre");
    entry.textContent = String(message);
    box.append(entry);
    box.hidden = false;
    document.documentElement.dataset.failed = "1";
    const label = document.querySelector("[data-loading-text]");
    if (label) label.textContent = "Something went wrong:";
  }

  addEventListener("DOMContentLoaded", () => pending.splice(0).forEach(showError));
  addEventListener(
    "error",
    (event) => {
      if (event instanceof ErrorEvent) showError(event.error ? text(event.error) : event.message);
      else showError(`Could not load ${event.target.src || event.target.href || event.target}`);
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => showError(text(event.reason)));

  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    consoleError(...args);
    showError(args.map(text).join(" "));
  };

  addEventListener("py:progress", (event) => {
    const label = document.querySelector("[data-loading-text]");
    if (label && !document.documentElement.dataset.failed) label.textContent = `${event.detail}…`;
  });

  globalThis.TradingTable = { showError };
})();
