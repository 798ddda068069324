import { describe, expect, it } from "vitest";
import { createCommitNotifier } from "./commit-notifier.ts";

function controlledSend() {
  const calls: Array<() => void> = [];
  const send = () => new Promise<void>((resolve) => calls.push(resolve));
  return { calls, send };
}

describe("commit notifier", () => {
  it("sends one NOTIFY per commit when commits do not overlap", async () => {
    const { calls, send } = controlledSend();
    const notifier = createCommitNotifier(send);
    notifier.notify();
    calls[0]();
    await notifier.drain();
    notifier.notify();
    calls[1]();
    await notifier.drain();
    expect(calls).toHaveLength(2);
  });

  it("follows commits made while a NOTIFY is in flight with exactly one more, started after them", async () => {
    const { calls, send } = controlledSend();
    const notifier = createCommitNotifier(send);
    notifier.notify();
    notifier.notify();
    notifier.notify();
    expect(calls).toHaveLength(1);
    calls[0]();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(2);
    calls[1]();
    await notifier.drain();
    expect(calls).toHaveLength(2);
  });

  it("keeps waking after a NOTIFY fails", async () => {
    let attempts = 0;
    const notifier = createCommitNotifier(async () => {
      attempts++;
      if (attempts === 1) throw new Error("connection lost");
    });
    notifier.notify();
    await notifier.drain();
    notifier.notify();
    await notifier.drain();
    expect(attempts).toBe(2);
  });
});
