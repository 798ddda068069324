import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  userEmailStream,
  userStream,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  EmailTakenError,
} from "@shop/shared";
import type { Kysely } from "kysely";
import { sealPersonal, type Database } from "@shop/projections";
import { handleCommand } from "../platform/command-handler.ts";
import { decideAccount } from "./decide.ts";
import { hashPassword } from "./passwords.ts";
import { userDecider } from "./user.ts";

export const RegisterUserInput = z.object({
  email: z.email("Enter a valid email address.").transform((e) => e.trim().toLowerCase()),
  password: z.string().min(8, "Passwords must be at least 8 characters."),
  name: z.string().trim().max(150).optional(),
  isStaff: z.boolean().default(false),
});

/** Creates an account: claims the email (no two accounts share one), then registers the user. */
export async function registerUser(
  deps: {
    store: EventStore;
    clock: () => Date;
    newId?: () => string;
    /** Given: the email and name are sealed with the new user's key (sign-ups); else written in clear. */
    db?: Kysely<Database>;
  },
  rawInput: z.input<typeof RegisterUserInput>,
  metadata: EventMetadata = {},
) {
  const input = RegisterUserInput.parse(rawInput);
  const userId = (deps.newId ?? randomUUID)();
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.store.append(
      userEmailStream(input.email),
      [{ type: "UserEmailClaimed", data: { userId, email: input.email }, metadata }],
      {
        expectedVersion: "no-stream",
      },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      throw new EmailTakenError();
    }
    throw error;
  }
  const name = input.name || input.email.split("@")[0];
  const personal = deps.db ? await sealPersonal(deps.db, userId, { email: input.email, name }) : undefined;
  const result = await handleCommand(
    deps.store,
    userStream(userId),
    userDecider,
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
    metadata,
  );
  return { userId, email: input.email, name, isStaff: input.isStaff, position: result.appended!.position };
}
