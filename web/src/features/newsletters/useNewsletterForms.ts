import { useEffect } from "react";
import { errorsByField, useNewsletterSignupMutation } from "./newslettersApi";

/** The panels a content page's newsletter form shows: `data-newsletter-panel="thanks|needs-finished|error"`. */
const PANELS = ["thanks", "needs-finished", "error"] as const;

/**
 * Mounted once by the layout: newsletter-form behaviour for forms in staff-written HTML whose action begins with /newsletters/ (§2):
 * the form is sent by fetch, not into a hidden iframe polled for markers, and the answer shows one of the
 * panels beside it (elements marked data-newsletter-panel in the form's parent) or the fields' messages.
 */
export function useNewsletterForms() {
  const [signup] = useNewsletterSignupMutation();
  useEffect(() => {
    const onSubmit = async (event: SubmitEvent) => {
      const form = event.target;
      // A React form (NewsletterForm) handles its own submit and has prevented the default already.
      if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
      const action = form.getAttribute("action") ?? "";
      if (!action.startsWith("/newsletters/")) return;
      event.preventDefault();
      const data = new FormData(form);
      const body = {
        email: String(data.get("email") ?? ""),
        lists: data.getAll("lists").map(String),
        postal_code: String(data.get("postal_code") ?? ""),
      };
      const show = (panel: (typeof PANELS)[number] | null) => {
        for (const name of PANELS) {
          for (const el of form.parentElement?.querySelectorAll<HTMLElement>(`[data-newsletter-panel="${name}"]`) ?? [])
            el.hidden = name !== panel;
        }
        if (panel === "thanks" || panel === "needs-finished") form.hidden = true;
      };
      for (const old of form.querySelectorAll(".field-error[data-newsletter-error]")) old.remove();
      const result = await signup({ action, body });
      if ("data" in result && result.data) return show(result.data.outcome);
      const byField = errorsByField(result.error);
      const fields = Object.entries(byField ?? {}).filter(([field]) => field !== "__all__");
      if (!fields.length) return show("error");
      for (const [field, messages] of fields) {
        const input = form.querySelector(`[name="${field}"]`) ?? form;
        const note = document.createElement("p");
        note.className = "field-error";
        note.dataset.newsletterError = "";
        note.setAttribute("role", "alert");
        note.textContent = messages.join(" ");
        (input.closest("fieldset") ?? input).after(note);
      }
    };
    const listener = (event: Event) => void onSubmit(event as SubmitEvent);
    document.addEventListener("submit", listener);
    return () => document.removeEventListener("submit", listener);
  }, [signup]);
}
