import { fork, type ChildProcess } from "node:child_process";
import { sql } from "kysely";
import { campaignStream } from "@shop/shared";
import { BILLING, GIFT, GOOD_CARD } from "../services/src/checkout/checkout-fixtures.ts";
import type { DatabaseConnection } from "../services/src/platform/database.ts";
import { TestClient } from "../services/src/testing/http-client.ts";
import { percentiles } from "./bench-kit.ts";
import type { AppProcess } from "./giving-day.ts";
import type { Reconnect, Report } from "./giving-day-sockets.ts";
import { bucketsBetween, bucketsOf, quantileOf, sumOf } from "./prometheus-text.ts";

const CAMPAIGN = "ark-main";
/**
 * Sockets per watcher process (`BENCH_SOCKETS_PER_WATCHER`): each process decodes every push its sockets
 * get; one socket in SAMPLE_EVERY records every push it gets.
 */
const SOCKETS_PER_WATCHER = Number(process.env.BENCH_SOCKETS_PER_WATCHER ?? 5000);
const SAMPLE_EVERY = 20;
/** Donors in flight at most: past it the offered rate is not kept (counted as not offered). */
const MAX_DONORS_IN_FLIGHT = 400;
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 8);
const { payment_type: _card, ...CARD } = GOOD_CARD;
const C = "/api/store/shop/checkout/";

export interface Phase {
  processes: number;
  sockets: number;
  acked: Array<{ number: string; cents: number }>;
  giftsPerSecond: number;
  gift: { p50: number; p99: number };
  fourStep: { p50: number; p99: number };
  push: { p50: number; p99: number };
  pagesPerSecond: number;
  page: { p50: number; p99: number };
  fivexx: number;
  metrics: { pushP99: number };
  notes: string[];
}

