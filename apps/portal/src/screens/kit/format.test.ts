// @vitest-environment node
import { describe, expect, it } from "vitest";
import { m } from "../../lib/i18n.ts";
import { renderInLocale } from "../../lib/request-locale.ts";
import {
  formatDate,
  formatMarks,
  formatNumber,
  formatPercent,
  formatTime,
  formatWeekday,
  pluralCount,
} from "./format.ts";

/** Runs `show` with the page's language set to `locale`, as a server render does. */
const inLocale = (locale: "en" | "de" | "hi", show: () => string) =>
  renderInLocale(locale, "http://portal.test", async () => show());

describe("the screens' formatter follows the page's language", () => {
  it.each([
    ["en", "1,500", "65.04", "58.5%"],
    ["de", "1.500", "65,04", "58,5\u00a0%"],
    ["hi", "1,500", "65.04", "58.5%"],
  ] as const)("%s: numbers %s, marks %s, percent %s", async (locale, number, marks, percent) => {
    expect(await inLocale(locale, () => formatNumber(1500))).toBe(number);
    expect(await inLocale(locale, () => formatMarks(65.04))).toBe(marks);
    expect(await inLocale(locale, () => formatPercent(58.5, 1))).toBe(percent);
  });

  it.each(["en", "de", "hi"] as const)("%s: dates DD-MM-YYYY and 24-hour times", async (locale) => {
    expect(await inLocale(locale, () => `${formatDate("2026-11-16")} ${formatTime("2:30 PM")}`)).toBe(
      "16-11-2026 14:30",
    );
  });

  it("names the weekday in the page's language", async () => {
    expect(await inLocale("de", () => formatWeekday("2026-11-16"))).toBe("Montag");
  });

  it.each([
    ["en", 1, "1 room in use"],
    ["en", 2, "2 rooms in use"],
    ["en", 1500, "1,500 rooms in use"],
    ["de", 1, "1 Raum belegt"],
    ["de", 3, "3 Räume belegt"],
    ["hi", 0, "0 कमरा उपयोग में"],
    ["hi", 4, "4 कमरे उपयोग में"],
  ] as const)("%s: %d reads %s", async (locale, count, text) => {
    expect(
      await inLocale(locale, () => pluralCount(count, m.exam_card_rooms_one, m.exam_card_rooms_other)),
    ).toBe(text);
  });
});
