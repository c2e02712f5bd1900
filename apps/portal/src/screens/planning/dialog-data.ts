import {
  academicCalendarQueryOptions,
  facultyListQueryOptions,
  type TermSubjects,
  termSubjectsQueryOptions,
} from "@portal/api-client";
import { ALL_ROWS_COUNT } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../shell/IslandRoot.tsx";
import type { DialogSubject } from "./ActivityDialog.tsx";
import { isoOf } from "./dates.ts";

/** The subjects of each term (by term id) with their sections, as the activity dialog takes them. */
export function subjectsByTerm(data: TermSubjects | undefined): Map<string, DialogSubject[]> {
  const out = new Map<string, DialogSubject[]>();
  for (const rows of Object.values(data?.data ?? {})) {
    for (const row of rows) {
      const list = out.get(row.termId) ?? [];
      list.push({
        id: row.id,
        courseName: row.courseName,
        startDate: isoOf(row.startDate),
        sections: row.sections.map((s) => ({ id: s.id, letter: s.courseOfferingSectionId })),
      });
      out.set(row.termId, list);
    }
  }
  return out;
}

/**
 * What the activity dialog needs about an intake, loaded once it is open: the term subjects and
 * sections (GET CourseVersionData), the faculty (GET FacultyList, the shared All: count 0, the first
 * ALL_ROWS_CAP by name, `facultyTotal` the whole count so the dialog can say so) and the intake's
 * academic calendar (GET AcademicCalendar), whose holidays the dialog counts.
 */
export function useActivityDialogData(
  enabled: boolean,
  subjectsQuery: { programName: string; intake?: string; year?: number } | null,
  intakeId: string | null,
) {
  const api = useApi();
  const subjects = useQuery({
    ...termSubjectsQueryOptions(api, subjectsQuery ?? { programName: "" }),
    enabled: enabled && subjectsQuery !== null,
  });
  const faculty = useQuery({
    ...facultyListQueryOptions(api, { search: "", pageNo: 1, count: ALL_ROWS_COUNT }),
    enabled,
  });
  const calendar = useQuery({
    ...academicCalendarQueryOptions(api, intakeId ?? ""),
    enabled: enabled && !!intakeId,
  });
  return useMemo(
    () => ({
      ready: !enabled || (subjects.isSuccess && faculty.isSuccess && (calendar.isSuccess || !intakeId)),
      failed: subjects.isError || faculty.isError || calendar.isError,
      subjects: subjectsByTerm(subjects.data),
      faculty: (faculty.data?.faculty ?? []).map((f) => ({ id: f.id, name: f.name })),
      facultyTotal: faculty.data?.noOfRecords ?? 0,
      calendar: calendar.data,
    }),
    [
      enabled,
      intakeId,
      subjects.isSuccess,
      subjects.isError,
      subjects.data,
      faculty.isSuccess,
      faculty.isError,
      faculty.data,
      calendar.isSuccess,
      calendar.isError,
      calendar.data,
    ],
  );
}
