import { describe, expect, it } from "vitest";
import { nginxConfig } from "./giving-day-proxy.ts";

describe("the giving-day proxy's nginx config", () => {
  const config = nginxConfig("/tmp/x", 44100, ["127.0.0.1:44101", "127.0.0.1:44102"]);
  const upstream = (name: string) => new RegExp(`upstream ${name} \\{([^}]*)\\}`).exec(config)?.[1] ?? "";

  it("the sockets' upstream never marks a process down (a survivor's connect timeouts left no live upstream)", () => {
    const servers = upstream("shop_sockets").match(/server .*;/g);
    expect(servers).toEqual(["server 127.0.0.1:44101 max_fails=0;", "server 127.0.0.1:44102 max_fails=0;"]);
    expect(upstream("shop_sockets")).toContain("hash $arg_client$remote_addr consistent;");
  });

  it("the requests' upstream skips a process after one failed connect", () => {
    expect(upstream("shop").match(/server .*;/g)).toEqual([
      "server 127.0.0.1:44101 max_fails=1 fail_timeout=10s;",
      "server 127.0.0.1:44102 max_fails=1 fail_timeout=10s;",
    ]);
  });
});
