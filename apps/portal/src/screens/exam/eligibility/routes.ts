/**
 * Addresses of the eligibility screens (spec §2: /app/exam/studentEligibility and
 * /app/exams/ExamSetup/student-status). Ids and filter values are URL-encoded.
 */

/** The eligibility overview, optionally of one exam cycle (`?cycle=`). */
export function eligibilityOverviewLink(cycle?: string): string {
  return cycle
    ? `/app/exam/studentEligibility?cycle=${encodeURIComponent(cycle)}`
    : "/app/exam/studentEligibility";
}

/** The student status of one exam (`?id=<exam id>`), optionally filtered by an eligibility label. */
export function studentStatusLink(examId: string, eligibility?: string): string {
  const query = new URLSearchParams({ id: examId });
  if (eligibility) query.set("eligibility", eligibility);
  return `/app/exams/ExamSetup/student-status?${query.toString()}`;
}
