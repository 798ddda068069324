import { openSocketNamespace } from "../../platform/socketNamespace";
import { THERMOMETER_REFRESH_MS } from "../timing";

/**
 * A campaign thermometer in a page body (back office §6 "Thermometer blocks"): the server renders it
 * (`campaign-status` with `render_template=true`, the template named by `data-template`) and the
 * block is asked again every 120 s, a failed ask too (§ timings). A `thermometer` push on the /public
 * socket asks at once, so a gift shows within a second rather than at the next refresh.
 */
export function mount(element: HTMLElement): () => void {
  const campaign = element.dataset.campaign;
  if (!campaign) return () => {};
  const params = new URLSearchParams({ campaign, render_template: "true" });
  if (element.dataset.template) params.set("template", element.dataset.template);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refresh = async () => {
    clearTimeout(timer);
    try {
      const response = await fetch(`/api/store/campaign-status/?${params}`);
      const body = (await response.json()) as { metadata?: { success?: boolean }; html?: unknown };
      // The server escapes every value it puts in the block; the markup is its own.
      if (!stopped && body.metadata?.success && typeof body.html === "string") element.innerHTML = body.html;
    } catch {
      // kept as it was; asked again at the next refresh
    }
    if (!stopped) timer = setTimeout(refresh, THERMOMETER_REFRESH_MS);
  };
  void refresh();

  let closeSocket = () => {};
  void openSocketNamespace("/public").then((socket) => {
    if (!socket) return;
    if (stopped) return void socket.close();
    socket.on("connect", () => socket.emit("join", { campaign }));
    socket.on("thermometer", (message: { campaign?: string }) => {
      if (message?.campaign === campaign) void refresh();
    });
    closeSocket = () => socket.close();
  });

  return () => {
    stopped = true;
    clearTimeout(timer);
    closeSocket();
  };
}
