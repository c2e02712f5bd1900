import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facultyInvitation, storedFile } from "../db/schema.ts";
import { createTestApi, type TestApi, testTargets } from "../test/harness.ts";
import { adoptLocalFiles } from "./adopt-local-files.ts";
import { createDatabaseFileStore } from "./file-store.ts";

describe.each(testTargets())("moving files from the data folder into the database ($name)", (target) => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    api = await createTestApi(target);
    dir = await mkdtemp(path.join(os.tmpdir(), "portal-adopt-test-"));
  });
  afterAll(async () => {
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("copies the folder's files that records name, once, and leaves unnamed ones out", async () => {
    await mkdir(path.join(dir, "faculty-invitations"), { recursive: true });
    await writeFile(path.join(dir, "faculty-invitations", "named.pdf"), "%PDF-1.4 named");
    await writeFile(path.join(dir, "faculty-invitations", "orphan.pdf"), "%PDF-1.4 orphan");
    await api.ctx.db.insert(facultyInvitation).values({
      kind: "email",
      subject: "Adopted",
      body: "",
      attachmentName: "named.pdf",
      attachmentKey: "faculty-invitations/named.pdf",
    });
    await api.ctx.db.delete(storedFile);

    expect(await adoptLocalFiles(api.ctx.db, dir, api.ctx.now)).toBe(1);
    const store = createDatabaseFileStore(api.ctx.db);
    expect(new TextDecoder().decode((await store.get("faculty-invitations/named.pdf")) ?? undefined)).toBe(
      "%PDF-1.4 named",
    );
    expect(await store.exists("faculty-invitations/orphan.pdf")).toBe(false);
    expect((await store.stream("faculty-invitations/named.pdf"))?.mediaType).toBe("application/pdf");
    expect(await adoptLocalFiles(api.ctx.db, dir, api.ctx.now)).toBe(0);
  });

  it("copies nothing from a folder that does not exist", async () => {
    expect(await adoptLocalFiles(api.ctx.db, path.join(dir, "missing"), api.ctx.now)).toBe(0);
  });
});
