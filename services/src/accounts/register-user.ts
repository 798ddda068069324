import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  legacyUserEmailStream,
  userEmailStream,
  userStream,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  EmailTakenError,
  UserEmailClaimed,
} from "@shop/shared";
import type { Kysely } from "kysely";
import { deletePersonKey, emailHash, sealPersonal, type Database } from "@shop/projections";
import { onceDecider, RETRY, runCommand } from "../platform/command-handler.ts";
import { decideAccount } from "./decide.ts";
import { hashPassword } from "./passwords.ts";
import { userDecider } from "./user.ts";

const emailClaimDecider = onceDecider([UserEmailClaimed]);

export const RegisterUserInput = z.object({
  email: z.email("Enter a valid email address.").transform((e) => e.trim().toLowerCase()),
  password: z.string().min(8, "Passwords must be at least 8 characters."),
  name: z.string().trim().max(150).optional(),
  isStaff: z.boolean().default(false),
});

/**
 * Creates an account: claims the email (no two accounts share one: the claim stream is named by the
 * email's keyed hash, and a claim made before the hash, under the address itself, still counts), then
 * registers the user.
 */
export async function registerUser(
  deps: {
    store: EventStore;
    clock: () => Date;
    newId?: () => string;
    /** Holds the site key of the claim stream's keyed hash, and the users' keys. */
    db: Kysely<Database>;
    /** The email and name are sealed with the new user's key (sign-ups); else written in clear (ops, demo). */
    sealed?: boolean;
  },
  rawInput: z.input<typeof RegisterUserInput>,
  metadata: EventMetadata = {},
) {
  const input = RegisterUserInput.parse(rawInput);
  const userId = (deps.newId ?? randomUUID)();
  const passwordHash = await hashPassword(input.password);
  const name = input.name || input.email.split("@")[0];
  // Claims under the address are no longer written, so reading one first leaves no race.
  if ((await deps.store.readStream(legacyUserEmailStream(input.email))).length) throw new EmailTakenError();
  const personal = deps.sealed ? await sealPersonal(deps.db, userId, { email: input.email, name }) : undefined;
  const claimed = personal
    ? { userId, email: "", sealed: await sealPersonal(deps.db, userId, { email: input.email }) }
    : { userId, email: input.email };
  try {
    await runCommand(
      deps.store,
      userEmailStream(await emailHash(deps.db, input.email)),
      emailClaimDecider,
      RETRY.refuse, // no two accounts share an email: the first claim wins
      () => [{ type: "UserEmailClaimed" as const, data: claimed }],
      { metadata, assumeNew: true },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      if (personal) await deletePersonKey(deps.db, userId); // the key of an account never made
      throw new EmailTakenError();
    }
    throw error;
  }
  const result = await runCommand(
    deps.store,
    userStream(userId),
    userDecider,
    RETRY.refuse, // a fresh random id: nobody else writes this stream
    (state) =>
      decideAccount(
        {
          type: "RegisterUser",
          data: {
            userId,
            email: input.email,
            name,
            isStaff: input.isStaff,
            passwordHash,
            now: deps.clock(),
            personal,
          },
        },
        state,
      ),
    { metadata, assumeNew: true },
  );
  return { userId, email: input.email, name, isStaff: input.isStaff, position: result.appended!.position };
}
