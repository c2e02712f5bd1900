import {
  type NotificationChoices,
  type NotificationRecipientRow,
  type NotificationRow,
  notificationChoicesQueryOptions,
  notificationDetailQueryOptions,
  notificationKeys,
  notificationListQueryOptions,
  resendFailedSmsMutationOptions,
  sendNotificationMutationOptions,
} from "@portal/api-client";
import {
  MAX_NOTIFICATION_TOPICS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationRecipientKind,
  type NotificationTopic,
  type ZNotificationInput,
} from "@portal/domain";
import {
  Button,
  Checkbox,
  type DataTableColumn,
  SegmentedControl,
  Select,
  TextArea,
  TextField,
  useToast,
} from "@portal/ui";
import { type AnyFieldApi, useForm } from "@tanstack/react-form";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { BoundTextField, clearServerError, fieldErrorText } from "../form-field.tsx";
import { showRefusalOnForm } from "../kit/form-refusal.ts";
import { formatInstant, formatNumber, pluralCount } from "../kit/format.ts";
import { lazySchema, useSchemaValidators } from "../kit/lazy-schema.ts";
import { MailStatus } from "../kit/MailStatus.tsx";
import { pagerLabels } from "../kit/pager-labels.ts";
import { QueryError } from "../kit/QueryError.tsx";
import { readRefusal } from "../kit/save-refusal.ts";
import { useUrlState } from "../kit/use-url-state.ts";
import { PagedTable } from "../PagedTable.tsx";
import * as styles from "../screen.css.ts";
import { channelLabel, NOTIFICATION_TRANSLATIONS, statusLabel, topicLabel } from "./labels.ts";
import {
  NOTIFICATION_PAGE_SIZES,
  type NotificationPageSize,
  type NotificationState,
  parseNotificationState,
  type RecipientStatusFilter,
  serializeNotificationState,
} from "./state.ts";

/** The domain's ZNotificationInput, loaded after first paint (kit/lazy-schema.ts). */
const notificationSchema = lazySchema(() =>
  import("@portal/domain/notifications-input").then((module) => module.ZNotificationInput),
);

type ComposeValues = z.input<typeof ZNotificationInput>;

/** The communication channels island (`/app/notification?page=&pageSize=&message=&rpage=&rpageSize=&status=`). */
export default function Notifications({ search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <NotificationsScreen search={search} />
    </IslandRoot>
  );
}

/** First query, run on the server: the address's page of sent messages and the chosen message. */
export const notificationsFirstQuery: FirstQuery = async ({ api, search, fetch }) => {
  const state = parseNotificationState(search);
  await fetch(notificationListQueryOptions(api, { pageNo: state.page, count: state.pageSize }));
  if (state.message)
    await fetch(
      notificationDetailQueryOptions(api, state.message, {
        pageNo: state.recipientPage,
        count: state.recipientPageSize,
        status: state.status,
      }),
    );
};

/** The outbox source of a message's mails (POST /mail/resend resends its failed ones). */
export function notificationSource(id: string): string {
  return `notification:${id}:`;
}

const EMPTY: ComposeValues = {
  channel: "mail",
  subject: "",
  body: "",
  topics: [],
  recipientKind: "classes",
  sectionIds: [],
  contactIds: [],
  emails: "",
  addLink: false,
  link: "",
};

/** A field's error under a group of checkboxes (the spec's texts, translated). */
function GroupError({ field }: { field: AnyFieldApi }) {
  const text = fieldErrorText(field, NOTIFICATION_TRANSLATIONS);
  return text ? (
    <p className={styles.cellError} role="alert">
      {text}
    </p>
  ) : null;
}

/** A fieldset of checkboxes over `options`, bound to a list field of ids or names. */
function CheckboxGroup({
  field,
  legend,
  options,
  empty,
}: {
  field: AnyFieldApi;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
  empty?: string;
}) {
  const chosen = (field.state.value ?? []) as string[];
  return (
    <fieldset className={styles.screen}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      {options.length === 0 && empty ? <p className={styles.muted}>{empty}</p> : null}
      <div className={styles.filters}>
        {options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            name={field.name}
            value={o.value}
            checked={chosen.includes(o.value)}
            onChange={(on) => {
              clearServerError(field);
              field.handleChange(on ? [...chosen, o.value] : chosen.filter((v) => v !== o.value));
              field.handleBlur();
            }}
          />
        ))}
      </div>
      <GroupError field={field} />
    </fieldset>
  );
}

