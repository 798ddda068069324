import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../server.ts";
import { DEFAULT_EVENTS_LIMIT } from "./events-command.ts";
import { COMMAND_SYNOPSES } from "./usage.ts";

// The README is an operator's first stop: it must say what the CLI really takes and prints.
describe("the README's Operator CLI block is true to the CLI", () => {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const block = readme.slice(readme.indexOf("## Operator CLI"), readme.indexOf("## Tests"));

  it("lists every command with the options its help shows", () => {
    expect(COMMAND_SYNOPSES.map((c) => c.split(" ")[0])).toEqual([
      "create-user",
      "set-password",
      "grant-staff",
      "revoke-staff",
      "disable-user",
      "enable-user",
      "events",
      "replay",
      "projections",
      "import-catalog",
      "generate-catalog",
      "mails",
      "erase-customer",
      "client-errors",
      "reconcile",
    ]);
    expect(COMMAND_SYNOPSES.filter((synopsis) => !block.includes(`npm run ops -- ${synopsis}`))).toEqual([]);
  });

  it("says events prints a stream's full history with --stream, else at most --limit and a 'more' line", () => {
    // The comment under the events line, as one line of text.
    const events = block
      .slice(block.indexOf("npm run ops -- events"), block.indexOf("npm run ops -- replay"))
      .replace(/\s*\n\s*#?\s*/g, " ");
    expect(events).toContain("--stream S without --limit prints that stream's full history");
    expect(events).toContain(
      `at most --limit events (${DEFAULT_EVENTS_LIMIT} by default), then a 'more' line says how many more match`,
    );
  });
});
