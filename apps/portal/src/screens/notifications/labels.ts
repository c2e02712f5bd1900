import {
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationTopic,
  SPEC_MESSAGES,
} from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";

/** The English messages of the communication channels' rules and refusals in the page's language. */
export const NOTIFICATION_TRANSLATIONS: MessageTranslations = {
  [NOTIFICATION_MESSAGES.provideAllDetails]: m.notify_err_provide_all_details,
  [NOTIFICATION_MESSAGES.selectClass]: m.notify_err_select_class,
  [NOTIFICATION_MESSAGES.selectContact]: m.notify_err_select_contact,
  [NOTIFICATION_MESSAGES.maxTopics]: m.notify_err_max_topics,
  [NOTIFICATION_MESSAGES.provideUrlPath]: m.notify_err_provide_url_path,
  [NOTIFICATION_MESSAGES.invalidUrlPath]: m.notify_err_invalid_url_path,
  [SPEC_MESSAGES.invalidEmail]: m.notify_err_invalid_email,
  [NOTIFICATION_MESSAGES.tooLong]: m.notify_err_too_long,
  [NOTIFICATION_MESSAGES.emailsOnlyByMail]: m.notify_err_emails_only_by_mail,
  [NOTIFICATION_MESSAGES.sectionOutOfReach]: m.notify_err_section_out_of_reach,
  [NOTIFICATION_MESSAGES.unknownContact]: m.notify_err_unknown_contact,
  [NOTIFICATION_MESSAGES.noRecipients]: m.notify_err_no_recipients,
  [NOTIFICATION_MESSAGES.noSuchMessage]: m.notify_err_no_such_message,
};

/** A topic's label. */
export function topicLabel(topic: NotificationTopic): string {
  return {
    exams: m.notify_topic_exams,
    results: m.notify_topic_results,
    timetable: m.notify_topic_timetable,
    attendance: m.notify_topic_attendance,
    events: m.notify_topic_events,
    holidays: m.notify_topic_holidays,
    fees: m.notify_topic_fees,
    general: m.notify_topic_general,
  }[topic]();
}

/** A channel's label. */
export function channelLabel(channel: NotificationChannel): string {
  return { mail: m.notify_channel_mail, sms: m.notify_channel_sms }[channel]();
}

/** A delivery status's label. */
export function statusLabel(status: "queued" | "sent" | "failed"): string {
  return { queued: m.notify_status_queued, sent: m.notify_status_sent, failed: m.notify_status_failed }[
    status
  ]();
}
