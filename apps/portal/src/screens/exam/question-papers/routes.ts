/** Addresses of the question paper screens (spec §2 exam routes). Ids are URL-encoded. */
export const paperLinks = {
  list: "/app/exam/questionPaper",
  chat: (id: string) => `/app/exam/questionPaper/chat-history/${encodeURIComponent(id)}`,
  view: (id: string) => `/app/exam/questionPaper/question-paper-view/${encodeURIComponent(id)}`,
};
