// nginx in front of the giving-day bench's app processes, from its own config in a temp folder (never the
// system's): the same config docs/deploy.md gives for several hosts, with 127.0.0.1 ports as the hosts.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Sockets stick to one process by `hash $arg_client$remote_addr consistent`: a browser's address (every
 * bench socket comes from 127.0.0.1, so the bench adds a random `client` to the handshake's query). The
 * sockets' upstream never marks a process down (max_fails=0): a socket whose process died gets a refused
 * connect there and goes on to the next process on the hash ring, each time. Marking down counts every
 * connect timeout, whatever `proxy_next_upstream` says, and a survivor taking a dead process's sockets
 * times out some connects: marked down, it left every reconnect "no live upstreams" for `fail_timeout`.
 * Requests other than the socket's are spread least_conn, since any process answers any request (sessions
 * and carts live in the database); a process that stops answering is skipped after one failed connect.
 */
export function nginxConfig(dir: string, listen: number, backends: string[]): string {
  const servers = backends.map((b) => `    server ${b} max_fails=1 fail_timeout=10s;`).join("\n");
  // Never marked down: a dead process costs its sockets one refused connect each, then the next on the ring.
  const socketServers = backends.map((b) => `    server ${b} max_fails=0;`).join("\n");
  // A proxied socket holds two descriptors: four workers share 20,000 sockets within a 20,000-file limit each.
  return `worker_processes 4;
worker_rlimit_nofile ${openFileLimit()};
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections ${openFileLimit() - 100}; }
http {
  access_log off;
  client_body_temp_path ${join(dir, "body")};
  proxy_temp_path ${join(dir, "proxy")};
  fastcgi_temp_path ${join(dir, "fastcgi")};
  uwsgi_temp_path ${join(dir, "uwsgi")};
  scgi_temp_path ${join(dir, "scgi")};
  upstream shop_sockets {
    hash $arg_client$remote_addr consistent;
${socketServers}
  }
  upstream shop {
    least_conn;
${servers}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade { default upgrade; "" close; }
  server {
    listen 127.0.0.1:${listen} backlog=4096 reuseport;
    location /socket.io/ {
      proxy_pass http://shop_sockets;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      # A submit waits up to 30 s for an attempt a dead process left (services/src/checkout/payment-attempt.ts).
      proxy_read_timeout 60s;
      # Only a refused or timed-out connect marks a process down: a slow answer is not a dead process,
      # and with every process marked down nginx answers 502 "no live upstreams" to everyone.
      proxy_next_upstream error;
    }
  }
}
`;
}

/** This process's limit on open files (its children's too): `ulimit -n`. */
export function openFileLimit(): number {
  try {
    return Number(execFileSync("sh", ["-c", "ulimit -n"]).toString().trim()) || 1024;
  } catch {
    return 1024;
  }
}

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground (a child of the bench, so it ends with it) on `listen`. */
export async function startNginx(listen: number, backends: string[]): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), "bench-giving-day-nginx-"));
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(dir, listen, backends));
  const child: ChildProcess = spawn(
    "nginx",
    ["-p", dir, "-e", join(dir, "error.log"), "-c", conf, "-g", "daemon off;"],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${listen}`;
  for (let tries = 0; ; tries++) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) break;
    if (tries > 50 || child.exitCode !== null)
      throw new Error("nginx did not start (is it installed? apt-get install -y nginx)");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      if (!process.env.BENCH_KEEP_NGINX) rmSync(dir, { recursive: true, force: true });
    },
  };
}
