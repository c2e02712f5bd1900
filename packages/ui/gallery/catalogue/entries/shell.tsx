import { useState } from "react";
import * as UI from "../../../src/index.ts";
import type { CatalogueEntry, Text } from "../types.ts";

function DrawerState({ t, collapsed: initial }: { t: Text; collapsed: boolean }) {
  const [collapsed, setCollapsed] = useState(initial);
  return (
    <div style={{ height: 200, display: "flex" }}>
      <UI.Drawer
        items={[
          {
            id: "papers",
            label: t("Question Papers", "प्रश्न पत्र"),
            href: "#drawer",
            active: true,
            icon: <UI.MenuIcon />,
          },
          { id: "timetable", label: t("Time table", "समय सारिणी"), href: "#drawer", icon: <UI.MenuIcon /> },
        ]}
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        labels={{
          // Two drawers share the catalogue page: each landmark gets its own name.
          nav: initial ? t("Main menu, collapsed", "मुख्य मेनू, छोटा") : t("Main menu", "मुख्य मेनू"),
          collapse: t("Collapse menu", "मेनू छोटा करें"),
          expand: t("Expand menu", "मेनू बड़ा करें"),
        }}
      />
    </div>
  );
}

/** The application shell and panels: header, drawer, page header, breadcrumbs, card, tabs, avatar. */
export const shellEntries: CatalogueEntry[] = [
  {
    id: "app-header",
    title: "AppHeader, Avatar",
    states: [
      {
        id: "default",
        label: "Logo, greeting, account menu",
        render: (t) => (
          <UI.AppHeader
            logo={<a href="#app-header">Portal</a>}
            greeting={t("Hello, Asha Rao", "नमस्ते, आशा राव")}
            actions={
              <>
                <UI.Avatar name="Asha Rao" size="sm" />
                <UI.Button variant="ghost">{t("Logout", "लॉग आउट")}</UI.Button>
              </>
            }
          />
        ),
      },
    ],
  },
  {
    id: "drawer",
    title: "Drawer",
    states: [
      {
        id: "default",
        label: "Expanded, one item active",
        render: (t) => <DrawerState t={t} collapsed={false} />,
      },
      { id: "selected", label: "Collapsed", render: (t) => <DrawerState t={t} collapsed /> },
    ],
  },
  {
    id: "page-header",
    title: "PageHeader, Breadcrumbs",
    states: [
      {
        id: "default",
        label: "Title, breadcrumbs, actions",
        render: (t) => (
          <UI.PageHeader
            title={t("Question Papers", "प्रश्न पत्र")}
            breadcrumbs={[
              { label: t("Exam", "परीक्षा"), href: "#page-header" },
              { label: t("Question Papers", "प्रश्न पत्र"), current: true },
            ]}
            description={t("Papers submitted by faculty", "संकाय द्वारा जमा किए गए पत्र")}
            actions={<UI.Button>{t("Send E-mail", "ई-मेल भेजें")}</UI.Button>}
          />
        ),
      },
    ],
  },
  {
    id: "card",
    title: "Card",
    states: [
      {
        id: "default",
        label: "Header, body, footer",
        render: (t) => (
          <UI.Card.Root as="section" aria-labelledby="catalogue-card-title">
            <UI.Card.Header>
              <UI.Card.Title id="catalogue-card-title" level={4}>
                {t("Evaluators", "मूल्यांकनकर्ता")}
              </UI.Card.Title>
            </UI.Card.Header>
            <UI.Card.Body>{t("Two evaluators assigned.", "दो मूल्यांकनकर्ता सौंपे गए।")}</UI.Card.Body>
            <UI.Card.Footer>
              <UI.Button variant="secondary">{t("Add Evaluator", "मूल्यांकनकर्ता जोड़ें")}</UI.Button>
            </UI.Card.Footer>
          </UI.Card.Root>
        ),
      },
    ],
  },
  {
    id: "tabs",
    title: "Tabs",
    states: [
      {
        id: "selected",
        label: "Second tab selected",
        render: (t) => (
          <UI.Tabs
            label={t("Grading settings", "ग्रेडिंग सेटिंग्स")}
            defaultValue="components"
            items={[
              {
                value: "grading",
                label: t("Grading Setting", "ग्रेडिंग सेटिंग"),
                content: t("Grade letters", "ग्रेड अक्षर"),
              },
              {
                value: "components",
                label: t("Master Component", "मुख्य घटक"),
                content: t("Component weightage", "घटक भार"),
              },
            ]}
          />
        ),
      },
    ],
  },
];
