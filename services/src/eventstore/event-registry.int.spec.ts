import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEvent, EventRegistry, InvalidEventError } from "@shop/shared";
import { createEventRegistry } from "../event-registry.ts";
import { testBackends } from "../testing/backends.ts";
import { readAllSettled } from "../testing/read-settled.ts";
import { openTestDatabase } from "../testing/test-database.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";

/** Version 1 called it `title`; version 2 renamed it `name` and added `tags`. */
const ProductRenamed = defineEvent("ProductRenamed", z.object({ name: z.string().min(1), tags: z.array(z.string()) }), {
  version: 2,
  upcast: (data, fromVersion) => {
    const v1 = data as { title: string };
    return fromVersion === 1 ? { name: v1.title, tags: [] } : data;
  },
});

describe.each(testBackends())("events read back through the registry on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  });
  afterAll(async () => {
    await database?.drop();
  });

  // A store without a registry writes whatever it is given, as an older or buggy writer would have.
  const rawStore = () => createPostgresEventStore(database);

  it("an event that fails its zod schema is refused when read back, naming the event, where it is and the bad fields", async () => {
    const raw = await rawStore();
    await raw.append("user-bad", [
      {
        type: "UserRegistered",
        data: {
          userId: "bad",
          name: "No Email",
          isStaff: "yes",
          passwordHash: "h",
          registeredAt: "2026-01-01T00:00:00Z",
        },
      },
    ]);
    const store = await createPostgresEventStore(database, createEventRegistry());

    const read = store.readStream("user-bad");
    await expect(read).rejects.toBeInstanceOf(InvalidEventError);
    await expect(read).rejects.toThrow(
      /^Event UserRegistered at user-bad #0 \(global position \d+\) does not match its schema: email: .+; isStaff: .+$/,
    );
    // Reading the whole log marks it instead, so one bad event does not hide the others (core hardening 2).
    const [marked] = await readAllSettled(store);
    expect(marked).toMatchObject({
      type: "UserRegistered",
      streamId: "user-bad",
      data: { userId: "bad", isStaff: "yes" },
    });
    expect(marked.invalid).toBeInstanceOf(InvalidEventError);
    expect(marked.invalid!.message).toMatch(/^Event UserRegistered at user-bad #0 .*: email: /);
  });

  it("spec 28.3 a read asked for beside one whose event fails its schema still answers; only that read is refused", async () => {
    const raw = await rawStore();
    await raw.append("user-bad-beside", [{ type: "UserRegistered", data: { userId: "bad", isStaff: "yes" } }]);
    const store = await createPostgresEventStore(database, createEventRegistry());
    await store.append("user-good-beside", [
      {
        type: "UserRegistered",
        data: {
          userId: "good",
          name: "Good",
          email: "good@example.org",
          isStaff: false,
          passwordHash: "h",
          registeredAt: "2026-01-01T00:00:00Z",
        },
      },
    ]);
    // Asked for side by side: on PostgreSQL one statement reads both.
    const [bad, good] = await Promise.allSettled([
      store.readStream("user-bad-beside"),
      store.readStream("user-good-beside"),
    ]);
    expect(bad.status === "rejected" && bad.reason).toBeInstanceOf(InvalidEventError);
    expect(good.status === "fulfilled" && good.value.map((e) => e.data)).toEqual([
      expect.objectContaining({ userId: "good" }),
    ]);
  });

  it("an event written with an older schema version is upcast to the current shape; new ones are written with the current version", async () => {
    const raw = await rawStore();
    await raw.append("product-1", [{ type: "ProductRenamed", data: { title: "Badge" }, schemaVersion: 1 }]);
    const store = await createPostgresEventStore(database, new EventRegistry().register(ProductRenamed));
    await store.append("product-1", [{ type: "ProductRenamed", data: { name: "Pin", tags: ["enamel"] } }]);

    const [old, current] = await store.readStream("product-1");
    expect(old).toMatchObject({ schemaVersion: 1, data: { name: "Badge", tags: [] } });
    expect(current).toMatchObject({ schemaVersion: 2, data: { name: "Pin", tags: ["enamel"] } });
  });

  it("an older event that still fails after upcasting is refused, saying which version it was written as", async () => {
    const raw = await rawStore();
    await raw.append("product-2", [{ type: "ProductRenamed", data: { title: "" }, schemaVersion: 1 }]);
    const store = await createPostgresEventStore(database, new EventRegistry().register(ProductRenamed));
    await expect(store.readStream("product-2")).rejects.toThrow(
      /product-2 #0 .* does not match its schema: \(written as version 1\); name: /,
    );
  });

  it("an event type the registry does not know passes through untouched, so a log with retired events still replays", async () => {
    const raw = await rawStore();
    await raw.append("retired-1", [{ type: "SomethingRetired", data: { anything: [1, 2] } }]);
    const store = await createPostgresEventStore(database, createEventRegistry());
    expect((await store.readStream("retired-1"))[0]).toMatchObject({
      type: "SomethingRetired",
      data: { anything: [1, 2] },
      schemaVersion: 1,
    });
  });
});
