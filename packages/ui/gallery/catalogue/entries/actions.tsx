import * as UI from "../../../src/index.ts";
import type { CatalogueEntry } from "../types.ts";

/** Buttons, links, menu, popover, tooltip. */
export const actionEntries: CatalogueEntry[] = [
  {
    id: "button",
    title: "Button, IconButton, LinkButton, ButtonLink",
    states: [
      {
        id: "default",
        label: "Variants",
        render: (t) => (
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
            <UI.Button>{t("Save", "सहेजें")}</UI.Button>
            <UI.Button variant="secondary">{t("Cancel", "रद्द करें")}</UI.Button>
            <UI.Button variant="ghost">{t("Filter", "फ़िल्टर")}</UI.Button>
            <UI.Button variant="danger">{t("Delete", "हटाएँ")}</UI.Button>
            <UI.IconButton aria-label={t("Menu", "मेनू")}>
              <UI.MenuIcon />
            </UI.IconButton>
            <UI.LinkButton>{t("Financial Accounting", "वित्तीय लेखांकन")}</UI.LinkButton>
            <UI.ButtonLink href="#button">{t("Back", "वापस")}</UI.ButtonLink>
          </div>
        ),
      },
      {
        id: "loading",
        label: "Loading",
        render: (t) => <UI.Button loading>{t("Saving", "सहेजा जा रहा है")}</UI.Button>,
      },
      {
        id: "disabled",
        label: "Disabled",
        render: (t) => (
          <div style={{ display: "flex", gap: 8 }}>
            <UI.Button disabled>{t("Save", "सहेजें")}</UI.Button>
            <UI.Button variant="secondary" disabled>
              {t("Cancel", "रद्द करें")}
            </UI.Button>
          </div>
        ),
      },
    ],
  },
  {
    id: "menu",
    title: "Menu",
    states: [
      {
        id: "default",
        label: "Closed, with a disabled and a danger item",
        render: (t) => (
          <UI.Menu
            trigger={t("Account", "खाता")}
            items={[
              { value: "profile", label: t("Profile", "प्रोफ़ाइल"), disabled: true },
              { value: "logout", label: t("Logout", "लॉग आउट"), danger: true },
            ]}
          />
        ),
      },
    ],
  },
  {
    id: "popover",
    title: "Popover, Tooltip",
    states: [
      {
        id: "default",
        label: "Closed",
        render: (t) => (
          <div style={{ display: "flex", gap: 8 }}>
            <UI.Popover trigger={t("Apps", "ऐप्स")} title={t("Applications", "अनुप्रयोग")}>
              <a href="#popover">{t("Events", "कार्यक्रम")}</a>
            </UI.Popover>
            <UI.Tooltip content={t("Time table", "समय सारिणी")}>
              <UI.IconButton aria-label={t("Time table", "समय सारिणी")}>
                <UI.MenuIcon />
              </UI.IconButton>
            </UI.Tooltip>
          </div>
        ),
      },
    ],
  },
];
