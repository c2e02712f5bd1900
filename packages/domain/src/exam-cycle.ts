/**
 * The exam cycle a screen shows when the user has not chosen one (the seating, invigilation and
 * faculty proctoring lists, and the exam dashboard when no exam lies ahead): the newest cycle that
 * has exams, so an office that has just made next term's cycle still lands on the one it works on;
 * the newest cycle when none has exams; undefined for no cycles.
 * `cycles` come latest first, as GET /sf/exam/examCycles lists them.
 */
export function defaultExamCycle<C extends { exams: number }>(cycles: readonly C[]): C | undefined {
  return cycles.find((cycle) => cycle.exams > 0) ?? cycles[0];
}
