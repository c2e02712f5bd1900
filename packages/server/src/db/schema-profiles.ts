/**
 * The 360 profile's own records (spec exam management §7 "contact details, address,
 * relationship, education history, additional info create/delete; adminNotes", POST /report/signature):
 * the contact's further details with its passport photo, addresses, relationships, education history,
 * additional information and the office's notes (EDA Address, Relationship, Education History). Each
 * editable row carries a version (docs/security/versions.md); a contact's rows go with the contact.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { contact } from "./schema-core.ts";

const id = () => uuid("id").primaryKey().defaultRandom();
const contactRef = () =>
  uuid("contact_id")
    .notNull()
    .references(() => contact.id, { onDelete: "cascade" });
const version = () => integer("version").notNull().default(1);
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A contact's details beyond its name and email (one row per contact, made by the first save):
 * mobile number, date of birth, gender, nationality and the passport photo, a file of the file store
 * (`photo_key`, files/references.ts) with its media type.
 */
export const contactDetail = pgTable(
  "contact_detail",
  {
    id: id(),
    contactId: contactRef(),
    mobile: text("mobile"),
    dateOfBirth: date("date_of_birth"),
    gender: text("gender"),
    nationality: text("nationality"),
    photoKey: text("photo_key"),
    photoMediaType: text("photo_media_type"),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("contact_detail_contact_uq").on(t.contactId)],
);

/** One address of a contact; at most one of each kind (Permanent, Current, Mailing). */
export const contactAddress = pgTable(
  "contact_address",
  {
    id: id(),
    contactId: contactRef(),
    kind: text("kind").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("contact_address_kind_uq").on(t.contactId, t.kind)],
);

/** A person related to the contact (parent, guardian, ...), with how to reach them. */
export const contactRelationship = pgTable(
  "contact_relationship",
  {
    id: id(),
    contactId: contactRef(),
    relatedName: text("related_name").notNull(),
    relationshipType: text("relationship_type").notNull(),
    mobile: text("mobile"),
    email: text("email"),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [index("contact_relationship_contact_idx").on(t.contactId)],
);

/** A school or degree the contact completed. */
export const educationHistory = pgTable(
  "education_history",
  {
    id: id(),
    contactId: contactRef(),
    institutionName: text("institution_name").notNull(),
    qualification: text("qualification").notNull(),
    yearOfPassing: text("year_of_passing").notNull(),
    score: text("score").notNull().default(""),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [index("education_history_contact_idx").on(t.contactId)],
);

/** A labelled piece of further information on the contact. */
export const contactAdditionalInfo = pgTable(
  "contact_additional_info",
  {
    id: id(),
    contactId: contactRef(),
    label: text("label").notNull(),
    value: text("value").notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [index("contact_additional_info_contact_idx").on(t.contactId)],
);

/** A note of the administrator or an office on a contact; written once, read by those roles only. */
export const adminNote = pgTable(
  "admin_note",
  {
    id: id(),
    contactId: contactRef(),
    note: text("note").notNull(),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("admin_note_contact_idx").on(t.contactId, t.createdAt),
    check("admin_note_length_ck", sql`char_length(${t.note}) <= 2000`),
  ],
);
