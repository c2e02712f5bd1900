/**
 * Creates or updates a person who may sign in to the portal (the first administrator, too).
 *
 *   pnpm admin:add --email asha.verma@university.example --name "Asha Verma"
 *   pnpm admin:add --email exams@university.example --name "Exam Office" --role exam_office
 *
 * `--role` is admin (default), exam_office or academic_office; roles already held are kept. Running
 * it again updates the name, reactivates the user and adds the role, and prints what changed (or
 * that nothing did). Exits with code 1 on bad input, 2 on missing arguments. Uses the same
 * configuration as the server (DATABASE_URL, PORTAL_DATA_DIR, ...); stop the portal first when it
 * runs on the embedded database (PGlite allows one process at a time).
 */
import { parseArgs } from "node:util";
import { AdminInputError, grantPortalAccess } from "../auth/admins.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";

const USAGE =
  'usage: admin:add --email <address> --name "<full name>" [--role admin|exam_office|academic_office]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || values.email === undefined || values.name === undefined) {
    (values.help ? console.info : console.error)(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    const result = await grantPortalAccess(handle.db, {
      email: values.email,
      name: values.name,
      ...(values.role !== undefined ? { role: values.role } : {}),
    });
    const who = `${result.user.name} <${result.user.email}> (roles: ${result.user.roles.join(", ")})`;
    if (result.action === "created") console.info(`created ${who}`);
    else if (result.action === "updated") console.info(`updated ${who}: ${result.changes.join("; ")}`);
    else console.info(`unchanged: ${who} already exists as given`);
    console.info(
      `${result.user.email} can now sign in with a one-time password at ${config.publicUrl}/login`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof AdminInputError ? `admin:add: ${err.message}` : err instanceof Error ? err.message : err,
  );
  process.exitCode = 1;
});
