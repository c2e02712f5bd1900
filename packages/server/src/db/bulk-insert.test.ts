import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testTargets } from "../test/harness.ts";
import { insertRowsByColumn } from "./bulk-insert.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { auditLog, importSource } from "./schema.ts";

/** Texts an array literal must carry unchanged: quotes, backslashes, separators, braces, NULL. */
const AWKWARD = [
  "plain",
  'a "quoted" word',
  "back\\slash\\",
  "comma, and {braces}",
  "NULL",
  "",
  " spaced ",
  "देवनागरी",
];

describe.each(testTargets())("insertRowsByColumn on $name", (target) => {
  let handle: DatabaseHandle;
  let drop = async () => {};

  beforeAll(async () => {
    let databaseUrl: string | null = null;
    if (target.adminUrl) ({ url: databaseUrl, drop } = await createTestDatabase(target.adminUrl));
    handle = await openDatabase({ databaseUrl, pgliteDir: "memory://" });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
    await drop();
  });

  it("stores every value as db.insert stores it (text, JSON, timestamps, NULL)", async () => {
    const at = new Date("2026-11-02T04:30:00.123Z");
    const rows = (tag: string) =>
      AWKWARD.map((text, i) => ({
        id: randomUUID(),
        actorEmail: `${tag}${text}`,
        action: text,
        entity: tag,
        entityId: randomUUID(),
        before: i % 2 === 0 ? null : { text, list: [i, text], nested: { quote: '"' } },
        after: { text },
        at: new Date(at.getTime() + i),
      }));
    const viaValues = rows("values");
    const viaColumns = rows("columns");
    await handle.db.insert(auditLog).values(viaValues);
    await insertRowsByColumn(handle.db, auditLog, viaColumns);
    const read = async (tag: string) =>
      (await handle.db.select().from(auditLog).where(eq(auditLog.entity, tag)).orderBy(asc(auditLog.at))).map(
        ({ id: _id, entityId: _entityId, entity: _entity, actorEmail, ...rest }) => ({
          ...rest,
          actorEmail: actorEmail.slice(tag.length),
        }),
      );
    const stored = await read("columns");
    expect(stored).toEqual(await read("values"));
    expect(stored.map((r) => r.action)).toEqual(AWKWARD);
    expect(stored[0]?.before).toBeNull();
    expect(stored[1]?.before).toEqual({ text: AWKWARD[1], list: [1, AWKWARD[1]], nested: { quote: '"' } });
    expect(stored[0]?.at.toISOString()).toBe("2026-11-02T04:30:00.123Z");
  });

  it("writes more rows than one statement carries, and leaves unnamed columns to their defaults", async () => {
    const many = Array.from({ length: 20_003 }, (_, i) => ({
      actorEmail: `bulk-${i}`,
      action: "bulk",
      entity: "bulk",
      entityId: randomUUID(),
    }));
    await insertRowsByColumn(handle.db, auditLog, many);
    const [row] = await handle.db
      .select({
        n: sql<number>`count(*)::int`,
        distinctIds: sql<number>`count(distinct ${auditLog.id})::int`,
        nullBefore: sql<number>`count(*) filter (where ${auditLog.before} is null)::int`,
        withTime: sql<number>`count(${auditLog.at})::int`,
      })
      .from(auditLog)
      .where(eq(auditLog.entity, "bulk"));
    expect(row).toEqual({ n: 20_003, distinctIds: 20_003, nullBefore: 20_003, withTime: 20_003 });
  });

  it("fails as insert fails: a unique violation writes nothing of the statement", async () => {
    const row = {
      id: randomUUID(),
      code: "BULK1",
      name: "bulk",
      format: "toronto" as const,
      checksum: "x",
      counts: { courses: 1 },
      importedBy: "test",
    };
    await insertRowsByColumn(handle.db, importSource, [row]);
    await expect(
      insertRowsByColumn(handle.db, importSource, [
        { ...row, id: randomUUID(), code: "BULK2" },
        { ...row, id: randomUUID() },
      ]),
    ).rejects.toThrow();
    const codes = await handle.db.select({ code: importSource.code }).from(importSource);
    expect(codes.map((c) => c.code).filter((c) => c.startsWith("BULK"))).toEqual(["BULK1"]);
  });

  it("refuses a key that is no column of the table", async () => {
    await expect(
      insertRowsByColumn(handle.db, importSource, [
        { nope: 1 } as unknown as typeof importSource.$inferInsert,
      ]),
    ).rejects.toThrow(/import_source has no column nope/);
  });
});
