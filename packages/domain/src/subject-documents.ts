import { z } from "zod";
import { ZId } from "./planning-input.ts";

/*
 * Subject documents (spec route /app/subject-documents, screen subjectDocuments; §7 "retrieve lists
 * (... course document by termId)"): documents of a term's course offerings (syllabus, reading list,
 * slides), uploaded through the file store. The spec shows no fields; these are the portal's.
 */

/** Largest subject document, in bytes (700 KB, as the other uploads; the request body limit is 1 MB). */
export const SUBJECT_DOCUMENT_MAX_BYTES = 700 * 1024;

/** Extensions a subject document may have (its content must match): PDF, Word, PNG and JPEG. */
export const SUBJECT_DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "png", "jpg", "jpeg"] as const;

/** Messages of the subject document calls, in English. */
export const SUBJECT_DOCUMENT_MESSAGES = {
  titleRequired: "Title is required",
  fileRequired: "Choose a file",
  tooLarge: "The document is larger than 700 KB",
  wrongType: "Only PDF, Word and image files can be uploaded",
  noSuchOffering: "No such course offering",
  noSuchDocument: "No such document",
} as const;

/** Query of the term's course documents: the term. */
export const ZCourseDocumentsQuery = z.strictObject({ termId: ZId });

/** Body of POST /courseDocuments: the course offering, a title, the file's name and its bytes in base64. */
export const ZCourseDocumentUpload = z.strictObject({
  courseOfferingId: ZId,
  title: z
    .string({ error: SUBJECT_DOCUMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: SUBJECT_DOCUMENT_MESSAGES.titleRequired })
    .max(200, { error: "At most 200 characters" }),
  fileName: z
    .string({ error: SUBJECT_DOCUMENT_MESSAGES.fileRequired })
    .min(1, { error: SUBJECT_DOCUMENT_MESSAGES.fileRequired })
    .max(255, { error: "At most 255 characters" }),
  content: z
    .string({ error: SUBJECT_DOCUMENT_MESSAGES.fileRequired })
    .min(1, { error: SUBJECT_DOCUMENT_MESSAGES.fileRequired }),
});
