import { ADMINISTRATION_MESSAGES, type EventAudience, type EventType } from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";
import { DEPARTMENT_TRANSLATIONS } from "./department-labels.ts";

/** The English messages of the events and department calls in the page's language. */
export const ADMINISTRATION_TRANSLATIONS: MessageTranslations = {
  ...DEPARTMENT_TRANSLATIONS,
  [ADMINISTRATION_MESSAGES.titleRequired]: m.events_err_title_required,
  [ADMINISTRATION_MESSAGES.typeRequired]: m.events_select_type,
  [ADMINISTRATION_MESSAGES.audienceRequired]: m.events_select_audience,
  [ADMINISTRATION_MESSAGES.dateTimeFormat]: m.events_err_date_time,
  [ADMINISTRATION_MESSAGES.endBeforeStart]: m.events_err_end_before_start,
  [ADMINISTRATION_MESSAGES.itemOutsideEvent]: m.events_err_item_outside,
  [ADMINISTRATION_MESSAGES.noSuchEvent]: m.events_err_no_such_event,
};

/** An event type's label. */
export function eventTypeLabel(type: EventType): string {
  return {
    academic: m.events_type_academic,
    cultural: m.events_type_cultural,
    sports: m.events_type_sports,
    workshop: m.events_type_workshop,
    seminar: m.events_type_seminar,
    convocation: m.events_type_convocation,
  }[type]();
}

/** An event audience's label. */
export function eventAudienceLabel(audience: EventAudience): string {
  return {
    all: m.events_audience_all,
    students: m.events_audience_students,
    faculty: m.events_audience_faculty,
    staff: m.events_audience_staff,
  }[audience]();
}
