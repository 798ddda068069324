import { describe, expect, it } from "vitest";
import { liveSocketOptions, STATE_WAIT_MS } from "./socket-options.ts";

describe("how browser sockets connect and reconnect", () => {
  const o = liveSocketOptions();

  it("WebSocket first, long-polling only when the WebSocket fails", () => {
    expect(o.transports).toEqual(["websocket", "polling"]);
    expect(o.tryAllTransports).toBe(true);
  });

  it("first reconnect spread over 0.5–1.5 s, later ones at most 5 s apart: back within the giving day's 5 s", () => {
    expect(o.reconnectionDelay * (1 - o.randomizationFactor)).toBe(500);
    expect(o.reconnectionDelay * (1 + o.randomizationFactor)).toBe(1500);
    expect(o.reconnectionDelayMax).toBe(5000);
    // The state pushed on joining comes with the handshake; the page asks for it only after this.
    expect(o.reconnectionDelay * (1 + o.randomizationFactor) + STATE_WAIT_MS).toBeLessThan(5000);
  });
});
