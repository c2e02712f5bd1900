import { GRADING_MESSAGES } from "@portal/domain";
import { m } from "../../lib/i18n.ts";

/**
 * The grading rules' English messages (the domain's GRADING_MESSAGES, also what the server answers)
 * in the page's language. Fixed texts are looked up; texts with values (a letter, a total) are
 * matched against the domain's templates. A message not known here is shown as it is.
 */
export function translateGradingMessage(message: string): string {
  if (message === GRADING_MESSAGES.gradeLetter) return m.grading_msg_grade_letter();
  if (message === GRADING_MESSAGES.subComponentCount) return m.grading_msg_sub_count();
  if (message === GRADING_MESSAGES.componentName) return m.grading_msg_component_name();
  const patterns: Array<[RegExp, (g: string[]) => string]> = [
    [
      /^The component weights must total 100 \(they total (.+)\)$/,
      (g) => m.grading_msg_weights({ total: g[0] ?? "" }),
    ],
    [
      /^The sub-component weights of (.+) must total 100 \(they total (.+)\)$/,
      (g) => m.grading_msg_sub_weights({ name: g[0] ?? "", total: g[1] ?? "" }),
    ],
    [
      /^(.+) is already used: a component cannot be repeated$/,
      (g) => m.grading_msg_repeated({ name: g[0] ?? "" }),
    ],
    [
      /^(.+) has the sub-component (.+) twice$/,
      (g) => m.grading_msg_sub_repeated({ name: g[0] ?? "", sub: g[1] ?? "" }),
    ],
    [
      /^The ranges of grades (.+) and (.+) overlap$/,
      (g) => m.grading_msg_overlap({ a: g[0] ?? "", b: g[1] ?? "" }),
    ],
    [
      /^No grade covers (.+) to (.+): the ranges must cover 0 to 100 without gaps$/,
      (g) => m.grading_msg_gap({ low: g[0] ?? "", high: g[1] ?? "" }),
    ],
    [
      /^Grade (.+): the upper limit must be above the lower limit$/,
      (g) => m.grading_msg_range_order({ letter: g[0] ?? "" }),
    ],
    [/^Grade (.+) is given twice$/, (g) => m.grading_msg_letter_repeated({ letter: g[0] ?? "" })],
    [
      /^Grade (.+) must cover higher values than grade (.+)$/,
      (g) => m.grading_msg_letter_order({ better: g[0] ?? "", worse: g[1] ?? "" }),
    ],
    [/^A weight must be a number from 0 to 100$/, () => m.grading_msg_weight()],
    [/^The (lower|upper) limit must be a number from 0 to 100$/, () => m.grading_msg_limit()],
  ];
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(message);
    if (match) return translate(match.slice(1));
  }
  return message;
}
