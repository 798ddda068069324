/**
 * Reads until `done` holds, at most about 5 s, and answers the last read: for a reader other than the
 * writer (another visitor, staff) of a read model the write's answer did not wait for (the payment's,
 * give-now's, the quick checkout's: issue 28, point 3). The writer's own pages wait for it themselves.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 50 && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
