import { GRADING_MESSAGES } from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";

/** The grading rules' English messages in the user's language (spec §5 and the domain's texts). */
export function gradingTranslations(): MessageTranslations {
  return {
    [GRADING_MESSAGES.gradeLetter]: m.gres_msg_grade_letter,
    [GRADING_MESSAGES.finalAboveCalculated]: m.gres_msg_final_above,
    [GRADING_MESSAGES.penaltyRequired]: m.gres_msg_penalty_required,
    [GRADING_MESSAGES.reasonRequired]: m.gres_msg_reason_required,
    [GRADING_MESSAGES.markAboveTotal]: m.gres_msg_mark_above,
    [GRADING_MESSAGES.markBelowZero]: m.gres_msg_mark_below,
  };
}
