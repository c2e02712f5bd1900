import type { PublicConfig } from "@portal/api-client";
import {
  type QuestionPaperChat as ChatAnswer,
  type ChatMessage,
  questionPaperChatQueryOptions,
  questionPaperKeys,
  questionPaperQueryOptions,
  sendChatMessageMutationOptions,
} from "@portal/api-client";
import {
  canOfferApproval,
  formatDisplayDate,
  formatRelativeTime,
  type Locale,
  normalizeQuestionPaperStatus,
} from "@portal/domain";
import { Button, ButtonLink, Loader, StatusChip } from "@portal/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { m } from "../../../lib/i18n.ts";
import { IslandRoot, useApi, useLocale, useToast } from "../../../shell/IslandRoot.tsx";
import { ConflictNotice } from "../../ConflictNotice.tsx";
import { displayValue, errorText, statusLabel, statusTone } from "./labels.ts";
import * as styles from "./question-papers.css.ts";
import { paperLinks } from "./routes.ts";
import { useApprovePaper } from "./use-paper-actions.ts";

/** Longest message the API accepts (docs/api.md, chat send). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** How often the relative times ("2 minutes ago") are brought up to date, in milliseconds. */
const CLOCK_TICK_MS = 30_000;

export type QuestionPaperChatProps = {
  locale: Locale;
  paperId: string;
  /** The public configuration the server holds (`Astro.locals.config`); see IslandRoot. */
  config?: PublicConfig | null;
};

/** The question paper chat island (spec "Question paper chat"), inside its IslandRoot. */
export default function QuestionPaperChat({ locale, paperId, config }: QuestionPaperChatProps) {
  return (
    <IslandRoot locale={locale} config={config}>
      <QuestionPaperChatScreen paperId={paperId} />
    </IslandRoot>
  );
}

/**
 * The chat of one question paper (spec "Question paper chat", §4, §5): a header with the course,
 * faculty, component and status, an Approve button (offered per canOfferApproval, blocked with
 * 'Question-paper is not apporved ' unless both sets are Approved), the thread oldest first with each
 * message's author and relative time in the page's language, and a message box. Only non-empty
 * (trimmed) text is sent; a sent message is appended and the box cleared; the thread is saved, so a
 * reload shows it.
 */
export function QuestionPaperChatScreen({ paperId }: { paperId: string }) {
  const api = useApi();
  const chat = useQuery(questionPaperChatQueryOptions(api, paperId));
  const paper = useQuery(questionPaperQueryOptions(api, paperId));
  const { approve, pendingId, conflict, reload } = useApprovePaper();

  if (chat.isPending) return <Loader variant="block" label={m.qp_loading()} />;
  if (chat.isError) {
    return (
      <div className={styles.screen}>
        <div role="alert" className={styles.errorBox}>
          <p className={styles.errorText}>{m.qp_error({ message: errorText(chat.error) })}</p>
          <Button variant="secondary" onClick={() => void chat.refetch()}>
            {m.qp_try_again()}
          </Button>
        </div>
        <BackLink />
      </div>
    );
  }

  const { header, messages } = chat.data;
  const current = paper.data?.questionpaper;
  const status = normalizeQuestionPaperStatus(current?.status ?? header.status);
  const offerApproval = status !== null && canOfferApproval(status);
  return (
    <div className={styles.screen}>
      <div className={styles.chatHeader}>
        <div>
          <dl className={styles.chatMeta}>
            <div className={styles.chatMetaItem}>
              <dt>{m.qp_field_course()}</dt>
              <dd>{displayValue(header.courseName)}</dd>
            </div>
            <div className={styles.chatMetaItem}>
              <dt>{m.qp_field_faculty()}</dt>
              <dd>{displayValue(header.faculty)}</dd>
            </div>
            <div className={styles.chatMetaItem}>
              <dt>{m.qp_field_component()}</dt>
              <dd>{displayValue(header.component)}</dd>
            </div>
            <div className={styles.chatMetaItem}>
              <dt>{m.qp_field_status()}</dt>
              <dd>
                <StatusChip tone={statusTone(current?.status ?? header.status)}>
                  {statusLabel(current?.status ?? header.status)}
                </StatusChip>
              </dd>
            </div>
          </dl>
        </div>
        <div className={styles.actions}>
          <BackLink />
          {offerApproval ? (
            <Button
              loading={pendingId === paperId}
              disabled={!current}
              onClick={() => {
                if (current) approve(current);
              }}
            >
              {m.qp_approve()}
            </Button>
          ) : null}
        </div>
      </div>
      {conflict ? <ConflictNotice onReload={reload} /> : null}
      <Thread messages={messages} />
      <Composer paperId={paperId} />
    </div>
  );
}

function BackLink() {
  return (
    <ButtonLink href={paperLinks.list} variant="secondary">
      {m.qp_back()}
    </ButtonLink>
  );
}

/** The current time, refreshed every {@link CLOCK_TICK_MS} so relative times stay true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Thread({ messages }: { messages: readonly ChatMessage[] }) {
  const locale = useLocale();
  const now = useNow();
  const endRef = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);

  if (count === 0) {
    return (
      <div role="log" aria-label={m.qp_chat_thread()}>
        <p className={styles.muted}>{m.qp_chat_empty()}</p>
      </div>
    );
  }
  return (
    <div role="log" aria-label={m.qp_chat_thread()}>
      <ol className={styles.thread}>
        {messages.map((message, index) => (
          <li
            key={message.id}
            ref={index === count - 1 ? endRef : undefined}
            className={`${styles.bubble} ${message.authorRole === "admin" ? styles.bubbleOwn : ""}`}
          >
            <div className={styles.bubbleMeta}>
              <span className={styles.bubbleAuthor}>{displayValue(message.authorName)}</span>
              <span>
                {message.authorRole === "admin" ? m.qp_chat_role_admin() : m.qp_chat_role_faculty()}
              </span>
              <time dateTime={message.createdAt} title={formatDisplayDate(message.createdAt)}>
                {formatRelativeTime(message.createdAt, Math.max(now, Date.parse(message.createdAt)), locale)}
              </time>
            </div>
            <p className={styles.bubbleBody}>{message.body}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Composer({ paperId }: { paperId: string }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const fieldId = useId();
  const send = useMutation({
    ...sendChatMessageMutationOptions(api, paperId),
    onSuccess: async (answer) => {
      queryClient.setQueryData<ChatAnswer>(questionPaperKeys.chat(paperId), (current) =>
        current && !current.messages.some((message) => message.id === answer.message.id)
          ? { ...current, messages: [...current.messages, answer.message] }
          : current,
      );
      setText("");
      await queryClient.invalidateQueries({ queryKey: questionPaperKeys.chat(paperId) });
    },
    onError: (error) => toast.error(errorText(error)),
  });

  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= CHAT_MESSAGE_MAX_LENGTH && !send.isPending;
  const submit = () => {
    if (canSend) send.mutate(trimmed);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  // Enter sends, Shift+Enter starts a new line (the usual chat convention).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <div className={styles.composerField}>
        <label htmlFor={fieldId} className={styles.composerLabel}>
          {m.qp_chat_message_label()}
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={m.qp_chat_placeholder()}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={3}
        />
      </div>
      <Button type="submit" disabled={!canSend} loading={send.isPending}>
        {m.qp_chat_send()}
      </Button>
    </form>
  );
}
