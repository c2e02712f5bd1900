import { ImportFormatError, numberedLines } from "./import-error.ts";

/** Period hard constraints of ITC2007: two exams together, apart, or one after the other. */
export const ITC2007_PERIOD_CONSTRAINTS = ["EXAM_COINCIDENCE", "EXCLUSION", "AFTER"] as const;
export type Itc2007PeriodConstraint = (typeof ITC2007_PERIOD_CONSTRAINTS)[number];

/**
 * One instance of the examination track of the Second International Timetabling Competition
 * (2007). Exams and rooms are numbered from 0 in file order, as the constraints refer to them;
 * students keep their ids as written. Durations are minutes; dates are ISO (YYYY-MM-DD) and times
 * HH:MM:SS as written (the local time of the institution).
 */
export type Itc2007Dataset = {
  exams: Array<{ index: number; durationMinutes: number; studentIds: string[]; line: number }>;
  studentIds: string[];
  enrolments: number;
  periods: Array<{ index: number; date: string; time: string; durationMinutes: number; penalty: number }>;
  rooms: Array<{ index: number; capacity: number; penalty: number }>;
  periodConstraints: Array<{ first: number; kind: Itc2007PeriodConstraint; second: number }>;
  roomConstraints: Array<{ exam: number; kind: "ROOM_EXCLUSIVE" }>;
  weightings: Record<string, number[]>;
};

const SECTION =
  /^\[(Exams|Periods|Rooms):(\d+)\]$|^\[(PeriodHardConstraints|RoomHardConstraints|InstitutionalWeightings)\]$/;

/**
 * Parses an ITC2007 `.exam` file: sections `[Exams:n]` (duration, then the ids of the students
 * sitting it), `[Periods:n]` (date DD:MM:YYYY, time, duration, penalty), `[Rooms:n]` (capacity,
 * penalty), `[PeriodHardConstraints]`, `[RoomHardConstraints]` and `[InstitutionalWeightings]`.
 * Checks each line's shape, that each counted section has exactly its count of lines, and that
 * constraints name existing exams. Throws ImportFormatError naming the file and line.
 */
export function parseItc2007(file: string, text: string): Itc2007Dataset {
  const data: Itc2007Dataset = {
    exams: [],
    studentIds: [],
    enrolments: 0,
    periods: [],
    rooms: [],
    periodConstraints: [],
    roomConstraints: [],
    weightings: {},
  };
  const students = new Set<string>();
  type Section = { name: string; expected: number | null; line: number; count: number };
  let section: Section | null = null;
  const sections: Section[] = [];

  const fail = (line: number, reason: string): never => {
    throw new ImportFormatError(file, line, reason);
  };
  const integer = (value: string | undefined, line: number, what: string): number => {
    if (value === undefined || !/^-?\d+$/.test(value))
      return fail(line, `${what} must be a whole number, got "${value ?? ""}"`);
    return Number(value);
  };

  for (const { line, text: raw } of numberedLines(text)) {
    const text = raw.trim();
    if (text === "") continue;
    const header = SECTION.exec(text);
    if (header) {
      section = {
        name: header[1] ?? header[3] ?? "",
        expected: header[2] === undefined ? null : Number(header[2]),
        line,
        count: 0,
      };
      sections.push(section);
      continue;
    }
    if (!section) fail(line, "data before the first section header");
    const current = section as Section;
    const fields = text.split(",").map((f) => f.trim());
    current.count++;
    switch (current.name) {
      case "Exams": {
        const durationMinutes = integer(fields[0], line, "the duration");
        const ids = fields.slice(1).filter((f) => f !== "");
        const mine = new Set<string>();
        for (const id of ids) {
          if (!/^\d+$/.test(id)) fail(line, `"${id}" is not a student id`);
          if (mine.has(id)) fail(line, `student ${id} is listed twice`);
          mine.add(id);
          students.add(id);
        }
        data.enrolments += ids.length;
        data.exams.push({ index: data.exams.length, durationMinutes, studentIds: ids, line });
        break;
      }
      case "Periods": {
        const date = /^(\d{2}):(\d{2}):(\d{4})$/.exec(fields[0] ?? "");
        if (!date) fail(line, `the date must be DD:MM:YYYY, got "${fields[0] ?? ""}"`);
        const [, dd, mm, yyyy] = date as unknown as [string, string, string, string];
        if (!/^\d{2}:\d{2}:\d{2}$/.test(fields[1] ?? ""))
          fail(line, `the time must be HH:MM:SS, got "${fields[1] ?? ""}"`);
        data.periods.push({
          index: data.periods.length,
          date: `${yyyy}-${mm}-${dd}`,
          time: fields[1] as string,
          durationMinutes: integer(fields[2], line, "the duration"),
          penalty: integer(fields[3], line, "the penalty"),
        });
        break;
      }
      case "Rooms":
        data.rooms.push({
          index: data.rooms.length,
          capacity: integer(fields[0], line, "the capacity"),
          penalty: integer(fields[1], line, "the penalty"),
        });
        break;
      case "PeriodHardConstraints": {
        const kind = fields[1] as Itc2007PeriodConstraint;
        if (!ITC2007_PERIOD_CONSTRAINTS.includes(kind))
          fail(line, `unknown period constraint "${fields[1] ?? ""}"`);
        data.periodConstraints.push({
          first: integer(fields[0], line, "the first exam"),
          kind,
          second: integer(fields[2], line, "the second exam"),
        });
        break;
      }
      case "RoomHardConstraints":
        if (fields[1] !== "ROOM_EXCLUSIVE") fail(line, `unknown room constraint "${fields[1] ?? ""}"`);
        data.roomConstraints.push({ exam: integer(fields[0], line, "the exam"), kind: "ROOM_EXCLUSIVE" });
        break;
      case "InstitutionalWeightings": {
        const name = fields[0] ?? "";
        if (!/^[A-Z]+$/.test(name)) fail(line, `unknown weighting "${name}"`);
        data.weightings[name] = fields.slice(1).map((f) => integer(f, line, `the ${name} value`));
        break;
      }
    }
  }

  for (const name of ["Exams", "Periods", "Rooms"]) {
    const found = sections.find((s) => s.name === name);
    if (!found) fail(1, `the [${name}:n] section is missing`);
    const s = found as Section;
    if (s.count !== s.expected) fail(s.line, `[${name}:${s.expected}] is followed by ${s.count} lines`);
  }
  for (const c of data.periodConstraints) {
    if (c.first >= data.exams.length || c.second >= data.exams.length || c.first < 0 || c.second < 0) {
      const s = sections.find((x) => x.name === "PeriodHardConstraints");
      fail(
        s?.line ?? 1,
        `a period constraint names exam ${Math.max(c.first, c.second)}, but there are ${data.exams.length}`,
      );
    }
  }
  for (const c of data.roomConstraints) {
    if (c.exam >= data.exams.length || c.exam < 0) {
      const s = sections.find((x) => x.name === "RoomHardConstraints");
      fail(s?.line ?? 1, `a room constraint names exam ${c.exam}, but there are ${data.exams.length}`);
    }
  }
  data.studentIds = [...students].sort((a, b) => Number(a) - Number(b));
  return data;
}
