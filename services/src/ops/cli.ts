// `npm run ops -- <command>` (the entry bundled into services/dist/ops.js): the CLI on this process's
// streams, then exit with its code.
import { processIo, runCli } from "./run-cli.ts";

runCli(process.argv.slice(2), processIo()).then((code) => process.exit(code));
