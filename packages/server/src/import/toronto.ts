import { ImportFormatError, numberedLines } from "./import-error.ts";

/**
 * One institution of the Toronto exam-timetabling data (Carter, Laporte and Lee, 1996): the exams
 * (courses) with their enrolment counts and the students with the exams each sits. Ids are the
 * files' own, kept as written (e.g. "0170") so an import can trace every record to its line.
 */
export type TorontoDataset = {
  courses: Array<{ originalId: string; students: number; line: number }>;
  students: Array<{ line: number; courseIds: string[] }>;
  enrolments: number;
};

/**
 * Parses `NAME.crs` (one line per exam: `course_id number_of_students`) and `NAME.stu` (one line
 * per student: the ids of the exams that student sits, separated by spaces). Checks that every
 * exam a student sits is listed in the .crs file, that no student lists an exam twice, and that
 * each course's count in the .crs file equals the students who sit it.
 * Throws ImportFormatError naming the file and line of the first problem.
 */
export function parseToronto(input: {
  coursesFile: string;
  coursesText: string;
  studentsFile: string;
  studentsText: string;
}): TorontoDataset {
  const courses: TorontoDataset["courses"] = [];
  const byId = new Map<string, { students: number; line: number }>();
  for (const { line, text } of numberedLines(input.coursesText)) {
    if (text.trim() === "") continue;
    const match = /^\s*(\d+)\s+(\d+)\s*$/.exec(text);
    if (!match)
      throw new ImportFormatError(input.coursesFile, line, "expected `course_id number_of_students`");
    const [, originalId, count] = match as unknown as [string, string, string];
    if (byId.has(originalId))
      throw new ImportFormatError(input.coursesFile, line, `course ${originalId} is listed twice`);
    const course = { originalId, students: Number(count), line };
    courses.push(course);
    byId.set(originalId, course);
  }
  if (courses.length === 0) throw new ImportFormatError(input.coursesFile, 1, "the file lists no course");

  const seen = new Map<string, number>();
  const students: TorontoDataset["students"] = [];
  let enrolments = 0;
  for (const { line, text } of numberedLines(input.studentsText)) {
    const courseIds = text.trim() === "" ? [] : text.trim().split(/\s+/);
    const mine = new Set<string>();
    for (const id of courseIds) {
      if (!/^\d+$/.test(id))
        throw new ImportFormatError(input.studentsFile, line, `"${id}" is not a course id`);
      if (!byId.has(id))
        throw new ImportFormatError(input.studentsFile, line, `course ${id} is not in ${input.coursesFile}`);
      if (mine.has(id)) throw new ImportFormatError(input.studentsFile, line, `course ${id} is listed twice`);
      mine.add(id);
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    enrolments += courseIds.length;
    students.push({ line, courseIds });
  }
  for (const course of courses) {
    const sitting = seen.get(course.originalId) ?? 0;
    if (sitting !== course.students) {
      throw new ImportFormatError(
        input.coursesFile,
        course.line,
        `course ${course.originalId} lists ${course.students} students but ${sitting} sit it in ${input.studentsFile}`,
      );
    }
  }
  return { courses, students, enrolments };
}
