import { describe, expect, it } from "vitest";
import {
  parseCycle,
  parseExamDataState,
  parseTimetableState,
  serializeCycle,
  serializeExamDataState,
  serializeTimetableState,
  toExamDataRequest,
} from "./grid-state.ts";
import { examLinks } from "./routes.ts";

describe("exam list state in the address", () => {
  it("reads the timetable state forgivingly and writes only what differs from the defaults", () => {
    expect(parseTimetableState("")).toEqual({ cycle: "", course: "", page: 1, pageSize: 10 });
    const state = parseTimetableState("?cycle=c1&course=%20fin%20&page=3&pageSize=100");
    expect(state).toEqual({ cycle: "c1", course: "fin", page: 3, pageSize: 100 });
    expect(serializeTimetableState(state)).toBe("?cycle=c1&course=fin&page=3&pageSize=100");
    expect(serializeTimetableState({ cycle: "", course: "", page: 1, pageSize: 10 })).toBe("");
    // Hand-edited nonsense falls back to the defaults.
    expect(parseTimetableState("?page=0&pageSize=7")).toMatchObject({ page: 1, pageSize: 10 });
    expect(parseTimetableState(`?course=${"x".repeat(201)}`).course).toBe("");
  });

  it("reads upcoming and completed states with their own day choices", () => {
    expect(parseExamDataState("", "upcoming")).toEqual({
      cycle: "",
      days: 30,
      page: 1,
      pageSize: 10,
      sort: null,
    });
    expect(parseExamDataState("", "completed").days).toBe(90);
    expect(parseExamDataState("?days=14", "upcoming").days).toBe(14);
    expect(parseExamDataState("?days=14", "completed").days).toBe(90);
    expect(parseExamDataState("?pageSize=100", "upcoming").pageSize).toBe(10);
    const completed = { cycle: "c1", days: 365, page: 2, pageSize: 25 as const, sort: null };
    expect(serializeExamDataState(completed, "completed")).toBe("?cycle=c1&days=365&page=2&pageSize=25");
    expect(serializeExamDataState({ ...completed, days: 90, cycle: "" }, "completed")).toBe(
      "?page=2&pageSize=25",
    );
    expect(toExamDataRequest(completed, "completed")).toEqual({
      completedIn: 365,
      examCycleId: "c1",
      pageNo: 2,
      count: 25,
    });
    expect(toExamDataRequest({ ...completed, days: 7 }, "upcoming")).toMatchObject({ dueDays: 7 });
  });

  it("keeps the page size All and a header sort in the address and sends them to the server", () => {
    const state = parseExamDataState("?pageSize=all&sort=term&direction=desc", "upcoming");
    expect(state).toMatchObject({ pageSize: "all", sort: { column: "term", direction: "desc" } });
    expect(serializeExamDataState(state, "upcoming")).toBe("?pageSize=all&sort=term&direction=desc");
    expect(toExamDataRequest(state, "upcoming")).toEqual({
      dueDays: 30,
      examCycleId: "",
      pageNo: 1,
      count: 0,
      sortBy: "term",
      sortDirection: "desc",
    });
    const ascending = parseExamDataState("?sort=date&direction=up", "completed");
    expect(ascending.sort).toEqual({ column: "date", direction: "asc" });
    expect(serializeExamDataState(ascending, "completed")).toBe("?sort=date");
    expect(parseExamDataState("?sort=Id", "upcoming").sort).toBeNull();
    expect(parseTimetableState("?pageSize=all").pageSize).toBe("all");
  });

  it("keeps the dashboard's cycle", () => {
    expect(parseCycle("?cycle=abc")).toBe("abc");
    expect(serializeCycle("abc")).toBe("?cycle=abc");
    expect(serializeCycle("")).toBe("");
  });

  it("builds the screens' addresses", () => {
    expect(examLinks.details("a b")).toBe("/app/exams/ExamSetup/ExamTimeTableDetails?id=a+b");
    expect(examLinks.timetable({ cycle: "c1", course: "FIN 101" })).toBe(
      "/app/exam/examTimetable?cycle=c1&course=FIN+101",
    );
    expect(examLinks.timetable()).toBe("/app/exam/examTimetable");
    expect(examLinks.seatingPlan("e/1")).toBe("/app/exam/seatingPlan/e%2F1");
  });
});
