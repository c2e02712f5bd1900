import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ImportFormatError } from "./import-error.ts";
import { parseItc2007 } from "./itc2007.ts";
import { parseToronto } from "./toronto.ts";

/**
 * The real exam-enrolment data kept in the repository (data/exam-timetabling), or the
 * folder EXAM_DATA_DIR names. The expected counts are those of that folder's README.
 */
const dataDir =
  process.env.EXAM_DATA_DIR ?? fileURLToPath(new URL("../../../../data/exam-timetabling", import.meta.url));

it("finds the exam-enrolment data", () => {
  expect(existsSync(join(dataDir, "README.md")), `no data in ${dataDir}`).toBe(true);
});

describe.each([
  ["car-f-92", 543, 18_419, 55_522],
  ["ear-f-83", 190, 1_125, 8_109],
  ["hec-s-92", 81, 2_823, 10_632],
  ["kfu-s-93", 461, 5_349, 25_113],
  ["sta-f-83", 139, 611, 5_751],
  ["yor-f-83", 181, 941, 6_034],
])("Toronto %s", (name, exams, students, enrolments) => {
  it(`has ${exams} exams, ${students} students, ${enrolments} enrolments`, () => {
    const data = parseToronto({
      coursesFile: `${name}.crs`,
      coursesText: readFileSync(join(dataDir, "toronto", `${name}.crs`), "utf8"),
      studentsFile: `${name}.stu`,
      studentsText: readFileSync(join(dataDir, "toronto", `${name}.stu`), "utf8"),
    });
    expect(data.courses).toHaveLength(exams);
    expect(data.students).toHaveLength(students);
    expect(data.enrolments).toBe(enrolments);
  });
});

describe.each([
  ["exam_comp_set1", 607, 7_883, 32_380, 54, 7],
  ["exam_comp_set4", 273, 4_421, 21_740, 21, 1],
  ["exam_comp_set6", 242, 7_909, 18_466, 16, 8],
])("ITC2007 %s", (name, exams, students, enrolments, periods, rooms) => {
  it(`has ${exams} exams, ${students} students, ${enrolments} enrolments, ${periods} periods, ${rooms} rooms`, () => {
    const data = parseItc2007(`${name}.exam`, readFileSync(join(dataDir, "itc2007", `${name}.exam`), "utf8"));
    expect(data.exams).toHaveLength(exams);
    expect(data.studentIds).toHaveLength(students);
    expect(data.enrolments).toBe(enrolments);
    expect(data.periods).toHaveLength(periods);
    expect(data.rooms).toHaveLength(rooms);
    expect(data.periods[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(data.weightings)).toContain("TWOINAROW");
  });
});

function formatError(run: () => unknown): ImportFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportFormatError) return error;
    throw error;
  }
  throw new Error("expected an ImportFormatError");
}

const toronto = (courses: string, students: string) => () =>
  parseToronto({ coursesFile: "x.crs", coursesText: courses, studentsFile: "x.stu", studentsText: students });

describe.each([
  [
    "a malformed course line",
    toronto("0001 2\n0002 x\n", "0001\n"),
    "x.crs",
    2,
    "course_id number_of_students",
  ],
  ["a course listed twice", toronto("0001 1\n0001 1\n", "0001\n"), "x.crs", 2, "listed twice"],
  ["an unknown course", toronto("0001 1\n", "0001\n0009\n"), "x.stu", 2, "not in x.crs"],
  ["a course twice for one student", toronto("0001 2\n", "0001 0001\n"), "x.stu", 1, "listed twice"],
  [
    "a count that disagrees",
    toronto("0001 1\n0002 1\n", "0001\n0001 0002\n"),
    "x.crs",
    1,
    "lists 1 students but 2",
  ],
  ["an empty course file", toronto("", ""), "x.crs", 1, "no course"],
])("Toronto with %s", (_case, run, file, line, reason) => {
  it(`names ${file} line ${line}`, () => {
    const error = formatError(run);
    expect([error.file, error.line]).toEqual([file, line]);
    expect(error.message).toContain(reason);
  });
});

const itc = (text: string) => () => parseItc2007("x.exam", text);
const minimal = "[Exams:1]\n60, 1, 2\n[Periods:1]\n10:12:2005, 09:00:00, 180, 0\n[Rooms:1]\n100, 0\n";

describe.each([
  ["a bad duration", itc("[Exams:1]\nlong, 1\n[Periods:0]\n[Rooms:0]\n"), 2, "duration"],
  [
    "too few exam lines",
    itc("[Exams:2]\n60, 1\n[Periods:0]\n[Rooms:0]\n"),
    1,
    "[Exams:2] is followed by 1 lines",
  ],
  [
    "a bad date",
    itc("[Exams:1]\n60, 1\n[Periods:1]\n2005-12-10, 09:00:00, 180, 0\n[Rooms:0]\n"),
    4,
    "DD:MM:YYYY",
  ],
  ["a student twice in one exam", itc("[Exams:1]\n60, 1, 1\n[Periods:0]\n[Rooms:0]\n"), 2, "listed twice"],
  [
    "an unknown constraint",
    itc(`${minimal}[PeriodHardConstraints]\n0, BEFORE, 0\n`),
    8,
    "unknown period constraint",
  ],
  [
    "a constraint on a missing exam",
    itc(`${minimal}[PeriodHardConstraints]\n0, AFTER, 5\n`),
    7,
    "names exam 5",
  ],
  ["data before any section", itc("60, 1\n"), 1, "before the first section"],
  ["a missing section", itc("[Exams:0]\n[Periods:0]\n"), 1, "[Rooms:n] section is missing"],
])("ITC2007 with %s", (_case, run, line, reason) => {
  it(`names line ${line}`, () => {
    const error = formatError(run);
    expect([error.file, error.line]).toEqual(["x.exam", line]);
    expect(error.message).toContain(reason);
  });
});

it("reads a minimal ITC2007 file and CRLF line ends", () => {
  const data = parseItc2007("x.exam", minimal.replaceAll("\n", "\r\n"));
  expect(data.exams[0]).toMatchObject({ index: 0, durationMinutes: 60, studentIds: ["1", "2"] });
  expect(data.periods[0]).toEqual({
    index: 0,
    date: "2005-12-10",
    time: "09:00:00",
    durationMinutes: 180,
    penalty: 0,
  });
  expect(data.rooms[0]).toEqual({ index: 0, capacity: 100, penalty: 0 });
});
