import {
  DEFAULT_LIST_PAGE_SIZE,
  isValidEmail,
  LIST_PAGE_SIZES,
  QUESTION_PAPER_SORT_COLUMNS,
  ROLE_EXAM_OFFICE,
  SORT_DIRECTIONS,
  SPEC_MESSAGES,
} from "@portal/domain";
import { Hono } from "hono";
import { z } from "zod";
import { type AuditEntry, writeAudit } from "../../audit.ts";
import { listScopeOf } from "../../auth/public.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import { notFound, parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/input.ts";
import { keptJsonResponse } from "../../http/kept-json.ts";
import { zVersion } from "../../http/versions.ts";
import {
  approveQuestionPapers,
  countQuestionPapersByStatus,
  getChat,
  getQuestionPaper,
  getQuestionPaperFilters,
  getSetDocumentKey,
  type PaperApproval,
  postChatMessage,
  publishQuestionPapers,
  questionPaperExists,
  questionPaperListAnswer,
  type SetApproval,
} from "./question-papers.ts";

const filterField = z.string().trim().max(200).default("");
const ZListBody = z.object({
  course: filterField,
  status: filterField,
  term: filterField,
  faculty: filterField,
  batch: filterField,
  examCycle: filterField,
  pageNo: z.number().int().min(1).max(1_000_000).default(1),
  count: z
    .number()
    .int()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), {
      error: `count must be one of ${LIST_PAGE_SIZES.join(", ")}`,
    })
    .default(DEFAULT_LIST_PAGE_SIZE),
  sortBy: z.enum(QUESTION_PAPER_SORT_COLUMNS).default("courseName"),
  sortDirection: z.enum(SORT_DIRECTIONS).default("asc"),
});

const ZSetApproval = z.object({
  questionPaperId: z.string().min(1).max(100),
  questionPaperStatus: z.literal("Approved"),
  questionPaperSet: z.union([z.literal(1), z.literal(2)]),
  version: zVersion(),
});
const ZPaperApproval = z.object({
  id: z.string().min(1).max(100),
  status: z.literal("Approved"),
  sendEmail: z.boolean().default(false),
  version: zVersion(),
});
const ZItems = z.array(z.unknown()).min(1).max(100);
/** One item of PATCH /sf/exam/update/QPPublish. */
const ZPublication = z.object({ id: z.string().min(1).max(100), version: zVersion() });
const ZPublications = z.array(ZPublication).min(1).max(100);

const ZChatBody = z.object({
  body: z
    .string({ error: "body is required" })
    .trim()
    .min(1, { error: "Message cannot be empty" })
    .max(2000, { error: "Message is longer than 2000 characters" }),
});

const ZMail = z.object({
  sendEmail: z.boolean(),
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
  toAddresses: z
    .string()
    .max(5000)
    .transform((v) =>
      v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.length <= 50 && list.every(isValidEmail), {
      error: SPEC_MESSAGES.invalidEmail,
    }),
  questionPaperId: z.string().min(1).max(100).optional(),
});

/** Question paper routes (spec Question paper list, chat, view; §3, §4, §5, §7), signed-in only. */
export function questionPaperRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/sf/exam/questionPaperFilters", async (c) => {
    // The options of the papers the list shows the caller: those within the caller's scopes.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, ...(await getQuestionPaperFilters(ctx.db, scope)) });
  });

  app.get("/sf/exam/questionPaperCounts", async (c) => {
    // The tiles count what the list shows: the papers within the caller's scopes.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, ...(await countQuestionPapersByStatus(ctx.db, scope)) });
  });

  app.post("/sf/exam/questionPaperList", async (c) => {
    const { pageNo, count, sortBy, sortDirection, ...filter } = parseOrThrow(ZListBody, await readJson(c));
    const sort = { column: sortBy, direction: sortDirection };
    // A user whose exam office role is held only at scopes sees the papers within them.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return keptJsonResponse(c, await questionPaperListAnswer(ctx.db, filter, { pageNo, count, sort }, scope));
  });

  app.get("/sf/exam/questionPaper/:id", async (c) => {
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({
      success: true as const,
      questionpaper: await getQuestionPaper(ctx.db, c.req.param("id"), scope),
    });
  });

  app.get("/sf/exam/questionPaper/:id/document/:set", async (c) => {
    const id = c.req.param("id");
    const set = Number(c.req.param("set"));
    // A paper outside the caller's scopes answers the 404 of a missing document.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const key = await getSetDocumentKey(ctx.db, id, set, scope);
    const file = key ? await ctx.files.stream(key) : null;
    if (!file) {
      throw notFound(SPEC_MESSAGES.questionPaperNotAvailable);
    }
    return c.body(file.body, 200, {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="question-paper-${id}-set-${set}.pdf"`,
      "Cache-Control": "private, max-age=60",
    });
  });

  app.get("/sf/exam/questionPaper/:id/chat", async (c) => {
    // A paper outside the caller's scopes answers the 404 of an unknown one, for reading and writing.
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    return c.json({ success: true as const, ...(await getChat(ctx.db, c.req.param("id"), scope)) });
  });

  app.post("/sf/exam/questionPaper/:id/chat", async (c) => {
    const { body } = parseOrThrow(ZChatBody, await readJson(c));
    const scope = await listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);
    const message = await postChatMessage(ctx, c.get("user"), c.req.param("id"), body, scope);
    return c.json({ success: true as const, message });
  });

  app.patch("/sf/exam/update/question", async (c) => {
    const raw = parseOrThrow(ZItems, await readJson(c));
    const items: Array<SetApproval | PaperApproval> = raw.map((item, i) => {
      const isSet = typeof item === "object" && item !== null && "questionPaperId" in item;
      return isSet
        ? parseOrThrow(ZSetApproval, item, String(i))
        : parseOrThrow(ZPaperApproval, item, String(i));
    });
    const questionPapers = await approveQuestionPapers(ctx, c.get("user"), items);
    return c.json({ success: true as const, questionPapers });
  });

  app.patch("/sf/exam/update/QPPublish", async (c) => {
    const items = parseOrThrow(ZPublications, await readJson(c));
    const questionPapers = await publishQuestionPapers(ctx, c.get("user"), items);
    return c.json({ success: true as const, questionPapers });
  });

  app.post("/salesforce/Exams/sendEmail", async (c) => {
    const raw = parseOrThrow(ZItems, await readJson(c));
    const mails = raw.map((item, i) => parseOrThrow(ZMail, item, String(i)));
    for (const [i, mail] of mails.entries()) {
      if (mail.questionPaperId && !(await questionPaperExists(ctx.db, mail.questionPaperId))) {
        throw notFound(SPEC_MESSAGES.courseIdDoesNotExist, `${i}.questionPaperId`);
      }
    }
    const actor = c.get("user");
    const at = new Date(ctx.now());
    await ctx.db.transaction(async (tx) => {
      const audit: AuditEntry[] = [];
      for (const mail of mails) {
        if (!mail.sendEmail) continue;
        await ctx.mailer.enqueue(tx, {
          to: mail.toAddresses,
          subject: mail.subject,
          text: mail.body,
          ...(mail.questionPaperId ? { source: `exam.question_paper:${mail.questionPaperId}` } : {}),
        });
        if (mail.questionPaperId) {
          audit.push({
            action: "send_reminder",
            entity: "question_paper",
            entityId: mail.questionPaperId,
            before: null,
            after: { to: mail.toAddresses, subject: mail.subject },
          });
        }
      }
      await writeAudit(tx, actor, audit, at);
    });
    return c.json({ success: true as const, message: SPEC_MESSAGES.mailSent });
  });

  return app;
}
