import { and, eq, sql } from "drizzle-orm";
import { exam, examPeriod, invigilation } from "../db/schema.ts";
import { isUuid } from "../http/request.ts";
import type { TestApi } from "./harness.ts";

/**
 * For test files about other rules of the seating and invigilation saves: makes `api.call` give a
 * seatingPlan/save body, and each update/invigilation item, that has no `version` the one the
 * screen would have read (the current one). The version rule itself is tested in versions.test.ts,
 * which sends versions explicitly.
 */
export function sendCurrentVersions(api: TestApi): void {
  const call = api.call.bind(api);
  api.call = async (method, url, options) => {
    const body = options?.body;
    if (url === "/api/salesforce/seatingPlan/save" && isObject(body) && !("version" in body)) {
      return call(method, url, {
        ...options,
        body: { ...body, version: await seatingVersion(api, body.examId) },
      });
    }
    if (url === "/api/sf/exam/update/invigilation" && Array.isArray(body)) {
      const items = await Promise.all(
        body.map(async (item) =>
          isObject(item) && !("version" in item)
            ? { ...item, version: await dutyVersion(api, item.examId, item.facultyId) }
            : item,
        ),
      );
      return call(method, url, { ...options, body: items });
    }
    return call(method, url, options);
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function seatingVersion(api: TestApi, examId: unknown): Promise<number> {
  if (typeof examId !== "string" || !isUuid(examId)) return 0;
  const [row] = await api.ctx.db
    .select({ version: sql<number>`coalesce(${examPeriod.seatingVersion}, 0)` })
    .from(exam)
    .leftJoin(examPeriod, eq(examPeriod.id, exam.examPeriodId))
    .where(eq(exam.id, examId));
  return Number(row?.version ?? 0);
}

async function dutyVersion(api: TestApi, examId: unknown, facultyId: unknown): Promise<number> {
  if (typeof examId !== "string" || typeof facultyId !== "string" || !isUuid(examId) || !isUuid(facultyId)) {
    return 0;
  }
  const [row] = await api.ctx.db
    .select({ version: invigilation.version })
    .from(invigilation)
    .where(and(eq(invigilation.examId, examId), eq(invigilation.facultyId, facultyId)));
  return row?.version ?? 0;
}
