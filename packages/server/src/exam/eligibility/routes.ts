import {
  DEFAULT_GRID_PAGE_SIZE,
  ELIGIBILITY_STATUSES,
  ROLE_EXAM_OFFICE,
  TIMETABLE_PAGE_SIZES,
  ZEligibilityUpdateItem,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { listScopeOf } from "../../auth/public.ts";
import type { AppContext, AppEnv } from "../../context.ts";
import { parseOrThrow } from "../../http/errors.ts";
import { readJson } from "../../http/input.ts";
import {
  resolveAllRows,
  ZItemVersion,
  zBodyPageNo,
  zItemList,
  zOptionalId,
  zPageCount,
  zQueryPageNo,
  zSearch,
} from "../../http/request-schemas.ts";
import {
  getStudentRiskData,
  getStudentStatus,
  listStudentEligibility,
  updateEligibility,
} from "./eligibility.ts";

/** Most eligibility decisions one PATCH /sf/exam/update/eligibily takes. */
export const MAX_ELIGIBILITY_ITEMS = 500;

/** Paging in a query string (numbers as text). */
const ZQueryPage = {
  pageNo: zQueryPageNo,
  count: zPageCount(TIMETABLE_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE, true),
};
/** Paging in a JSON body. */
const ZBodyPage = {
  pageNo: zBodyPageNo,
  count: zPageCount(TIMETABLE_PAGE_SIZES, DEFAULT_GRID_PAGE_SIZE, false),
};
const eligibilityFilter = z
  .union([z.enum(ELIGIBILITY_STATUSES), z.literal("")], {
    error: `eligibility must be one of ${ELIGIBILITY_STATUSES.join(", ")}`,
  })
  .default("");

const ZStudentStatusQuery = z.object({ search: zSearch, eligibility: eligibilityFilter, ...ZQueryPage });
const ZRiskBody = z.object({ examCycleId: zOptionalId, search: zSearch, ...ZBodyPage });
const ZStudentDataBody = z.object({
  examCycleId: zOptionalId,
  examId: zOptionalId,
  eligibility: eligibilityFilter,
  search: zSearch,
  ...ZBodyPage,
});

/**
 * Eligibility routes (spec §4 eligibility labels; §7 /sf/exam/studentStatus/{id},
 * /sf/exam/update/eligibily, StudentRiskData, StudentData; openapi/evaluation.yaml). Signed-in only:
 * createApi puts /sf/* and /salesforce/* behind sign-in.
 */
export function eligibilityRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** The caller's exam office reach (docs/security/roles.md): null for everywhere. */
  const scopeOf = (c: Context<AppEnv>) => listScopeOf(ctx.db, c.get("user"), [ROLE_EXAM_OFFICE]);

  app.get("/sf/exam/studentStatus/:id", async (c) => {
    const { search, eligibility, pageNo, count } = resolveAllRows(
      parseOrThrow(ZStudentStatusQuery, c.req.query()),
    );
    const answer = await getStudentStatus(
      ctx.db,
      ctx.now(),
      c.req.param("id"),
      { search, eligibility },
      {
        pageNo,
        count,
      },
      // An exam outside the caller's scopes answers the 404 of an unknown one.
      await scopeOf(c),
    );
    return c.json({ success: true as const, ...answer });
  });

  app.patch("/sf/exam/update/eligibily", async (c) => {
    const raw = parseOrThrow(zItemList("eligibility items", MAX_ELIGIBILITY_ITEMS), await readJson(c));
    const items = raw.map((item, i) => ({
      ...parseOrThrow(ZEligibilityUpdateItem, item, String(i)),
      ...parseOrThrow(ZItemVersion, item, String(i)),
    }));
    // An exam outside the caller's scopes is refused as an unknown one, in the write's transaction.
    const students = await updateEligibility(ctx, c.get("user"), items, await scopeOf(c));
    return c.json({ success: true as const, message: "Eligibility saved", students });
  });

  app.post("/salesforce/StudentRiskData", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZRiskBody, (await readJson(c, { required: false })) ?? {}));
    const scope = await scopeOf(c);
    return c.json({ success: true as const, ...(await getStudentRiskData(ctx.db, ctx.now(), q, scope)) });
  });

  app.post("/salesforce/StudentData", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZStudentDataBody, (await readJson(c, { required: false })) ?? {}));
    const scope = await scopeOf(c);
    return c.json({ success: true as const, ...(await listStudentEligibility(ctx.db, ctx.now(), q, scope)) });
  });

  return app;
}
