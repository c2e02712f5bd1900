import {
  ROLE_ACADEMIC_OFFICE,
  ZCreateEnrolments,
  ZEnrolmentCandidatesQuery,
  ZEnrolmentOptionsQuery,
  ZFacultyAssociation,
  ZFacultyAssociationRemoval,
  ZFacultyEnrolmentQuery,
} from "@portal/domain";
import { type Context, Hono } from "hono";
import { listScopeOf } from "../auth/public.ts";
import type { AppContext, AppEnv } from "../context.ts";
import { parseOrThrow } from "../http/errors.ts";
import { readJson } from "../http/input.ts";
import { resolveAllRows } from "../http/request-schemas.ts";
import { createEnrolments, enrolmentCandidates, enrolmentOptions } from "./enrolment.ts";
import { associateFaculty, listFacultyEnrolment, removeFacultyAssociation } from "./faculty.ts";

/**
 * Routes of the enrolment screens (openapi/enrolment.yaml; spec §7 getDataForCourseEnrolment,
 * getStudentAndCourseForEnrolment, createEnrolmentTillCourses, FacultyEnrollment). The academic
 * office and the administrator, by the generated role table; the lookups narrow to the caller's
 * academic office reach (docs/security/roles.md), the writes check roles only.
 */
export function enrolmentRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const reach = (c: Context<AppEnv>) => listScopeOf(ctx.db, c.get("user"), [ROLE_ACADEMIC_OFFICE]);
  app.get("/salesforce/getDataForCourseEnrolment", async (c) => {
    const q = parseOrThrow(ZEnrolmentOptionsQuery, c.req.query());
    return c.json({ success: true as const, ...(await enrolmentOptions(ctx.db, q, await reach(c))) });
  });
  app.get("/salesforce/getStudentAndCourseForEnrolment", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZEnrolmentCandidatesQuery, c.req.query()));
    return c.json({ success: true as const, ...(await enrolmentCandidates(ctx.db, q, await reach(c))) });
  });
  app.post("/salesforce/createEnrolmentTillCourses", async (c) => {
    const input = parseOrThrow(ZCreateEnrolments, await readJson(c));
    return c.json({ success: true as const, ...(await createEnrolments(ctx, c.get("user"), input)) });
  });
  app.get("/salesforce/FacultyEnrollment", async (c) => {
    const q = resolveAllRows(parseOrThrow(ZFacultyEnrolmentQuery, c.req.query()));
    return c.json({ success: true as const, ...(await listFacultyEnrolment(ctx.db, q, await reach(c))) });
  });
  app.post("/salesforce/FacultyEnrollment", async (c) => {
    const input = parseOrThrow(ZFacultyAssociation, await readJson(c));
    return c.json({ success: true as const, ...(await associateFaculty(ctx, c.get("user"), input)) });
  });
  app.delete("/salesforce/FacultyEnrollment", async (c) => {
    const input = parseOrThrow(ZFacultyAssociationRemoval, c.req.query());
    return c.json({ success: true as const, ...(await removeFacultyAssociation(ctx, c.get("user"), input)) });
  });
  return app;
}
