import {
  CONTRACT_PAGE_SIZES,
  ROLE_ACADEMIC_OFFICE,
  ZContractListQuery,
  ZContractUpdate,
  ZContractVersion,
  ZFacultyOnboarding,
  ZId,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { listScopeOf } from "../auth/public.ts";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import {
  contractOptions,
  contractPdf,
  getContract,
  listContractFaculty,
  listContracts,
  onboardFaculty,
  runContractEvent,
} from "./contracts.ts";
import { getCourseOffering, listCourseOfferings, listFacultySections } from "./courses.ts";

const BASE = "/salesforce/facultyOnboarding";
/** One contract's calls: not salesforce services, as the legacy `?endpoint=` form carries no path parameters. */
const ONE = "/contracts/:id";

/** The wire call of each life-cycle step (the spec's names where it has them) and its domain event. */
const STEPS = {
  sendForAreaHeadApproval: "submit",
  approve: "approve",
  returnToDraft: "return",
  sendEmailContractor: "send",
  resendEmailContract: "resend",
  cancelContract: "cancel",
} as const;

/**
 * Routes of faculty onboarding and contracts (openapi/contracts.yaml): onboard,
 * options, lists (contracts by state, cancelled, faculty), one contract, its PDF, update and delete
 * of a draft, and each life-cycle step; the course offerings as the office sees them (View Course)
 * and a faculty member's sections (courses.ts). Roles by the generated table; the contract's own rule
 * (office or its area head) in contracts.ts.
 */
export function contractRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idOf = (c: { req: { param: (n: string) => string } }) =>
    parseOrThrow(z.object({ id: ZId }), { id: c.req.param("id") }).id;
  /** The caller's academic office reach: the lists and lookups narrow to it (docs/security/roles.md). */
  const reach = (c: Context<AppEnv>) => listScopeOf(ctx.db, c.get("user"), [ROLE_ACADEMIC_OFFICE]);

  app.post(`${BASE}/save`, async (c) => {
    const input = parseOrThrow(ZFacultyOnboarding, await readJson(c));
    return c.json({ success: true as const, contract: await onboardFaculty(ctx, c.get("user"), input) }, 201);
  });
  app.get(`${BASE}/options`, async (c) => {
    const q = parseOrThrow(z.object({ termId: ZId.optional() }), c.req.query());
    const today = new Date(ctx.now()).toISOString().slice(0, 10);
    return c.json({
      success: true as const,
      ...(await contractOptions(ctx.db, today, q.termId ?? null, await reach(c))),
    });
  });
  app.get(`${BASE}/contracts`, async (c) => {
    const q = parseOrThrow(ZContractListQuery, c.req.query());
    return c.json({
      success: true as const,
      ...(await listContracts(ctx.db, c.get("user"), q, await reach(c))),
    });
  });
  app.get(`${BASE}/cancelled`, async (c) => {
    const q = parseOrThrow(ZContractListQuery.omit({ state: true }), c.req.query());
    return c.json({
      success: true as const,
      ...(await listContracts(ctx.db, c.get("user"), { ...q, state: "cancelled" }, await reach(c))),
    });
  });
  app.get(`${BASE}/faculty`, async (c) => {
    const q = parseOrThrow(
      z.object({
        search: z.string().trim().max(100).default(""),
        pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
        count: z.coerce
          .number()
          .int()
          .refine((n) => (CONTRACT_PAGE_SIZES as readonly number[]).includes(n), {
            error: `Must be one of ${CONTRACT_PAGE_SIZES.join(", ")}`,
          })
          .default(CONTRACT_PAGE_SIZES[0]),
      }),
      c.req.query(),
    );
    return c.json({ success: true as const, ...(await listContractFaculty(ctx.db, q, await reach(c))) });
  });
  app.get(`${BASE}/courseOfferings`, async (c) => {
    const q = parseOrThrow(
      z.object({
        search: z.string().trim().max(100).default(""),
        termId: ZId.optional(),
        pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
        count: z.coerce
          .number()
          .int()
          .refine((n) => (CONTRACT_PAGE_SIZES as readonly number[]).includes(n), {
            error: `Must be one of ${CONTRACT_PAGE_SIZES.join(", ")}`,
          })
          .default(CONTRACT_PAGE_SIZES[0]),
      }),
      c.req.query(),
    );
    return c.json({ success: true as const, ...(await listCourseOfferings(ctx.db, q, await reach(c))) });
  });
  app.get("/courseOfferings/:id", async (c) =>
    c.json({
      success: true as const,
      courseOffering: await getCourseOffering(ctx.db, idOf(c), await reach(c)),
    }),
  );
  app.get("/faculty/:contactId/sections", async (c) => {
    const { contactId } = parseOrThrow(z.object({ contactId: ZId }), { contactId: c.req.param("contactId") });
    return c.json({
      success: true as const,
      ...(await listFacultySections(ctx.db, contactId, await reach(c))),
    });
  });
  app.get(ONE, async (c) =>
    c.json({ success: true as const, contract: await getContract(ctx.db, c.get("user"), idOf(c)) }),
  );
  app.get(`${ONE}/pdf`, async (c) => {
    const id = idOf(c);
    const pdf = await contractPdf(ctx.db, c.get("user"), id);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `inline; filename="contract-${id}.pdf"`,
      "Cache-Control": "private, no-store",
    });
  });
  app.put(ONE, async (c) => {
    const id = idOf(c);
    const { version, ...terms } = parseOrThrow(ZContractUpdate, await readJson(c));
    const contract = await runContractEvent(ctx, c.get("user"), id, {
      event: "edit",
      version,
      terms: { ...terms, version },
    });
    return c.json({ success: true as const, contract });
  });
  app.delete(ONE, async (c) => {
    const id = idOf(c);
    const { version } = parseOrThrow(z.object({ version: z.coerce.number().int().min(1) }), c.req.query());
    await runContractEvent(ctx, c.get("user"), id, { event: "delete", version });
    return c.json({ success: true as const });
  });
  app.post(`${ONE}/sendRevisedContractEmail`, async (c) => {
    const id = idOf(c);
    const { version, ...terms } = parseOrThrow(ZContractUpdate, await readJson(c));
    const contract = await runContractEvent(ctx, c.get("user"), id, {
      event: "revise",
      version,
      terms: { ...terms, version },
    });
    return c.json({ success: true as const, contract });
  });
  for (const [call, event] of Object.entries(STEPS)) {
    app.post(`${ONE}/${call}`, async (c) => {
      const id = idOf(c);
      const { version } = parseOrThrow(ZContractVersion, await readJson(c));
      const contract = await runContractEvent(ctx, c.get("user"), id, { event, version });
      return c.json({ success: true as const, contract });
    });
  }
  return app;
}
