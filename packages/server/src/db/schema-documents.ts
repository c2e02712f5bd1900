/**
 * Subject documents: files of a term's course offerings (/app/subject-documents). Re-exported by
 * schema.ts; imports only schema-core.ts.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { courseOffering } from "./schema-core.ts";

/**
 * A document of a course offering: its title, the file's cleaned name, the file store key it is kept
 * under (files/references.ts), media type and size in bytes, who uploaded it and when.
 */
export const courseDocument = pgTable(
  "course_document",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseOfferingId: uuid("course_offering_id")
      .notNull()
      .references(() => courseOffering.id),
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    documentKey: text("document_key").notNull(),
    mediaType: text("media_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("course_document_offering_idx").on(t.courseOfferingId, t.uploadedAt),
    uniqueIndex("course_document_key_uq").on(t.documentKey),
    check("course_document_size_ck", sql`${t.size} > 0`),
  ],
);
