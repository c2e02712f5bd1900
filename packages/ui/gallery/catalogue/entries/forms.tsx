import * as UI from "../../../src/index.ts";
import type { CatalogueEntry } from "../types.ts";

const nothing = () => {};

/** Form fields: text, text area, select, checkbox, segmented control. */
export const formEntries: CatalogueEntry[] = [
  {
    id: "text-field",
    title: "TextField, TextArea",
    states: [
      {
        id: "default",
        label: "With helper text",
        render: (t) => (
          <UI.TextField
            label={t("Name", "नाम")}
            value=""
            onChange={nothing}
            helper={t("Letters and spaces only", "केवल अक्षर और रिक्त स्थान")}
            placeholder={t("Full name", "पूरा नाम")}
          />
        ),
      },
      {
        id: "error",
        label: "Error and warning",
        render: (t) => (
          <>
            <UI.TextField
              label={t("Email", "ईमेल")}
              value="asha@"
              onChange={nothing}
              error={t("Field should contain a valid e-mail", "फ़ील्ड में मान्य ई-मेल होना चाहिए")}
            />
            <UI.TextField
              label="OTP"
              value=""
              onChange={nothing}
              warning={t("Field cannot be empty.", "फ़ील्ड खाली नहीं हो सकता।")}
            />
          </>
        ),
      },
      {
        id: "disabled",
        label: "Disabled",
        render: (t) => (
          <>
            <UI.TextField
              label={t("Email", "ईमेल")}
              value="office@university.example"
              onChange={nothing}
              disabled
            />
            <UI.TextArea label={t("Message", "संदेश")} value="" onChange={nothing} disabled />
          </>
        ),
      },
    ],
  },
  {
    id: "select",
    title: "Select",
    states: [
      {
        id: "default",
        label: "Placeholder",
        render: (t) => (
          <UI.Select
            label={t("Term", "सत्र")}
            options={[
              { value: "t1", label: t("Term 1", "सत्र 1") },
              { value: "t2", label: t("Term 2", "सत्र 2") },
            ]}
            value=""
            onChange={nothing}
            placeholder={t("All terms", "सभी सत्र")}
          />
        ),
      },
      {
        id: "selected",
        label: "Selected",
        render: (t) => (
          <UI.Select
            label={t("Term", "सत्र")}
            options={[
              { value: "t1", label: t("Term 1", "सत्र 1") },
              { value: "t2", label: t("Term 2", "सत्र 2") },
            ]}
            value="t2"
            onChange={nothing}
          />
        ),
      },
      {
        id: "disabled",
        label: "Disabled",
        render: (t) => (
          <UI.Select
            label={t("Term", "सत्र")}
            options={[{ value: "t1", label: t("Term 1", "सत्र 1") }]}
            value="t1"
            onChange={nothing}
            disabled
          />
        ),
      },
    ],
  },
  {
    id: "checkbox",
    title: "Checkbox, SegmentedControl",
    states: [
      {
        id: "default",
        label: "Unchecked",
        render: (t) => <UI.Checkbox label={t("Send e-mail", "ई-मेल भेजें")} checked={false} onChange={nothing} />,
      },
      {
        id: "selected",
        label: "Checked, mixed, and a chosen segment",
        render: (t) => (
          <>
            <UI.Checkbox label={t("Select All", "सभी चुनें")} checked onChange={nothing} />
            <UI.Checkbox
              label={t("Some rows", "कुछ पंक्तियाँ")}
              checked={false}
              indeterminate
              onChange={nothing}
            />
            <UI.SegmentedControl
              label={t("Resource type", "संसाधन प्रकार")}
              options={[
                { value: "faculty", label: t("Faculty", "संकाय") },
                { value: "facility", label: t("Facility", "सुविधा") },
              ]}
              value="facility"
              onChange={nothing}
            />
          </>
        ),
      },
      {
        id: "disabled",
        label: "Disabled",
        render: (t) => (
          <UI.Checkbox label={t("Send e-mail", "ई-मेल भेजें")} checked onChange={nothing} disabled />
        ),
      },
    ],
  },
];
