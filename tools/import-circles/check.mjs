// `npm run check:circles`: the import circles madge finds in each workspace's src/, none expected.
// The test services/src/platform/import-circles.unit.spec.ts runs the same check inside `npm test`.
import { join } from "node:path";
import madge from "madge";

export const WORKSPACES = ["shared", "projections", "services", "web", "admin"];
const root = new URL("../..", import.meta.url).pathname;

/** The circles of one workspace, each a list of files relative to its src/. */
export async function importCircles(workspace) {
  const result = await madge(join(root, workspace, "src"), {
    fileExtensions: ["ts", "tsx"],
    tsConfig: join(root, "tsconfig.base.json"),
  });
  return result.circular();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let found = 0;
  for (const workspace of WORKSPACES) {
    const circles = await importCircles(workspace);
    found += circles.length;
    console.log(`${workspace}: ${circles.length ? `${circles.length} circle(s)` : "no circle"}`);
    for (const circle of circles) console.log(`  ${circle.join(" > ")}`);
  }
  process.exit(found ? 1 : 0);
}
