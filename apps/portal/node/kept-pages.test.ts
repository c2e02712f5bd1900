// @vitest-environment node
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import {
  createKeptPages,
  type KeptPageKey,
  PageSink,
  type RenderedPage,
  type UserBytes,
} from "./kept-pages.ts";

const key: KeptPageKey = {
  path: "/app/exam/questionPaper?page=2",
  locale: "",
  theme: "dark",
  drawer: "",
  roles: ["exam_office"],
  reach: "exam_office::",
  versions: "7",
};
const ada: UserBytes = { name: "Ada Lovelace", email: "ada@university.example", initials: "AL" };
const bob: UserBytes = {
  name: `Bob <script>"x"</script> & 'y'`,
  email: "bob@university.example",
  initials: "B",
};

/** A page as the shell renders it, with `user`'s bytes (the marks, for a page to keep) in their places. */
function rendered(user: UserBytes, rows: string, headers: RenderedPage["headers"] = {}): RenderedPage {
  return {
    status: 200,
    headers: { "content-type": "text/html", "content-length": "999", ...headers },
    body: `<span>Hello ${user.name}</span><b>${user.initials}</b><p>${user.name}<br>${user.email}</p><table>${rows}</table>`,
  };
}

describe("kept pages", () => {
  it("answers a kept page to each user with that user's bytes only, escaped", () => {
    const pages = createKeptPages();
    const first = pages.keep(key, rendered(pages.marks, "<tr>r1</tr>"), ada);
    expect(first.body).toBe(rendered(ada, "<tr>r1</tr>").body);
    const other = pages.answer({ ...key }, bob);
    expect(other?.body).toContain(
      "Hello Bob &lt;script&gt;&quot;x&quot;&lt;/script&gt; &amp; &#39;y&#39;</span>",
    );
    expect(other?.body).toContain("<br>bob@university.example</p><table><tr>r1</tr></table>");
    for (const answer of [first, other]) expect(answer?.body).not.toMatch(/kpname|kpmail|kpinit/);
    expect(other?.body).not.toContain("Ada");
    expect(other?.body).not.toContain("ada@");
    // The filled-in text differs in length from the kept one: no Content-Length is kept.
    expect(other?.headers["content-length"]).toBeUndefined();
    expect(other?.headers["content-type"]).toBe("text/html");
  });

  it("keeps a page apart per address, preference, role, scope and read-model version", () => {
    const pages = createKeptPages();
    pages.keep(key, rendered(pages.marks, "kept"), ada);
    expect(pages.answer(key, ada)?.body).toContain("kept");
    for (const other of [
      { path: "/app/exam/questionPaper?page=3" },
      { locale: "hi" },
      { theme: "light" },
      { drawer: "collapsed" },
      { roles: ["exam_office", "admin"] },
      { reach: "exam_office:programme_plan:p1" },
      { versions: "8" },
    ]) {
      expect(pages.answer({ ...key, ...other }, ada), JSON.stringify(other)).toBeUndefined();
    }
    // The order of the roles does not make another page.
    pages.keep({ ...key, roles: ["b", "a"] }, rendered(pages.marks, "ab"), ada);
    expect(pages.answer({ ...key, roles: ["a", "b"] }, ada)?.body).toContain("ab");
  });

  it("keeps no page that is not a plain 200 HTML answer, but fills each in", () => {
    const pages = createKeptPages();
    const forbidden = { ...rendered(pages.marks, ""), status: 403 };
    expect(pages.keep(key, forbidden, ada).body).toContain("Hello Ada Lovelace");
    expect(pages.keep(key, rendered(pages.marks, "", { "set-cookie": ["a=b"] }), ada).status).toBe(200);
    expect(
      pages.keep(key, rendered(pages.marks, "", { "content-type": "application/json" }), ada).status,
    ).toBe(200);
    expect(pages.size).toBe(0);
    expect(pages.answer(key, ada)).toBeUndefined();
  });

  it("keeps at most its limit, dropping the least recently used", () => {
    const pages = createKeptPages({ limit: 2 });
    const at = (n: number) => ({ ...key, path: `/p${n}` });
    pages.keep(at(1), rendered(pages.marks, "1"), ada);
    pages.keep(at(2), rendered(pages.marks, "2"), ada);
    expect(pages.answer(at(1), ada)).toBeDefined(); // 1 is now the most recently used
    pages.keep(at(3), rendered(pages.marks, "3"), ada);
    expect(pages.size).toBe(2);
    expect(pages.answer(at(2), ada)).toBeUndefined();
    expect(pages.answer(at(1), ada)?.body).toContain("<table>1</table>");
    expect(pages.answer(at(3), ada)?.body).toContain("<table>3</table>");
  });

  it("collects what a handler writes into a page sink", async () => {
    const sink = new PageSink({} as IncomingMessage);
    let finished = false;
    sink.on("finish", () => {
      finished = true;
    });
    sink.setHeader("Cache-Control", "private");
    sink.writeHead(200, { "content-type": "text/html" });
    sink.write(new TextEncoder().encode("<p>é"));
    sink.end("</p>");
    expect(await sink.done).toEqual({
      status: 200,
      headers: { "cache-control": "private", "content-type": "text/html" },
      body: "<p>é</p>",
    });
    expect(finished && sink.ended).toBe(true);
    const broken = new PageSink({} as IncomingMessage);
    broken.destroy(new Error("midway"));
    await expect(broken.done).rejects.toThrow("midway");
  });
});