interface PhaseInput {
  processes: AppProcess[];
  proxyUrl: string;
  database: DatabaseConnection;
  sockets: number;
  donorsPerSecond: number;
  seconds: number;
  /** SIGKILL the projection leader halfway. */
  kill: boolean;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wallNow = () => performance.timeOrigin + performance.now();

function nextMessage<T>(child: ChildProcess, match: (m: any) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: any) => {
      if (!match(m)) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`watcher exited (${code})`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

const scrape = (p: AppProcess) =>
  fetch(p.metricsUrl)
    .then((r) => r.text())
    .catch(() => null);

/** One process count's run: sockets, donors, shoppers, and the kill in the last one. */
export async function runPhase(input: PhaseInput): Promise<Phase> {
  const { processes, proxyUrl, database, sockets, donorsPerSecond, seconds } = input;
  const notes: string[] = [];
  const watchers: ChildProcess[] = [];
  try {
    // The watchers, through the proxy.
    const connectStarted = performance.now();
    const count = Math.max(1, Math.ceil(sockets / SOCKETS_PER_WATCHER));
    for (let i = 0; i < count; i++)
      watchers.push(
        fork(new URL("./giving-day-sockets.ts", import.meta.url), [], {
          execArgv: ["--import", "tsx"],
          stdio: ["ignore", "inherit", "inherit", "ipc"],
        }),
      );
    const per = Math.ceil(sockets / count);
    await Promise.all(
      watchers.map((w, i) => {
        w.send({
          connect: {
            url: proxyUrl,
            count: Math.min(per, sockets - i * per),
            campaign: CAMPAIGN,
            sampleEvery: SAMPLE_EVERY,
          },
        });
        return nextMessage(w, (m) => "ready" in m);
      }),
    );
    await pause(1000); // the last joins reach the servers
    const before = await Promise.all(processes.map(scrape));
    const spread = before.map((t) => (t ? sumOf(t, "live_sockets", ['namespace="/public"']) : 0));
    notes.push(
      `${sockets} sockets connected through nginx in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s, per process ${spread.join(" / ")}`,
    );
    const report = async () =>
      (
        await Promise.all(
          watchers.map((w) => {
            const got = nextMessage<{ report: Report }>(w, (m) => "report" in m);
            w.send({ report: true });
            return got;
          }),
        )
      ).map((m) => m.report);
    await report(); // forget the pushes of earlier phases' tail

    // The load: donors open-loop at the offered rate, shoppers closed-loop, until `seconds` have passed.
    const acked: Phase["acked"] = [];
    const giftTimes: number[] = [];
    const fourStepTimes: number[] = [];
    const pageTimes: number[] = [];
    const statuses = new Map<number, number>();
    const count5xx = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    giveUpAt = Number.POSITIVE_INFINITY;
    let inFlight = 0;
    let notOffered = 0;
    let retried = 0;
    const donorFailures: string[] = [];
    const started = performance.now();
    const until = started + seconds * 1000;
    const donors: Promise<void>[] = [];
    let launched = 0;
    const prefix = `gd${processes.length}-${Date.now().toString(36)}`;
    const donate = async (n: number) => {
      inFlight++;
      try {
        const fourStep = n % 10 === 9;
        const cents = 100 + (n % 900);
        const t0 = performance.now();
        const out = await (fourStep ? checkout : give)(proxyUrl, `${prefix}-${n}`, cents, count5xx).catch(
          (error: Error): Outcome => {
            if (!(error instanceof GaveUp)) throw error;
            return { number: null, failure: "gave up", retries: 0 };
          },
        );
        retried += out.retries;
        if (out.number) {
          acked.push({ number: out.number, cents });
          (fourStep ? fourStepTimes : giftTimes).push(out.lastMs ?? performance.now() - t0);
        } else donorFailures.push(out.failure ?? "?");
      } finally {
        inFlight--;
      }
    };
    const offering = (async () => {
      const tick = 50;
      for (let t = started; performance.now() < until; t += tick) {
        const due = Math.floor(((performance.now() - started) / 1000) * donorsPerSecond) - launched;
        for (let i = 0; i < due; i++) {
          launched++;
          if (inFlight >= MAX_DONORS_IN_FLIGHT) notOffered++;
          else donors.push(donate(launched));
        }
        await pause(Math.max(0, t + tick - performance.now()));
      }
    })();
    const shopping = Array.from({ length: SHOPPERS }, async (_, s) => {
      const client = new TestClient(proxyUrl);
      const pages = [
        "/api/store/products/?count=24",
        "/api/store/products/?count=24&q=ark",
        `/api/store/campaign-status/?campaign=${CAMPAIGN}`,
      ];
      for (let k = s; performance.now() < until; k++) {
        const t0 = performance.now();
        const res = await client.get(pages[k % pages.length]).catch(() => null);
        if (!res || res.status >= 500) count5xx(res?.status ?? 599);
        else pageTimes.push(performance.now() - t0);
      }
    });
    let leader: { index: number; killedAt: number; movedAfter: number | null; to: number | null } | null = null;
    /** Per survivor: "<s after the kill> <its /metrics round trip>ms/<event-loop lag max ms>". */
    const survivorLoops = new Map<number, string[]>();
    const killing = input.kill
      ? (async () => {
          await pause((seconds * 1000) / 2);
          const texts = await Promise.all(processes.map(scrape));
          const index = texts.findIndex((t) => t !== null && sumOf(t, "projection_leader") === 1);
          const victim = processes[index >= 0 ? index : 0];
          victim.server.child.kill("SIGKILL");
          const killedAt = wallNow();
          leader = { index: victim.index, killedAt, movedAfter: null, to: null };
          console.info(
            `  SIGKILL process ${victim.index} (${index >= 0 ? "the projection leader" : "no leader seen"}) at ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
          for (const deadline = Date.now() + 30_000; Date.now() < deadline; await pause(100)) {
            const survivors = processes.filter((p) => p !== victim);
            const now = await Promise.all(survivors.map(scrape));
            const i = now.findIndex((t) => t !== null && sumOf(t, "projection_leader") === 1);
            if (i >= 0) {
              leader.movedAfter = wallNow() - killedAt;
              leader.to = survivors[i].index;
              break;
            }
          }
          // How busy the survivors were while the sockets came back: each one's /metrics round trip (its
          // own port, its own event loop) and its event-loop lag, every second for 15 s after the kill.
          for (const survivor of processes.filter((p) => p !== victim)) survivorLoops.set(survivor.index, []);
          while (wallNow() - killedAt < 15_000) {
            await Promise.all(
              processes
                .filter((p) => p !== victim)
                .map(async (p) => {
                  const sent = wallNow();
                  const text = await scrape(p);
                  const lag = text ? sumOf(text, "nodejs_eventloop_lag_max_seconds") : Number.NaN;
                  survivorLoops
                    .get(p.index)!
                    .push(
                      `${((sent - killedAt) / 1000).toFixed(0)}s ${(wallNow() - sent).toFixed(0)}ms/${(lag * 1000).toFixed(0)}`,
                    );
                }),
            );
            await pause(1000);
          }
        })()
      : Promise.resolve();
    await offering;
    giveUpAt = until + GIVE_UP_AFTER_MS;
    await Promise.all(shopping);
    const loadSeconds = (performance.now() - started) / 1000;
    await killing;
    await Promise.all(donors);
    const allDoneSeconds = (performance.now() - started) / 1000;

    // Every socket has the final total (or 30 s passed): then the pushes are counted.
    const { rows } = await sql<{ raised: string; at: Date }>`SELECT data->>'raisedCents' AS raised, created_at AS at
      FROM events WHERE stream_id = ${campaignStream(CAMPAIGN)}`.execute(database.db);
    const committedAt = new Map(rows.map((r) => [Number(r.raised), new Date(r.at).getTime()]));
    const finalRaised = Math.max(...committedAt.keys());
    const reports: Report[] = [];
    for (const deadline = Date.now() + 30_000; ; await pause(500)) {
      reports.push(...(await report()));
      const lowest = Math.min(...reports.slice(-watchers.length).map((r) => r.lowestLastRaised));
      if (lowest >= finalRaised || Date.now() > deadline) {
        if (lowest < finalRaised)
          notes.push(`some sockets never saw the final total ${finalRaised} (lowest ${lowest})`);
        break;
      }
    }
    const pushLatencies = reports.flatMap((r) =>
      r.samples.flatMap(([raised, at]) => (committedAt.has(raised) ? [at - committedAt.get(raised)!] : [])),
    );
    const reconnects: Reconnect[] = reports.flatMap((r) => r.reconnects);
    const after = await Promise.all(processes.map(scrape));

    // From each process's /metrics (the killed one's own figures are lost with it; the survivors' count).
    const alive = processes.flatMap((_p, i) => (before[i] && after[i] ? [[before[i]!, after[i]!]] : []));
    const between = (name: string, match: string[] = []) =>
      bucketsBetween(
        bucketsOf(
          alive.map(([b]) => b),
          name,
          match,
        ),
        bucketsOf(
          alive.map(([, a]) => a),
          name,
          match,
        ),
      );
    const pushP99 = quantileOf(between("live_push_delay_seconds", ['name="thermometer"']), 0.99);
    const giftP99 = quantileOf(
      between("http_request_duration_seconds", ['route="/api/store/shop/quick-donation/"', 'status="2xx"']),
      0.99,
    );
    const appendP99 = quantileOf(between("eventstore_append_duration_seconds"), 0.99);
    const lags = after.flatMap((t) => (t ? [sumOf(t, "projection_lag_events", ['projection="campaigns"'])] : []));
    notes.push(
      `offered ${launched} donors (${notOffered} not sent: ${MAX_DONORS_IN_FLIGHT} already in flight), ${acked.length} acknowledged, ${donorFailures.length} failed${donorFailures.length ? ` (${[...new Set(donorFailures)].slice(0, 3).join("; ")})` : ""}, ${retried} requests retried; load ${loadSeconds.toFixed(1)} s, last donor answered at ${allDoneSeconds.toFixed(1)} s`,
    );
    notes.push(
      `/metrics of the processes: one-page gift p99 ${(giftP99 * 1000).toFixed(0)} ms, append p99 ${(appendP99 * 1000).toFixed(1)} ms, thermometer commit→written p99 ${(pushP99 * 1000).toFixed(0)} ms, campaigns lag at the end ${lags.join(" / ")} events`,
    );
    notes.push(
      `push samples: ${pushLatencies.length} from 1 socket in ${SAMPLE_EVERY}; statuses: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(", ") || "no 5xx"}`,
    );
    if (leader) {
      const l = leader as { index: number; killedAt: number; movedAfter: number | null; to: number | null };
      const back = reconnects.map((r) => r.up - r.down);
      const withTotal = reconnects.filter((r) => r.statusRaised !== null);
      const pushed = withTotal.filter((r) => r.via === "push").length;
      // From the loss to the current total on the page: what a visitor waits for.
      const toTotal = withTotal.map((r) => r.statusAt! - r.down);
      const within5 = toTotal.filter((ms) => ms <= 5000).length;
      const { p50, p99 } = percentiles(toTotal.length ? toTotal : [Number.NaN]);
      const connected = reports.slice(-watchers.length).reduce((n, r) => n + r.connected, 0);
      const errors = new Map<string, number>();
      for (const r of reports)
        for (const [m, n] of Object.entries(r.connectErrors)) errors.set(m, (errors.get(m) ?? 0) + n);
      if (errors.size)
        notes.push(`failed reconnect attempts: ${[...errors].map(([m, n]) => `${m} × ${n}`).join(", ")}`);
      notes.push(
        `killed process ${l.index}: ${reconnects.length} sockets reconnected (reconnect p50 ${percentiles(back.length ? back : [Number.NaN]).p50.toFixed(0)} ms, max ${Math.max(...back).toFixed(0)} ms), ${withTotal.length} got the total after (${pushed} pushed on joining, ${withTotal.length - pushed} read): ${within5} within 5 s of the loss, p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...toTotal).toFixed(0)} ms; ${sockets - connected} of ${sockets} sockets not connected at the end; projection leader moved to process ${l.to} after ${l.movedAfter === null ? "NOT WITHIN 30 s" : `${l.movedAfter.toFixed(0)} ms`}`,
      );
      for (const [index, samples] of survivorLoops)
        notes.push(
          `survivor ${index} after the kill (/metrics round trip ms / event-loop lag max ms): ${samples.join(", ")}`,
        );
      if (within5 < reconnects.length || connected < sockets || l.movedAfter === null)
        notes.push("PROBLEM: a socket took over 5 s, or the leader did not move");
    }
    return {
      processes: processes.length,
      sockets,
      acked,
      giftsPerSecond: acked.length / loadSeconds,
      gift: percentiles(giftTimes.length ? giftTimes : [Number.NaN]),
      fourStep: percentiles(fourStepTimes.length ? fourStepTimes : [Number.NaN]),
      push: percentiles(pushLatencies.length ? pushLatencies : [Number.NaN]),
      pagesPerSecond: pageTimes.length / loadSeconds,
      page: percentiles(pageTimes.length ? pageTimes : [Number.NaN]),
      fivexx: [...statuses].reduce((n, [s, c]) => (s >= 500 ? n + c : n), 0),
      metrics: { pushP99 },
      notes,
    };
  } finally {
    await Promise.all(
      watchers.map((w) => {
        if (w.exitCode !== null || w.signalCode !== null) return null;
        const gone = new Promise((resolve) => w.once("exit", resolve));
        if (w.connected) w.send({ close: true });
        return gone;
      }),
    );
  }
}

/** Donors still retrying this long after the load ended give up (the bench must end); their gifts are still counted from the log. */
const GIVE_UP_AFTER_MS = 45_000;
let giveUpAt = Number.POSITIVE_INFINITY;
class GaveUp extends Error {}

type Outcome = { number: string | null; failure?: string; retries: number; lastMs?: number };

/**
 * Sends until answered: a request that died with its process (no answer, 502 from the proxy), was shed
 * (503 with Retry-After) or found its attempt still in progress is sent again through the proxy, the
 * payment with the same key.
 */
function sender(client: TestClient, count5xx: (s: number) => void) {
  let retries = 0;
  let lastMs = 0;
  const send = async (method: "GET" | "POST", path: string, body?: unknown, headers?: Record<string, string>) => {
    while (performance.now() < giveUpAt) {
      const t0 = performance.now();
      const res = await client.request(method, path, body, headers).catch(() => null);
      lastMs = performance.now() - t0;
      if (res && res.status >= 500) count5xx(res.status);
      if (res && res.status < 500 && res.json?.metadata?.code !== "CHECKOUT_IN_PROGRESS") return res;
      retries++;
      // A shed request (503 SERVER_BUSY) says when to come back, as a browser's retry would honour.
      const retryAfter = Number(res?.headers.get("retry-after") ?? 0) * 1000;
      await pause(retryAfter > 0 ? retryAfter * (0.5 + Math.random()) : 300 + Math.random() * 500);
    }
    throw new GaveUp(`no answer to ${path} within ${GIVE_UP_AFTER_MS / 1000} s of the load's end`);
  };
  return { send, retries: () => retries, lastMs: () => lastMs };
}

/** A gift through the one-page form (POST /api/store/shop/quick-donation/). */
async function give(base: string, donor: string, cents: number, count5xx: (s: number) => void): Promise<Outcome> {
  const s = sender(new TestClient(base), count5xx);
  // The page load that sets the csrftoken cookie, sent again like the rest when it got no answer.
  await s.send("GET", "/api/account/me/");
  const amount = (cents / 100).toFixed(2);
  const res = await s.send(
    "POST",
    "/api/store/shop/quick-donation/",
    { fund: GIFT, amount, email: `${donor}@example.org`, org_name: "", ...CARD },
    { "idempotency-key": `gift-${donor}` },
  );
  const number = res.json?.order?.number;
  return typeof number === "string"
    ? { number, retries: s.retries(), lastMs: s.lastMs() }
    : {
        number: null,
        failure: `${res.status} ${res.json?.metadata?.code ?? res.text.slice(0, 80)}`,
        retries: s.retries(),
      };
}

/** A gift through the four-step checkout: the gift into the cart, billing, delivery and shipping when asked, payment. */
async function checkout(base: string, donor: string, cents: number, count5xx: (s: number) => void): Promise<Outcome> {
  const s = sender(new TestClient(base), count5xx);
  const t0 = performance.now();
  const fail = (step: string, res: { status: number; json: any; text: string }): Outcome => ({
    number: null,
    failure: `4-step ${step}: ${res.status} ${res.json?.metadata?.code ?? res.text.slice(0, 80)}`,
    retries: s.retries(),
  });
  await s.send("GET", "/api/account/me/");
  const added = await s.send("GET", `/api/store/shop/add-to-cart/?${GIFT}=${(cents / 100).toFixed(2)}`);
  if (added.status !== 200) return fail("add", added);
  const email = `${donor}@example.org`;
  const info = await s.send("POST", `${C}info/`, { ...BILLING, email });
  if (info.status !== 200) return fail("info", info);
  let step = info.json?.step;
  if (step === 2) {
    const delivery = await s.send("POST", `${C}delivery/`, { digital_email: email });
    if (delivery.status !== 200) return fail("delivery", delivery);
    step = delivery.json?.step;
  }
  if (step === 3) await s.send("POST", `${C}shipping/`, { shipping_method: "standard" });
  const paid = await s.send("POST", `${C}payment/`, GOOD_CARD, { "idempotency-key": `pay-${donor}` });
  const number = paid.json?.order?.number;
  return typeof number === "string"
    ? { number, retries: s.retries(), lastMs: performance.now() - t0 }
    : fail("payment", paid);
}
