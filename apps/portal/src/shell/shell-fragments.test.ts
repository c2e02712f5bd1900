import type { Locale } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../lib/escape-html.ts";
import { renderInLocale } from "../lib/request-locale.ts";
import { type MenuEntry, visibleMenu } from "./menu.ts";
import { shellFragments } from "./shell-fragments.ts";

/** The shell's fragments as a request in `locale` renders them. */
const fragmentsIn = (locale: Locale, roles: string[], activeMenu = "question-papers") =>
  renderInLocale(locale, "http://portal.test", () => shellFragments(roles, locale, activeMenu));

const flatten = (entries: readonly MenuEntry[]): MenuEntry[] =>
  entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

/** The addresses the side menu links to. */
const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("shellFragments", () => {
  it("gives each role its own menu, whichever role asked first", () => {
    // The administrator first, so a cache keyed on anything less than the roles would hand the
    // exam office the administrator's menu.
    const admin = fragmentsIn("en", ["admin"]);
    const exams = fragmentsIn("en", ["exam_office"]);
    const academic = fragmentsIn("en", ["academic_office"]);
    const againAdmin = fragmentsIn("en", ["admin"]);

    expect(links(admin.nav)).toContain("/app/batches");
    expect(links(admin.nav)).toContain("/app/exam/questionPaper");
    expect(links(exams.nav)).toContain("/app/exam/questionPaper");
    expect(links(exams.nav)).not.toContain("/app/batches");
    expect(links(academic.nav)).toContain("/app/batches");
    expect(links(academic.nav)).not.toContain("/app/exam/questionPaper");
    expect(links(exams.apps)).not.toEqual(links(academic.apps));
    expect(againAdmin).toEqual(admin);
  });

  it("gives each language its own labels", () => {
    const english = fragmentsIn("en", ["exam_office"]);
    const german = fragmentsIn("de", ["exam_office"]);
    const hindi = fragmentsIn("hi", ["exam_office"]);
    // The same entries, in the request's language.
    expect(links(german.nav)).toEqual(links(english.nav));
    expect(german.nav).not.toEqual(english.nav);
    expect(hindi.nav).not.toEqual(english.nav);
    expect(hindi.nav).not.toEqual(german.nav);
    for (const [locale, html] of [
      ["en", english.nav],
      ["de", german.nav],
      ["hi", hindi.nav],
    ] as const) {
      const labels = renderInLocale(locale, "http://portal.test", () =>
        flatten(visibleMenu(["exam_office"])).map((entry) => escapeHtml(entry.label())),
      );
      for (const label of labels) expect(html).toContain(`title="${label}"`);
    }
    expect(fragmentsIn("en", ["exam_office"])).toEqual(english);
  });

  it("marks the page's own entry current, and only that one", () => {
    const onList = fragmentsIn("en", ["admin"], "question-papers");
    const onBatches = fragmentsIn("en", ["admin"], "batches");
    const current = (html: string) =>
      [...html.matchAll(/href="([^"]+)"[^>]*aria-current="page"/g)].map((m) => m[1]);
    expect(current(onList.nav)).toEqual(["/app/exam/questionPaper"]);
    expect(current(onBatches.nav)).toEqual(["/app/batches"]);
  });

  it("ignores roles that are not portal roles, and their order", () => {
    expect(fragmentsIn("en", ["exam_office", "academic_office"])).toEqual(
      fragmentsIn("en", ["academic_office", "something_else", "exam_office"]),
    );
    expect(links(fragmentsIn("en", []).nav)).toEqual([]);
  });
});
