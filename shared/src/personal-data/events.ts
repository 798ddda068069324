import { z } from "zod";
import { defineEvent, type EventOf } from "../event-registry.ts";

/**
 * The person's key was deleted (`npm run ops -- erase-customer`): read models replace what they
 * show of the person with ERASED. A replay reaches the same rows, since the key is gone for it too.
 */
export const PersonErased = defineEvent("PersonErased", z.object({ person: z.string(), erasedAt: z.string() }));

export const personalDataEvents = [PersonErased] as const;
export type PersonalDataEvent = EventOf<typeof personalDataEvents>;
