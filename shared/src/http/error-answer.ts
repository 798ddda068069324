/** The body of a refused request; one definition, in `errors/codes.ts`, under the name the admin used first. */
export type { ErrorAnswerBody as ErrorAnswer } from "../errors/codes.ts";