/**
 * The compose form: channel (mail or SMS), subject (mail), text, up to five topics, recipients as
 * classes (class sections within the user's reach) or contacts found by a search, and extra
 * comma-separated addresses (mail), and "Add a link" with the link's URL path (ticked and empty:
 * 'Please provide URL path'). Validated with the domain's ZNotificationInput as the server
 * does; a sixth topic is refused at once with 'Please select maximum of five options'. Sending shows
 * the new message's recipients.
 */
export function ComposeForm({ onSent }: { onSent: (id: string) => void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const send = useMutation(sendNotificationMutationOptions(api));
  const [search, setSearch] = useState("");
  const choices = useQuery({
    ...notificationChoicesQueryOptions(api, search),
    placeholderData: keepPreviousData,
  });
  /** Names of what was chosen, kept while the search shows other choices. */
  const [known, setKnown] = useState<Record<string, string>>({});
  const notificationValidators = useSchemaValidators(notificationSchema);
  const form = useForm({
    defaultValues: EMPTY,
    validators: notificationValidators,
    onSubmit: async ({ value, formApi }) => {
      try {
        const body = notificationSchema.parse(value);
        const answer = await send.mutateAsync({
          channel: body.channel,
          subject: body.subject,
          body: body.body,
          topics: body.topics,
          recipientKind: body.recipientKind,
          sectionIds: body.sectionIds,
          contactIds: body.contactIds,
          emails: body.emails.join(", "),
          addLink: body.link !== null,
          link: body.link ?? "",
        });
        toast.success(pluralCount(answer.notification.recipients, m.notify_sent_one, m.notify_sent_other));
        formApi.reset();
        setKnown({});
        onSent(answer.notification.id);
      } catch (error) {
        const refusal = showRefusalOnForm(formApi, error, { translations: NOTIFICATION_TRANSLATIONS });
        if (refusal.placedOn === null) toast.error(readRefusal(error, NOTIFICATION_TRANSLATIONS).message);
      } finally {
        await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      }
    },
  });
  const data: NotificationChoices | undefined = choices.data;
  const remember = (entries: [string, string][]) =>
    setKnown((k) => ({ ...k, ...Object.fromEntries(entries) }));
  const withChosen = (offered: { value: string; label: string }[], chosen: string[]) => [
    ...chosen
      .filter((id) => !offered.some((o) => o.value === id))
      .map((id) => ({ value: id, label: known[id] ?? id })),
    ...offered,
  ];
  const sectionOptions = (data?.sections ?? []).map((s) => ({
    value: s.id,
    label: `${s.name} (${pluralCount(s.students, m.notify_students_one, m.notify_students_other)})`,
  }));
  const contactOptions = (data?.contacts ?? []).map((c) => ({
    value: c.id,
    label: [c.name, c.email, c.mobile ?? m.notify_no_mobile()].join(" · "),
  }));
  return (
    <form
      aria-label={m.notify_compose_title()}
      noValidate
      className={styles.screen}
      onSubmit={(event) => {
        event.preventDefault();
        remember([...sectionOptions, ...contactOptions].map((o) => [o.value, o.label]));
        void form.handleSubmit();
      }}
    >
      <h2 className={styles.sectionTitle}>{m.notify_compose_title()}</h2>
      <form.Field name="channel">
        {(field) => (
          <SegmentedControl<NotificationChannel>
            label={m.notify_channel()}
            name="channel"
            value={field.state.value as NotificationChannel}
            options={(["mail", "sms"] as const).map((c) => ({ value: c, label: channelLabel(c) }))}
            onChange={(v) => field.handleChange(v)}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.values.channel}>
        {(channel) =>
          channel === "mail" ? (
            <form.Field name="subject">
              {(field) => (
                <BoundTextField
                  field={field}
                  translations={NOTIFICATION_TRANSLATIONS}
                  className={styles.filterField}
                  label={m.notify_subject()}
                  required
                />
              )}
            </form.Field>
          ) : (
            <p className={styles.muted}>{m.notify_sms_note()}</p>
          )
        }
      </form.Subscribe>
      <form.Field name="body">
        {(field) => (
          <TextArea
            label={m.notify_body()}
            name="body"
            rows={5}
            required
            value={String(field.state.value ?? "")}
            onChange={(v) => {
              clearServerError(field);
              field.handleChange(v);
            }}
            error={fieldErrorText(field, NOTIFICATION_TRANSLATIONS)}
          />
        )}
      </form.Field>
      <form.Field
        name="topics"
        validators={{
          onChange: ({ value }) =>
            (value?.length ?? 0) > MAX_NOTIFICATION_TOPICS ? NOTIFICATION_MESSAGES.maxTopics : undefined,
        }}
      >
        {(field) => (
          <CheckboxGroup
            field={field}
            legend={m.notify_topics()}
            options={NOTIFICATION_TOPICS.map((t: NotificationTopic) => ({ value: t, label: topicLabel(t) }))}
          />
        )}
      </form.Field>
      <form.Field name="recipientKind">
        {(field) => (
          <SegmentedControl<NotificationRecipientKind>
            label={m.notify_send_to()}
            name="recipientKind"
            value={field.state.value as NotificationRecipientKind}
            options={[
              { value: "classes", label: m.notify_to_classes() },
              { value: "contacts", label: m.notify_to_contacts() },
            ]}
            onChange={(v) => field.handleChange(v)}
          />
        )}
      </form.Field>
      <TextField
        className={styles.filterField}
        type="search"
        label={m.notify_search()}
        value={search}
        onChange={(v) => {
          remember([...sectionOptions, ...contactOptions].map((o) => [o.value, o.label]));
          setSearch(v);
        }}
      />
      {choices.isError ? <QueryError error={choices.error} onRetry={() => void choices.refetch()} /> : null}
      <form.Subscribe selector={(s) => s.values.recipientKind}>
        {(kind) =>
          kind === "classes" ? (
            <form.Field name="sectionIds">
              {(field) => (
                <CheckboxGroup
                  field={field}
                  legend={m.notify_classes()}
                  options={withChosen(sectionOptions, (field.state.value ?? []) as string[])}
                  empty={choices.isPending ? m.admin_loading() : m.admin_no_record()}
                />
              )}
            </form.Field>
          ) : (
            <form.Field name="contactIds">
              {(field) => (
                <CheckboxGroup
                  field={field}
                  legend={m.notify_contacts()}
                  options={withChosen(contactOptions, (field.state.value ?? []) as string[])}
                  empty={choices.isPending ? m.admin_loading() : m.admin_no_record()}
                />
              )}
            </form.Field>
          )
        }
      </form.Subscribe>
      <form.Subscribe selector={(s) => s.values.channel}>
        {(channel) =>
          channel === "mail" ? (
            <form.Field name="emails">
              {(field) => (
                <BoundTextField
                  field={field}
                  translations={NOTIFICATION_TRANSLATIONS}
                  className={styles.filterField}
                  label={m.notify_emails()}
                  helper={m.notify_emails_help()}
                />
              )}
            </form.Field>
          ) : null
        }
      </form.Subscribe>
      <form.Field name="addLink">
        {(field) => (
          <Checkbox
            label={m.notify_add_link()}
            name="addLink"
            checked={Boolean(field.state.value)}
            onChange={(on) => field.handleChange(on)}
          />
        )}
      </form.Field>
      <form.Subscribe selector={(s) => s.values.addLink}>
        {(addLink) =>
          addLink ? (
            <form.Field name="link">
              {(field) => (
                <BoundTextField
                  field={field}
                  translations={NOTIFICATION_TRANSLATIONS}
                  className={styles.filterField}
                  label={m.notify_link()}
                  helper={m.notify_link_help()}
                  required
                />
              )}
            </form.Field>
          ) : null
        }
      </form.Subscribe>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" loading={send.isPending}>
          {m.notify_send()}
        </Button>
      </div>
    </form>
  );
}

/** "N queued · N sent · N failed" of a message. */
function countsText(n: NotificationRow): string {
  return m.mail_status_counts({
    queued: formatNumber(n.counts.queued),
    sent: formatNumber(n.counts.sent),
    failed: formatNumber(n.counts.failed),
  });
}

/** Whom a message went to: its classes' names, or the number of recipients. */
function recipientsText(n: NotificationRow): string {
  const people = pluralCount(n.recipients, m.notify_recipients_one, m.notify_recipients_other);
  return n.sections.length > 0 ? `${n.sections.map((s) => s.name).join("; ")} (${people})` : people;
}

/**
 * An SMS message's counts ('N queued · N sent · N failed') and, when some failed, 'Resend failed SMS'
 * (POST /notifications/{id}/sms/resend, the mails' resend path), then a toast and the message and
 * list read again; a refusal (409 when someone resent them meanwhile) shows the server's message.
 */
function SmsStatus({ message }: { message: NotificationRow }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const resend = useMutation({
    ...resendFailedSmsMutationOptions(api),
    onSuccess: (answer) => {
      toast.success(m.notify_sms_resent({ count: formatNumber(answer.resent) }));
    },
    onError: (error) => {
      toast.error(readRefusal(error, NOTIFICATION_TRANSLATIONS).message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  return (
    <section className={styles.actions} aria-label={m.notify_sms_status_label()}>
      <p className={styles.muted} role="status">
        {countsText(message)}
      </p>
      {message.counts.failed > 0 ? (
        <Button
          variant="secondary"
          size="sm"
          loading={resend.isPending}
          onClick={() => resend.mutate(message.id)}
        >
          {m.notify_sms_resend_failed()}
        </Button>
      ) : null}
    </section>
  );
}

/** A message's recipients with their delivery status, paged on the server and filtered by status. */
function MessageDetail({
  state,
  navigate,
}: {
  state: NotificationState;
  navigate: (next: NotificationState, replace?: boolean) => void;
}) {
  const api = useApi();
  const detail = useQuery({
    ...notificationDetailQueryOptions(api, state.message, {
      pageNo: state.recipientPage,
      count: state.recipientPageSize,
      status: state.status,
    }),
    placeholderData: keepPreviousData,
  });
  const message = detail.data?.notification;
  const paging = { page: state.recipientPage, pageSize: state.recipientPageSize };
  const columns: DataTableColumn<NotificationRecipientRow>[] = [
    { id: "name", header: m.notify_col_name(), cell: (r) => r.name ?? "—", rowHeader: true },
    { id: "address", header: m.notify_col_address(), cell: (r) => r.address },
    { id: "status", header: m.notify_col_status(), cell: (r) => statusLabel(r.status) },
    { id: "attempts", header: m.notify_col_attempts(), cell: (r) => formatNumber(r.attempts) },
    { id: "error", header: m.notify_col_error(), cell: (r) => r.lastError ?? "—" },
  ];
  const title = message
    ? m.notify_recipients_of({ what: message.subject || message.body.slice(0, 60) })
    : m.notify_recipients_title();
  return (
    <section className={styles.screen} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {message ? (
        <p className={styles.muted}>
          {channelLabel(message.channel)} · {formatInstant(message.sentAt)} · {message.sentBy} ·{" "}
          {message.topics.map((t) => topicLabel(t)).join(", ") || "—"}
          {message.skipped > 0
            ? ` · ${pluralCount(message.skipped, m.notify_skipped_one, m.notify_skipped_other)}`
            : ""}
        </p>
      ) : null}
      {message?.link ? (
        <p className={styles.muted}>
          {m.notify_link_label()}: {message.link}
        </p>
      ) : null}
      {message?.channel === "mail" ? <MailStatus source={notificationSource(message.id)} /> : null}
      {message?.channel === "sms" ? (
        <>
          <p className={styles.muted}>
            {detail.data?.smsGateway ? m.notify_sms_gateway_note() : m.notify_sms_queued_note()}
          </p>
          <SmsStatus message={message} />
        </>
      ) : null}
      <div className={styles.filters}>
        <Select
          className={styles.filterField}
          label={m.notify_col_status()}
          placeholder={m.notify_status_all()}
          value={state.status}
          options={(["queued", "sent", "failed"] as const).map((s) => ({ value: s, label: statusLabel(s) }))}
          onChange={(status) =>
            navigate({ ...state, status: status as RecipientStatusFilter, recipientPage: 1 })
          }
        />
        <Button
          variant="secondary"
          onClick={() => navigate({ ...state, message: "", status: "", recipientPage: 1 })}
        >
          {m.notify_close()}
        </Button>
      </div>
      <PagedTable<
        NonNullable<typeof detail.data>,
        NotificationRecipientRow,
        NotificationPageSize,
        typeof paging
      >
        query={detail}
        rows={(data) => data.recipients}
        state={paging}
        navigate={(next, replace) =>
          navigate({ ...state, recipientPage: next.page, recipientPageSize: next.pageSize }, replace)
        }
        pageSizes={NOTIFICATION_PAGE_SIZES}
        pagerLabels={pagerLabels(m.notify_pager_recipients())}
        errorView={<QueryError error={detail.error} onRetry={() => void detail.refetch()} />}
        caption={m.notify_recipients_title()}
        columns={columns}
        getRowId={(r) => r.id}
        emptyText={m.admin_no_record()}
        loadingLabel={m.admin_loading()}
      />
    </section>
  );
}

/**
 * Communication channels (`/app/notification`, the home portal's card, spec §1): compose a message
 * by mail or SMS to classes or contacts; the sent messages, newest first, paged on the server, with
 * their queued, sent and failed counts; and the chosen message's recipients with each one's status
 * and Resend failed (the mail outbox) or Resend failed SMS. State lives in the address.
 */
export function NotificationsScreen({ search }: { search: string }) {
  const api = useApi();
  const [state, navigate] = useUrlState(search, parseNotificationState, serializeNotificationState);
  const list = useQuery({
    ...notificationListQueryOptions(api, { pageNo: state.page, count: state.pageSize }),
    placeholderData: keepPreviousData,
  });
  const columns: DataTableColumn<NotificationRow>[] = [
    { id: "sentAt", header: m.notify_col_sent_at(), cell: (n) => formatInstant(n.sentAt) },
    { id: "channel", header: m.notify_channel(), cell: (n) => channelLabel(n.channel) },
    {
      id: "message",
      header: m.notify_body(),
      cell: (n) => n.subject || n.body.slice(0, 80),
      rowHeader: true,
    },
    {
      id: "topics",
      header: m.notify_topics(),
      cell: (n) => n.topics.map((t) => topicLabel(t)).join(", ") || "—",
    },
    { id: "to", header: m.notify_send_to(), cell: (n) => recipientsText(n) },
    { id: "counts", header: m.notify_col_delivery(), cell: (n) => countsText(n) },
    {
      id: "actions",
      header: m.dept_actions(),
      cell: (n) => (
        <Button
          size="sm"
          variant={state.message === n.id ? "primary" : "secondary"}
          aria-label={`${m.notify_recipients_title()}: ${n.subject || n.body.slice(0, 40)}`}
          onClick={() => navigate({ ...state, message: n.id, recipientPage: 1, status: "" })}
        >
          {m.notify_recipients_title()}
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.screen}>
      <ComposeForm
        onSent={(id) => navigate({ ...state, page: 1, message: id, recipientPage: 1, status: "" })}
      />
      <h2 className={styles.sectionTitle}>{m.notify_sent_title()}</h2>
      <PagedTable<NonNullable<typeof list.data>, NotificationRow, NotificationPageSize, NotificationState>
        query={list}
        rows={(data) => data.notifications}
        state={state}
        navigate={navigate}
        pageSizes={NOTIFICATION_PAGE_SIZES}
        pagerLabels={pagerLabels(m.notify_pager_sent())}
        errorView={<QueryError error={list.error} onRetry={() => void list.refetch()} />}
        caption={m.notify_sent_title()}
        columns={columns}
        getRowId={(n) => n.id}
        emptyText={m.admin_no_record()}
        loadingLabel={m.admin_loading()}
      />
      {state.message ? <MessageDetail state={state} navigate={navigate} /> : null}
    </div>
  );
}
