import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema.ts";
import { FILE_REFERENCES } from "./references.ts";

/** Columns named `*_key` that hold something other than a file key (a stored file's own key, a kept read's cache key). */
const NOT_FILE_KEYS = new Set(["stored_file.key", "read_model_answer.key"]);

describe("file references", () => {
  it("names every column of the schema that holds a file key, so the sweep never removes a named file", () => {
    const keyColumns: string[] = [];
    for (const value of Object.values(schema) as unknown[]) {
      if (!is(value, PgTable)) continue;
      for (const column of Object.values(getTableColumns(value))) {
        const name = `${getTableName(value)}.${column.name}`;
        if (/(^|_)key$/.test(column.name) && !NOT_FILE_KEYS.has(name)) keyColumns.push(name);
      }
    }
    const referenced = FILE_REFERENCES.map((r) => `${getTableName(r.table)}.${r.column.name}`);
    expect(keyColumns.sort()).toEqual([...referenced].sort());
    expect(referenced).toEqual(
      expect.arrayContaining([
        "answer_sheet.document_key",
        "question_paper_set.document_key",
        "faculty_invitation.attachment_key",
      ]),
    );
  });
});
