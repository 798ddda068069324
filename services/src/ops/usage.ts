/** `npm run ops -- help`: every command with its options (the README's Operator CLI block repeats these lines). */
export const USAGE = `Usage: npm run ops -- <command> [options]

  create-user --email E --password P [--name N] [--staff]
  set-password --email E
         (reads the new password from stdin, or asks for it twice without echo; never from the command line)
  grant-staff --email E
  revoke-staff --email E
  disable-user --email E
         (signs the user out everywhere and refuses their logins; enable-user undoes it)
  enable-user --email E
  events [--stream S] [--type T] [--user ID] [--since ISO] [--limit N] [--json]
         (with --stream and no --limit: the stream's whole history; otherwise the first --limit (100),
         then a line saying how many more match)
  replay (--projection NAME | --all)
  projections
  import-catalog FILE.json
         (campaigns, products and SKUs with the file's ids, discounts, with a progress bar; a re-import appends events only for what differs)
  generate-catalog --products N [--seed S] [--out FILE]
         (a catalog file of random products in every category, for scale tests; stdout without --out)
  mails [--to E] [--limit N] [--full]
         (the outbox and local mailbox, newest first: the mail sent without SMTP_URL lands there)
  erase-customer --email E
         (deletes the person's key: their names, addresses and email read as erased everywhere, replays included)
  client-errors [--since ISO] [--limit N] [--json]
         (script errors and failed requests reported by browsers, newest first; 50 by default)
  reconcile [--since ISO] [--settle SECONDS]
         (the gateway's record (the test ledger, or Stripe's lists) against orders, refunds and campaign totals: every mismatch, then 'N mismatches'; exit 1 on any)`;

/** One line for `npm run ops` with nothing after it (the full list is `help`). */
export const SHORT_USAGE =
  "Usage: npm run ops -- <create-user|set-password|grant-staff|revoke-staff|disable-user|enable-user|events|replay|projections|import-catalog|generate-catalog|mails|erase-customer|client-errors|reconcile> [options]  (npm run ops -- help lists the options)";

/** The synopsis of each command, as USAGE lists them: `events [--stream S] …`. */
export const COMMAND_SYNOPSES = USAGE.split("\n")
  .filter((line) => /^ {2}[a-z]/.test(line))
  .map((line) => line.trim());
