import { describe, expect, it } from "vitest";
import { createAppendBatcher } from "./append-batcher.ts";

/** A sender whose statements the test answers by hand. */
function heldSender() {
  const sent: Array<{
    items: number[];
    answer: (outcomes: Array<string | Error>) => void;
    fail: (error: Error) => void;
  }> = [];
  const send = (items: number[]) =>
    new Promise<Array<string | Error>>((answer, fail) => {
      sent.push({ items, answer, fail });
    });
  return { sent, send };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("append batcher", () => {
  it("a lone append goes at once, alone", async () => {
    const { sent, send } = heldSender();
    const batcher = createAppendBatcher(send, 2, 100);
    const outcome = batcher.submit(1);
    expect(sent.map((s) => s.items)).toEqual([[1]]);
    sent[0].answer(["one"]);
    expect(await outcome).toBe("one");
  });

  it("appends that arrive while the statements in flight are at their limit go together in the next one", async () => {
    const { sent, send } = heldSender();
    const batcher = createAppendBatcher(send, 2, 100);
    const outcomes = [1, 2, 3, 4, 5].map((n) => batcher.submit(n));
    expect(sent.map((s) => s.items)).toEqual([[1], [2]]);
    sent[0].answer(["a"]);
    await settle();
    expect(sent.map((s) => s.items)).toEqual([[1], [2], [3, 4, 5]]);
    sent[1].answer(["b"]);
    sent[2].answer(["c", "d", "e"]);
    expect(await Promise.all(outcomes)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("a batch holds at most its limit; the rest go in the next", async () => {
    const { sent, send } = heldSender();
    const batcher = createAppendBatcher(send, 1, 2);
    const outcomes = [1, 2, 3, 4].map((n) => batcher.submit(n));
    sent[0].answer(["a"]);
    await settle();
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3]]);
    sent[1].answer(["b", "c"]);
    await settle();
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3], [4]]);
    sent[2].answer(["d"]);
    expect(await Promise.all(outcomes)).toEqual(["a", "b", "c", "d"]);
  });

  it("a statement that fails fails each append in it, and the next batch still goes", async () => {
    const { sent, send } = heldSender();
    const batcher = createAppendBatcher(send, 1, 100);
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    const third = batcher.submit(3);
    sent[0].fail(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await settle();
    expect(sent.map((s) => s.items)).toEqual([[1], [2, 3]]);
    sent[1].answer(["b", "c"]);
    expect(await Promise.all([second, third])).toEqual(["b", "c"]);
  });

  it("an item the sender answers with an Error fails alone", async () => {
    const { sent, send } = heldSender();
    const batcher = createAppendBatcher(send, 1, 100);
    const first = batcher.submit(1);
    const others = [2, 3, 4].map((n) => batcher.submit(n));
    sent[0].answer(["a"]);
    await first;
    await settle();
    sent[1].answer(["b", new Error("refused"), "d"]);
    const settled = await Promise.allSettled(others);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("a sender that throws at once rejects the batch instead of losing it", async () => {
    const batcher = createAppendBatcher<number, string>(
      () => {
        throw new Error("cannot build the statement");
      },
      1,
      100,
    );
    await expect(batcher.submit(1)).rejects.toThrow("cannot build the statement");
    await expect(batcher.submit(2)).rejects.toThrow("cannot build the statement");
  });
});
