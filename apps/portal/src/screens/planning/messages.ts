import { PLANNING_MESSAGES, SECTION_STRENGTH_MESSAGE } from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";

/** The domain's planning rule texts (spec §5, §8) in the page's language, for the bound fields. */
export function planningMessages(): MessageTranslations {
  return {
    [PLANNING_MESSAGES.fieldCannotBeEmpty]: m.intake_field_cannot_be_empty,
    [PLANNING_MESSAGES.onlyOneFaculty]: m.intake_only_one_faculty,
    [PLANNING_MESSAGES.attachmentType]: m.intake_attachment_type,
    [SECTION_STRENGTH_MESSAGE]: m.intake_strength_invalid,
    "End date must be after the start date": m.intake_end_after_start,
    "Date must be a real date written YYYY-MM-DD": m.intake_date_invalid,
  };
}
