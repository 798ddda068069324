// Until React has hydrated a server-rendered page its buttons have no handlers, and a click on one
// would be lost (a phone on a slow network shows the page well before the app has loaded). This
// keeps such clicks, and the submits of forms only the app handles, and plays them back once the
// page is hydrated (web/src/app/ReplayEarlyClicks.tsx). Links and forms with an action work
// without the app, so they go their own way. A classic script in <head>, fetched alongside the
// render-blocking stylesheet: it is listening before the page can be clicked.
(() => {
  let pending = [];
  function keep(element, replay) {
    if (pending.some((kept) => kept.element === element)) return; // a second tap on a waiting button
    pending.push({ element: element, replay: replay });
  }
  function onClick(event) {
    const button = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (!button || button.disabled) return;
    if (button.type === "submit" && button.form && button.form.hasAttribute("action")) return;
    event.preventDefault();
    event.stopPropagation();
    keep(button, () => {
      button.click();
    });
  }
  function onSubmit(event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute("action")) return;
    event.preventDefault();
    event.stopPropagation();
    keep(form, () => {
      form.requestSubmit();
    });
  }
  document.addEventListener("click", onClick, true);
  document.addEventListener("submit", onSubmit, true);
  window.replayEarlyClicks = () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("submit", onSubmit, true);
    const kept = pending;
    pending = [];
    kept.forEach((click) => {
      if (click.element.isConnected) click.replay();
    });
  };
})();
