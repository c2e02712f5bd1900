import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations, resetScreen } from "../../kit/test-support.tsx";
import { QuestionPaperChatScreen } from "./QuestionPaperChat.tsx";
import { installFakeApi, json, makePaperDetail, renderScreen, type SeenRequest } from "./test-support.tsx";

afterEach(resetScreen);

const paper = makePaperDetail({
  status: "Under Review",
  setOneStatus: "Approved",
  setTwoStatus: "Submitted",
});
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

type Message = {
  id: string;
  body: string;
  authorName: string;
  authorRole: "admin" | "faculty";
  createdAt: string;
};

/** A fake chat API that stores sent messages, like the server. */
function chatApi(messages: Message[], paperOverrides = {}) {
  const stored = [...messages];
  const seen = installFakeApi((request: SeenRequest) => {
    const base = `/sf/exam/questionPaper/${paper.id}`;
    if (request.path === `${base}/chat` && request.method === "GET") {
      return json(200, {
        success: true,
        header: {
          faculty: paper.faculty,
          component: paper.component,
          courseName: paper.courseName,
          status: paper.status,
        },
        messages: stored,
      });
    }
    if (request.path === `${base}/chat` && request.method === "POST") {
      const message: Message = {
        id: `m${stored.length + 1}`,
        body: (request.body as { body: string }).body,
        authorName: "Exam Office",
        authorRole: "admin",
        createdAt: new Date().toISOString(),
      };
      stored.push(message);
      return json(200, { success: true, message });
    }
    if (request.path === base)
      return json(200, { success: true, questionpaper: { ...paper, ...paperOverrides } });
    return undefined;
  });
  return { seen, stored };
}

describe("QuestionPaperChat", () => {
  it("shows the header and the thread oldest first with relative times", async () => {
    chatApi([
      {
        id: "m1",
        body: "Please check question 4.",
        authorName: "Exam Office",
        authorRole: "admin",
        createdAt: minutesAgo(120),
      },
      {
        id: "m2",
        body: "Updated, thanks.",
        authorName: "Asha Rao",
        authorRole: "faculty",
        createdAt: minutesAgo(5),
      },
    ]);
    const { container } = renderScreen(<QuestionPaperChatScreen paperId={paper.id} />);
    const log = await screen.findByRole("log", { name: "Messages" });
    const items = within(log).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Please check question 4.",
      "Updated, thanks.",
    ]);
    expect(within(items[0]!).getByText("2 hours ago")).toBeTruthy();
    expect(within(items[1]!).getByText("5 minutes ago")).toBeTruthy();
    expect(screen.getByText("End Term Exam")).toBeTruthy();
    expect(screen.getByText("Asha Rao", { selector: "dd" })).toBeTruthy();
    await screen.findByRole("button", { name: "Approve" });
    await expectNoAxeViolations(container);
  });

  it("sends only non-empty trimmed text, appends it and clears the box", async () => {
    const { seen, stored } = chatApi([]);
    renderScreen(<QuestionPaperChatScreen paperId={paper.id} />);
    expect(await screen.findByText("No messages yet")).toBeTruthy();
    const box = screen.getByLabelText("Message") as HTMLTextAreaElement;
    const send = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    fireEvent.change(box, { target: { value: "   \n  " } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(seen.some((r) => r.method === "POST")).toBe(false);

    fireEvent.change(box, { target: { value: "  Please add the answer key.  " } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);

    const log = await screen.findByRole("log", { name: "Messages" });
    expect(await within(log).findByText("Please add the answer key.")).toBeTruthy();
    expect(within(log).getByText("now")).toBeTruthy();
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({ body: "Please add the answer key." });
    expect(stored).toHaveLength(1);
    await waitFor(() => expect(box.value).toBe(""));
  });

  it("blocks Approve with the spec's message while a set is not Approved", async () => {
    const { seen } = chatApi([]);
    renderScreen(<QuestionPaperChatScreen paperId={paper.id} />);
    const approve = await screen.findByRole("button", { name: "Approve" });
    await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(approve);
    expect(await screen.findByText("Question-paper is not apporved ", { normalizer: (t) => t })).toBeTruthy();
    expect(seen.some((r) => r.method === "PATCH")).toBe(false);
  });

  it("offers no Approve for a paper that is already Approved", async () => {
    chatApi([], { status: "Approved", setTwoStatus: "Approved" });
    renderScreen(<QuestionPaperChatScreen paperId={paper.id} />);
    await screen.findByRole("log", { name: "Messages" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Approve" })).toBeNull());
  });

  it("shows the server's message for an unknown paper", async () => {
    installFakeApi(() => json(404, { success: false, errorMessage: "The course ID doesn't exist." }));
    renderScreen(<QuestionPaperChatScreen paperId="nope" />);
    expect((await screen.findByRole("alert")).textContent).toContain("The course ID doesn't exist.");
  });
});
