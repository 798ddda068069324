import { describe, expect, test } from "vitest";

// madge lives in tools/import-circles (it needs TypeScript 5; the root postinstall installs it).
const { importCircles, WORKSPACES } = await import("../../../tools/import-circles/check.mjs");

describe("no import circle in any workspace (madge --circular)", () => {
  for (const workspace of WORKSPACES) {
    test(`${workspace} has no import circle`, async () => {
      expect(await importCircles(workspace)).toEqual([]);
    }, 60_000);
  }
});
