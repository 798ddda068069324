import { sql, type Kysely } from "kysely";
import {
  type EventMetadata,
  type EventStore,
  KeywordInvalidError,
  KeywordSlugClaimed,
  keywordSlugStream,
  keywordStream,
  type UserRef,
  WrongExpectedVersionError,
} from "@shop/shared";
import type { Database } from "@shop/projections";
import { commandHandler, onceDecider, RETRY, runCommand } from "../platform/command-handler.ts";
import { allocateId } from "../platform/id-allocator.ts";
import { claimValue, holderOf, releaseValue, type ClaimRules, type UniqueValue } from "../platform/unique-claims.ts";
import { decideKeyword, keywordDecider } from "./keyword.ts";

export interface KeywordCommandDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
}

/** A keyword's stream is new (a fresh id): a conflict can only be a bug, so it is raised at once. */
const keywordCommand = commandHandler(keywordDecider, RETRY.refuse);
/** A slug is claimed for good, first writer wins. */
const slugDecider = onceDecider([KeywordSlugClaimed]);

const refused = (errors: Record<string, string[]>) => new KeywordInvalidError(errors);

/**
 * Creates a keyword: its name and slug must be free (both checks read the log, which the read model
 * may lag behind, so a refused request writes nothing); then the name and the slug are claimed, so
 * that two editors creating one at the same moment cannot both win, and the keyword is recorded.
 */
export async function createKeyword(
  deps: KeywordCommandDeps,
  input: { name: string; slug: string; monthlySearches: number },
  by: UserRef,
  metadata: EventMetadata,
) {
  const { slug } = input;
  const name = keywordName(deps, input.name);
  const errors: Record<string, string[]> = {};
  if (
    (await deps.store.readStream(keywordSlugStream(slug))).length > 0 ||
    (await deps.db.selectFrom("keywords").select("id").where("slug", "=", slug).executeTakeFirst())
  ) {
    errors.slug = ["A keyword with this slug already exists."];
  }
  if ((await holderOf(deps.store, name.value, name.rules, deps.clock())) !== null)
    errors.name = ["A keyword with this name already exists."];
  if (Object.keys(errors).length) throw refused(errors);
  const id = await allocateId(deps.db, "keyword");
  if (!(await claimValue(deps.store, name.value, id, name.rules, deps.clock(), metadata)))
    throw refused({ name: ["A keyword with this name already exists."] });
  try {
    await runCommand(
      deps.store,
      keywordSlugStream(slug),
      slugDecider,
      RETRY.refuse,
      () => [{ type: "KeywordSlugClaimed" as const, data: { keywordId: id, slug } }],
      { metadata, assumeNew: true },
    );
  } catch (error) {
    await releaseValue(deps.store, name.value, id, deps.clock(), metadata);
    if (error instanceof WrongExpectedVersionError)
      throw refused({ slug: ["A keyword with this slug already exists."] });
    throw error;
  }
  const now = deps.clock();
  const result = await keywordCommand(
    deps.store,
    keywordStream(id),
    (s) =>
      decideKeyword(
        {
          type: "CreateKeyword",
          data: { id, name: input.name, slug, monthlySearches: input.monthlySearches, now, by },
        },
        s,
      ),
    { metadata },
  ).catch(async (error) => {
    // The slug claim stays (slugs are claimed with no-stream, for good); the name goes back.
    await releaseValue(deps.store, name.value, id, deps.clock(), metadata);
    throw error;
  });
  return { id, appended: result.appended! };
}

/** A keyword's name, unique case-insensitively: claimed on the log; names from before claims are in the read model. */
function keywordName(deps: KeywordCommandDeps, name: string): { value: UniqueValue; rules: ClaimRules } {
  const lower = name.toLowerCase();
  return {
    value: { scope: "keyword.name", value: lower },
    rules: {
      legacyHolder: async () => {
        const row = await deps.db
          .selectFrom("keywords")
          .select("id")
          .where(sql`lower(name)`, "=", lower)
          .orderBy("id")
          .executeTakeFirst();
        return row ? Number(row.id) : null;
      },
      stillHolds: async (owner) => (await deps.store.readStream(keywordStream(owner))).length > 0,
    },
  };
}
