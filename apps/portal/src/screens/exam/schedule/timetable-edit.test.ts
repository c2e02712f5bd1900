import { ApiError } from "@portal/api-client";
import { describe, expect, it } from "vitest";
import { makeRow } from "./test-support.tsx";
import { draftOf, serverErrorField, validateDraft } from "./timetable-edit.ts";

const row = makeRow();

describe("timetable row drafts", () => {
  it("starts from the row and sends a valid draft with the time in 24-hour form", () => {
    const draft = { ...draftOf(row), timeOfExam: "2:30 PM", duration: " 90 ", venue: " Hall 1 " };
    expect(validateDraft(row.id, draft, true, 4)).toEqual({
      ok: true,
      item: {
        id: row.id,
        version: 4,
        duration: 90,
        dateOfExam: "2026-11-24",
        timeOfExam: "14:30",
        examType: "EndTerm",
        venue: "Hall 1",
        studentFacultyRatio: "30:1",
        sendEmail: true,
      },
    });
  });

  it("names each invalid field with its message", () => {
    const result = validateDraft(
      row.id,
      {
        dateOfExam: "2026-02-30",
        timeOfExam: "25:00",
        duration: "",
        examType: "Quiz",
        venue: "x".repeat(201),
        studentFacultyRatio: "0:1",
      },
      false,
      row.version,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        dateOfExam: "Enter a valid date",
        timeOfExam: "Enter a time such as 09:30",
        duration: "Enter a whole number of minutes from 15 to 600",
        examType: "Choose an exam type",
        venue: "The venue can have at most 200 characters",
        studentFacultyRatio: "Enter a ratio such as 30:1",
      },
    });
    expect(validateDraft(row.id, { ...draftOf(row), duration: "601" }, false, row.version)).toMatchObject({
      ok: false,
      errors: { duration: "Enter a whole number of minutes from 15 to 600" },
    });
  });

  it("reads the field a refused save names", () => {
    const refusal = (field?: string) =>
      new ApiError({ status: 400, errorMessage: "x", ...(field ? { field } : {}) });
    expect(serverErrorField(refusal("0.dateOfExam"))).toBe("dateOfExam");
    expect(serverErrorField(refusal("duration"))).toBe("duration");
    expect(serverErrorField(refusal("0.id"))).toBeNull();
    expect(serverErrorField(refusal())).toBeNull();
    expect(serverErrorField(new Error("x"))).toBeNull();
  });
});
