// @vitest-environment node
import { describe, expect, it } from "vitest";
import { getLocale, m } from "./i18n.ts";
import { renderInLocale } from "./request-locale.ts";

describe("renderInLocale", () => {
  it("gives each scope its own language, also while renders in other languages interleave", async () => {
    // Each render pauses on a gate opened by the test, so the three interleave in a fixed order.
    const gates = [0, 1, 2].map(() => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    });
    const render = async (gate: number) => {
      const before = m.shell_app_name();
      await gates[gate]?.promise;
      return { locale: getLocale(), before, after: m.shell_app_name() };
    };
    const rendered = Promise.all([
      renderInLocale("de", "http://portal.test", () => render(0)),
      renderInLocale("en", "http://portal.test", () => render(1)),
      renderInLocale("hi", "http://portal.test", () => render(2)),
    ]);
    for (const gate of [2, 0, 1]) gates[gate]?.resolve();
    const [de, en, hi] = await rendered;
    expect(de).toEqual({
      locale: "de",
      before: "Hochschul-Verwaltungsportal",
      after: "Hochschul-Verwaltungsportal",
    });
    expect(en).toEqual({ locale: "en", before: "University Admin Portal", after: "University Admin Portal" });
    expect(hi).toEqual({
      locale: "hi",
      before: "विश्वविद्यालय प्रशासन पोर्टल",
      after: "विश्वविद्यालय प्रशासन पोर्टल",
    });
  });
});
