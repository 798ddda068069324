import { hash, verify } from "@node-rs/argon2";
import { PasswordWorkBusyError } from "@shop/shared";

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): a login costs ~20 ms on these machines.
const options = { algorithm: 2 /* Algorithm.Argon2id, a const enum */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Hashes at once, process-wide: each takes a libuv thread and 19 MiB, so a burst of logins or sign-ups
 * queues here instead of starving the thread pool (files, DNS, other crypto) and every other request.
 * Beyond `queued` waiting, a call is refused at once (503 with Retry-After) rather than kept for seconds.
 */
export const PASSWORD_HASHING = { concurrent: 2, queued: 64 };

/** A counting semaphore with a bounded queue; `peak` is the most that ever ran at once (for the tests). */
export function createHashingGate(limits = PASSWORD_HASHING) {
  let running = 0;
  let peak = 0;
  let done = 0;
  const waiting: Array<() => void> = [];
  return {
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
    get peak() {
      return peak;
    },
    /** Hashes and verifications finished since the process started. */
    get done() {
      return done;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= limits.concurrent) {
        if (waiting.length >= limits.queued) throw new PasswordWorkBusyError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      peak = Math.max(peak, running);
      try {
        return await work();
      } finally {
        done++;
        const next = waiting.shift();
        // The slot passes straight to the next in line, so a new caller cannot jump the queue.
        if (next) next();
        else running--;
      }
    },
  };
}

/** The process's one gate: every argon2 call of the accounts goes through it. */
export const passwordHashing = createHashingGate();

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, options));
}

/** A hash of a random password, verified against when no such user exists so timing does not tell. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(crypto.randomUUID()).catch((error) => {
      decoy = null; // refused while busy: the next caller makes it
      throw error;
    });
    const decoyHash = await decoy;
    await passwordHashing.run(() => verify(decoyHash, password).catch(() => false));
    return false;
  }
  return passwordHashing.run(() => verify(passwordHash, password).catch(() => false));
}
