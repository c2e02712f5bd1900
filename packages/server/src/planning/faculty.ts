import { randomUUID } from "node:crypto";
import {
  type FacultySortColumn,
  formatDate,
  formatTime,
  INTERNAL_FACULTY_AVAILABILITY,
  kilobytes,
  PLANNING_MESSAGES,
  type SortDirection,
  SPEC_MESSAGES,
  type ZInvitation,
} from "@portal/domain";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { writeAudit } from "../audit.ts";
import type { AppContext, SessionUser } from "../context.ts";
import type { Executor } from "../db/client.ts";
import { personName } from "../db/person-name.ts";
import { rows } from "../db/rows.ts";
import { contact, facultyInvitation, facultyInvitationRecipient } from "../db/schema.ts";
import { withStoredFiles } from "../files/stored-files.ts";
import { ATTACHMENT_TYPES, checkUpload } from "../files/upload-check.ts";
import { badRequest, notFound } from "../http/errors.ts";

type FacultyRow = {
  id: string;
  name: string;
  email: string;
  facultyType: string | null;
  designation: string | null;
  phone: string | null;
  photoUrl: string | null;
  association: string | null;
  location: string | null;
  locationPreference: string[] | null;
  visits: Array<{ startDate: string; endDate: string; startTime: string; endTime: string }> | null;
};

/**
 * The ORDER BY terms of a faculty table sort (FACULTY_SORT_COLUMNS) over `contact f` left-joined to
 * `faculty_profile p`; the caller adds the tie-breaks. A missing profile value sorts as "" (Internal
 * for the association, as the list shows it); the rating sorts as shown (rounded to a half star), no
 * rating last in either direction.
 */
function facultySort(column: FacultySortColumn, direction: SortDirection): SQL {
  const dir = sql.raw(direction === "desc" ? "desc" : "asc");
  switch (column) {
    case "name":
      return sql`f.first_name ${dir}, f.last_name ${dir}`;
    case "phone":
      return sql`coalesce(p.phone, '') ${dir}`;
    case "email":
      return sql`f.email ${dir}`;
    case "type":
      return sql`coalesce(f.faculty_type, '') ${dir}`;
    case "association":
      return sql`coalesce(p.association, 'Internal') ${dir}`;
    case "location":
      return sql`coalesce(p.location, '') ${dir}`;
    case "rating":
      // The rating as shown: the mean in half stars, rounded to a whole half star.
      return sql`(select round(avg(r.rating_halves)) from faculty_subject_rating r where r.faculty_id = f.id) ${dir} nulls last`;
  }
}

/**
 * FacultyList (spec §2 Faculty Invitation and Faculty table, §3 faculty, §9 rating): one page of
 * faculty members by name (optionally matching `search` in name or e-mail), each with designation,
 * photo, phone, email, type, association (Internal or Visiting), location and preference list,
 * availability (visiting faculty: their visits; others Monday-Friday 8:30 AM - 5:30 PM), the
 * subjects they teach or are rated for (label, rating 0-5 in half stars, batch) and the overall
 * rating (mean, rounded to a half star; null without ratings). With `sortBy`
 * (FACULTY_SORT_COLUMNS) the rows are ordered by that column in `sortDirection` first; ties always
 * fall back to the list's own order and then the id, so the pages of one sort hold each faculty
 * member exactly once.
 */
