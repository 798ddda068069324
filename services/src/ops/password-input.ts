import { RegisterUserInput } from "../accounts/register-user.ts";
import { OpsError } from "./ops-context.ts";

/**
 * The new password for `set-password`: the first line of stdin when it is piped, else typed twice
 * at a prompt that does not echo. Never a command-line argument: those end up in the shell's
 * history and in every `ps` listing.
 */
export async function readNewPassword(
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  prompt: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  const password = isTerminal(input) ? await typedTwice(input, prompt) : firstLine(await readAll(input));
  if (password === "")
    throw new OpsError(
      "set-password needs the new password: pipe it to stdin, or run it in a terminal to be asked for it",
      2,
    );
  const checked = RegisterUserInput.shape.password.safeParse(password);
  if (!checked.success) throw new OpsError(checked.error.issues[0].message, 2);
  return password;
}

/** A terminal, whose echo can be turned off (a pipe or a test's stream is read as it comes). */
function isTerminal(input: NodeJS.ReadableStream & { isTTY?: boolean }): input is NodeJS.ReadStream {
  return input.isTTY === true && "setRawMode" in input;
}

async function typedTwice(input: NodeJS.ReadStream, prompt: NodeJS.WritableStream): Promise<string> {
  const first = await hiddenLine(input, prompt, "New password: ");
  const second = await hiddenLine(input, prompt, "New password (again): ");
  if (first !== second) throw new OpsError("The two passwords differ; nothing was changed.", 2);
  return first;
}

function firstLine(text: string): string {
  return text.split(/\r?\n/)[0];
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of input) text += chunk;
  return text;
}

/** One line typed in raw mode, so the terminal shows nothing of it; Ctrl-C cancels. */
function hiddenLine(input: NodeJS.ReadStream, prompt: NodeJS.WritableStream, question: string): Promise<string> {
  prompt.write(question);
  input.setRawMode(true);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      prompt.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    function onData(chunk: string) {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003") return finish(new OpsError("Cancelled; nothing was changed.", 130));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    }
    input.on("data", onData);
  });
}
