import type { ProfilePartName } from "@portal/api-client";
import {
  type ADDRESS_KINDS,
  FIELD_FORMAT_MESSAGES,
  type GENDERS,
  type RELATIONSHIP_TYPES,
} from "@portal/domain";
import { m } from "../../lib/i18n.ts";
import type { MessageTranslations } from "../form-field.tsx";

/*
 * What the 360 profile's edit dialogs show for each editable part (openapi/profiles.yaml): its
 * fields in order with their labels and the choices of a choice field. The domain schemas the forms
 * validate with are PartDialog's, so zod loads only when a dialog opens.
 */

/** One field of an edit dialog: a text input, or a choice of `options` (value and label). */
export type PartField = {
  name: string;
  label: () => string;
  required?: boolean;
  type?: "text" | "date" | "email" | "tel";
  options?: ReadonlyArray<{ value: string; label: () => string }>;
};

/** An edit dialog's fields and its section's name. */
export type PartForm = { fields: readonly PartField[]; section: () => string };

const genderLabels: Record<(typeof GENDERS)[number], () => string> = {
  Female: m.profile_gender_female,
  Male: m.profile_gender_male,
  Other: m.profile_gender_other,
};
const addressKindLabels: Record<(typeof ADDRESS_KINDS)[number], () => string> = {
  Permanent: m.profile_address_permanent,
  Current: m.profile_address_current,
  Mailing: m.profile_address_mailing,
};
const relationshipLabels: Record<(typeof RELATIONSHIP_TYPES)[number], () => string> = {
  Father: m.profile_rel_father,
  Mother: m.profile_rel_mother,
  Guardian: m.profile_rel_guardian,
  Spouse: m.profile_rel_spouse,
  Sibling: m.profile_rel_sibling,
  Other: m.profile_rel_other,
};

/** The label of a stored choice (gender, address kind, relationship), or the value itself. */
export function choiceLabel(value: string | null): string {
  if (value === null) return "";
  const all: Record<string, () => string> = { ...genderLabels, ...addressKindLabels, ...relationshipLabels };
  return Object.hasOwn(all, value) ? (all[value] as () => string)() : value;
}

const options = <T extends string>(labels: Record<T, () => string>) =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

/** The contact details dialog (`PUT .../contactDetails`; the version is added on save). */
export const CONTACT_DETAILS_FORM: PartForm = {
  section: m.profile_tab_contact,
  fields: [
    { name: "firstName", label: m.profile_field_first_name, required: true },
    { name: "lastName", label: m.profile_field_last_name, required: true },
    { name: "email", label: m.profile_field_email, required: true, type: "email" },
    { name: "mobile", label: m.profile_field_mobile, type: "tel" },
    { name: "dateOfBirth", label: m.profile_field_dob, type: "date" },
    { name: "gender", label: m.profile_field_gender, options: options(genderLabels) },
    { name: "nationality", label: m.profile_field_nationality },
  ],
};

/** The dialogs of the four repeatable parts. */
export const PART_FORMS: Record<ProfilePartName, PartForm> = {
  addresses: {
    section: m.profile_tab_address,
    fields: [
      {
        name: "kind",
        label: m.profile_field_address_kind,
        required: true,
        options: options(addressKindLabels),
      },
      { name: "line1", label: m.profile_field_line1, required: true },
      { name: "line2", label: m.profile_field_line2 },
      { name: "city", label: m.profile_field_city, required: true },
      { name: "state", label: m.profile_field_state, required: true },
      { name: "postalCode", label: m.profile_field_postal_code, required: true },
      { name: "country", label: m.profile_field_country, required: true },
    ],
  },
  relationships: {
    section: m.profile_tab_relationships,
    fields: [
      { name: "relatedName", label: m.profile_field_related_name, required: true },
      {
        name: "relationshipType",
        label: m.profile_field_relationship,
        required: true,
        options: options(relationshipLabels),
      },
      { name: "mobile", label: m.profile_field_mobile, type: "tel" },
      { name: "email", label: m.profile_field_email, type: "email" },
    ],
  },
  educationHistory: {
    section: m.profile_tab_education,
    fields: [
      { name: "institutionName", label: m.profile_field_institution, required: true },
      { name: "qualification", label: m.profile_field_qualification, required: true },
      { name: "yearOfPassing", label: m.profile_field_year, required: true },
      { name: "score", label: m.profile_field_score },
    ],
  },
  additionalInfo: {
    section: m.profile_tab_additional,
    fields: [
      { name: "label", label: m.profile_field_label, required: true },
      { name: "value", label: m.profile_field_value, required: true },
    ],
  },
};

/** The domain's rule messages in the page's language (field-formats.ts and profile-input.ts). */
export const PROFILE_TRANSLATIONS: MessageTranslations = {
  [FIELD_FORMAT_MESSAGES.required]: m.profile_msg_required,
  [FIELD_FORMAT_MESSAGES.name]: m.profile_msg_name,
  [FIELD_FORMAT_MESSAGES.mobile]: m.profile_msg_mobile,
  [FIELD_FORMAT_MESSAGES.number]: m.profile_msg_number,
  [FIELD_FORMAT_MESSAGES.email]: m.profile_msg_email,
  "Enter a year between 1900 and 2099": m.profile_msg_year,
  "Date must be a real date written YYYY-MM-DD": m.profile_msg_date,
};