export async function listFaculty(
  db: Executor,
  q: {
    search: string;
    pageNo: number;
    count: number;
    sortBy?: FacultySortColumn | undefined;
    sortDirection?: SortDirection | undefined;
  },
) {
  const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where = sql`where f.kind = 'faculty' and (${q.search} = '' or (${personName("f")}) ilike ${like} or f.email ilike ${like})`;
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from contact f ${where}`);
  const found = await rows<FacultyRow>(
    db,
    sql`select f.id, ${personName("f")} as name, f.email, f.faculty_type as "facultyType",
        p.designation, p.phone, p.photo_url as "photoUrl", p.association, p.location,
        p.location_preference as "locationPreference", p.visits
        from contact f left join faculty_profile p on p.contact_id = f.id ${where}
        order by ${q.sortBy ? sql`${facultySort(q.sortBy, q.sortDirection ?? "asc")}, ` : sql``}f.first_name, f.last_name, f.id limit ${q.count} offset ${(q.pageNo - 1) * q.count}`,
  );
  const ids = found.map((f) => f.id);
  const ratings =
    ids.length === 0
      ? []
      : await rows<{ facultyId: string; label: string; batch: string; halves: number }>(
          db,
          sql`select r.faculty_id as "facultyId", c.name as label, r.batch, r.rating_halves as halves
              from faculty_subject_rating r join course c on c.id = r.course_id
              where r.faculty_id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) order by c.name, r.batch`,
        );
  const taught =
    ids.length === 0
      ? []
      : await rows<{ facultyId: string; label: string }>(
          db,
          sql`select distinct o.faculty_id as "facultyId", c.name as label from course_offering o join course c on c.id = o.course_id
              where o.faculty_id in (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}) order by c.name`,
        );
  const faculty = found.map((f) => {
    const own = ratings.filter((r) => r.facultyId === f.id);
    const subjectList = own.map((r) => ({ label: r.label, rating: Number(r.halves) / 2, batch: r.batch }));
    const subjects = [
      ...new Set([
        ...taught.filter((t) => t.facultyId === f.id).map((t) => t.label),
        ...own.map((r) => r.label),
      ]),
    ];
    const mean = own.length === 0 ? null : own.reduce((s, r) => s + Number(r.halves), 0) / own.length;
    const association = f.association ?? "Internal";
    const visits = f.visits ?? [];
    return {
      id: f.id,
      name: f.name,
      designation: f.designation ?? "",
      photo: f.photoUrl ?? "",
      phone: f.phone ?? "",
      email: f.email,
      type: f.facultyType ?? "",
      association,
      location: f.location ?? "",
      locationPreference: f.locationPreference ?? [],
      availability:
        association === "Visiting"
          ? visits
              .map(
                (v) =>
                  `${formatDate(v.startDate)} - ${formatDate(v.endDate)} ${formatTime(v.startTime)} - ${formatTime(v.endTime)}`,
              )
              .join("; ")
          : INTERNAL_FACULTY_AVAILABILITY,
      visits: association === "Visiting" ? visits : [],
      subjects: subjects.join(", "),
      subjectList,
      rating: mean === null ? null : Math.round(mean) / 2,
    };
  });
  return { faculty, noOfRecords: Number(total?.n ?? 0) };
}

/** Strict base64 (no whitespace, correct padding), or null. */
function decodeBase64(text: string): Uint8Array | null {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  return new Uint8Array(Buffer.from(text, "base64"));
}

/**
 * Faculty invitation / email (spec §2 Faculty Invitation: Send New Invite, Send Invite, Send Email;
 * §5 attachment rule): mails every chosen faculty member the subject and body with the attachment,
 * keeps the attachment in the file store and the invitation with its recipients. The attachment is
 * checked by what it is: its name's extension (doc, docx, pdf, jpeg, jpg, png) and the type read
 * from its content must agree (files/upload-check.ts), else 400 'Please Select Only Doc ,Pdf and
 * Image'; at most `maxBytes` decoded. Its name is kept cleaned (domain `cleanFileName`), the file
 * under a generated key, written with the invitation (`withStoredFiles`) in one transaction with the
 * outbox rows and the audit: a refused or rolled-back invitation leaves no file. 404 unknown faculty.
 */
export async function sendInvitation(
  ctx: AppContext,
  user: SessionUser,
  input: z.output<typeof ZInvitation>,
  contentBase64: string,
  maxBytes: number,
) {
  const bytes = decodeBase64(contentBase64);
  if (!bytes || bytes.byteLength === 0) {
    throw badRequest("The attachment is not valid base64 content", "attachment.contentBase64", "base64");
  }
  if (bytes.byteLength > maxBytes) {
    throw badRequest(
      `The attachment is larger than ${kilobytes(maxBytes)} KB`,
      "attachment.contentBase64",
      "max_size",
    );
  }
  const checked = await checkUpload(bytes, input.attachmentName, ATTACHMENT_TYPES);
  if (!checked.ok) {
    const field = checked.reason === "extension" ? "attachment.fileName" : "attachment.contentBase64";
    throw badRequest(PLANNING_MESSAGES.attachmentType, field, "attachment_type");
  }
  const recipients = await ctx.db
    .select({
      id: contact.id,
      email: contact.email,
      firstName: contact.firstName,
      lastName: contact.lastName,
    })
    .from(contact)
    .where(and(inArray(contact.id, input.facultyIds), eq(contact.kind, "faculty")));
  if (recipients.length !== input.facultyIds.length) throw notFound("No such faculty member", "facultyIds");
  const id = randomUUID();
  return withStoredFiles(ctx, async (tx, files) => {
    const key = await files.add("faculty-invitations", bytes, checked);
    await tx.insert(facultyInvitation).values({
      id,
      kind: input.kind,
      subject: input.subject,
      body: input.body,
      attachmentName: checked.fileName,
      attachmentKey: key,
      sentBy: user.id,
    });
    await tx
      .insert(facultyInvitationRecipient)
      .values(recipients.map((r) => ({ invitationId: id, facultyId: r.id, email: r.email })));
    for (const r of recipients) {
      await ctx.mailer.enqueue(tx, {
        to: [r.email],
        subject: input.subject,
        text: `Dear ${r.firstName} ${r.lastName},\n\n${input.body}`,
        attachments: [{ filename: checked.fileName, contentType: checked.mediaType, content: bytes }],
        source: `planning.faculty_invitation:${id}`,
      });
    }
    await writeAudit(
      tx,
      user,
      [
        {
          action: `send_${input.kind}`,
          entity: "faculty_invitation",
          entityId: id,
          before: null,
          after: {
            subject: input.subject,
            attachment: checked.fileName,
            recipients: recipients.map((r) => r.email),
          },
        },
      ],
      new Date(ctx.now()),
    );
    return { message: SPEC_MESSAGES.mailSent, invitationId: id, sent: recipients.length };
  });
}

/** Invitations sent, newest first, with their recipients (the screen's history). */
export async function listInvitations(db: Executor) {
  const found = await rows<{
    id: string;
    kind: string;
    subject: string;
    attachmentName: string;
    sentAt: string;
    recipients: string[];
  }>(
    db,
    sql`select i.id, i.kind, i.subject, i.attachment_name as "attachmentName", to_char(i.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt",
        coalesce((select json_agg(r.email order by r.email) from faculty_invitation_recipient r where r.invitation_id = i.id), '[]') as recipients
        from faculty_invitation i order by i.sent_at desc, i.id limit 100`,
  );
  return found;
}
