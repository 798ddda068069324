/**
 * Group commit for single-event appends. While `maxInFlight` statements are at the database, the
 * appends that arrive wait and go together in the next one, when one of those comes back. A lone
 * append goes at once, alone: no timer, so a quiet store answers as fast as before, and a busy
 * one sends fewer, larger statements (one transaction, one WAL flush, one round trip for many).
 *
 * `send` gets each batch in arrival order and answers one outcome per item, in the same order (an
 * Error for an item that failed alone); whether a batch of one goes another way (the plain
 * statement) is the sender's choice.
 */
export function createAppendBatcher<Item, Outcome>(
  send: (items: Item[]) => Promise<Array<Outcome | Error>>,
  maxInFlight: number,
  maxBatch: number,
) {
  interface Waiting {
    item: Item;
    resolve: (outcome: Outcome) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let inFlight = 0;

  function sendNext(): void {
    const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
    queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
    inFlight++;
    let sent: Promise<Array<Outcome | Error>>;
    try {
      sent = send(batch.map((w) => w.item));
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .then(
        (outcomes) => {
          for (let i = 0; i < batch.length; i++) {
            const outcome = outcomes[i];
            if (outcome instanceof Error) batch[i].reject(outcome);
            else batch[i].resolve(outcome);
          }
        },
        (error) => {
          for (const w of batch) w.reject(error);
        },
      )
      .finally(() => {
        inFlight--;
        if (queue.length > 0 && inFlight < maxInFlight) sendNext();
      });
  }

  return {
    submit(item: Item): Promise<Outcome> {
      return new Promise<Outcome>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (inFlight < maxInFlight) sendNext();
      });
    },
  };
}
