import { campusHolidaysQueryOptions, planningSetupQueryOptions } from "@portal/api-client";
import { BATCH_YEARS, INTAKE_MONTHS, isPlanningSelectionComplete } from "@portal/domain";
import { Button, Checkbox, Dialog, Popover, Select } from "@portal/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { m } from "../../lib/i18n.ts";
import { type FirstQuery, IslandRoot, type ScreenIslandProps, useApi } from "../../shell/IslandRoot.tsx";
import { lazyDialog } from "../../shell/lazy-dialog.tsx";
import * as styles from "../screen.css.ts";
import type { IntakeFilters } from "./IntakeDialog.tsx";
import { wireToDisplay } from "./state.ts";

const IntakeDialog = lazyDialog(() => import("./IntakeDialog.tsx").then((x) => x.IntakeDialog));

/** The Add Intake/Specialization island (`/app/add-program`). */
export default function AddIntake({ search: _search, ...root }: ScreenIslandProps) {
  return (
    <IslandRoot {...root}>
      <AddIntakeScreen />
    </IslandRoot>
  );
}

/** First query of Add Intake, run on the server: programmes and campuses (Load setup options). */
export const addIntakeFirstQuery: FirstQuery = async ({ api, fetch }) => {
  await fetch(planningSetupQueryOptions(api));
};

/**
 * Add Intake/Specialization (spec §2; §7 Load setup options; §9 years and intakes): the filter
 * component (Academic Program, Year, Intake); FILTER opens the FILTER dialog (Semester, Start date,
 * End date, Select City, Total Section), enabled once program, year and intake are set. The holiday
 * list popover shows the chosen city's holidays of that year, with Ignore Holidays opening the Ignore
 * Holiday dialog (a checkbox list). Submitting creates the intake with its programme plan and terms
 * in one call (createProgramBatchSpecialization), stores the selection in session storage and goes
 * to /app/add-activity with the filters (and the ignored holidays). Creating the intake also places
 * its curriculum's subjects in the terms with Total Section sections each (A..). A 409 (the intake
 * exists already) shows in the dialog (RefusalNotice), keeping what was typed. The filter component
 * is three plain selects, as on the other planning screens; the dialog (IntakeDialog, its form and
 * the domain's zod schemas) loads when FILTER is first pressed.
 */
export function AddIntakeScreen() {
  const api = useApi();
  const setup = useQuery(planningSetupQueryOptions(api));
  const [filters, setFilters] = useState<IntakeFilters>({ academicProgramId: "", year: "", intake: "" });
  // The FILTER dialog loads when first opened and then stays mounted, keeping what was typed.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const [ignoreOpen, setIgnoreOpen] = useState(false);
  const [ignored, setIgnored] = useState<string[]>([]);
  // The city chosen in the FILTER dialog: the holiday list shows its holidays of the chosen year.
  const [campusId, setCampusId] = useState("");
  const ready = isPlanningSelectionComplete({
    program: filters.academicProgramId,
    year: filters.year,
    intake: filters.intake,
  });
  const holidays = useQuery({
    ...campusHolidaysQueryOptions(api, campusId, filters.year === "" ? "" : Number(filters.year)),
    enabled: campusId !== "",
  });
  const holidayList = holidays.data?.holidays ?? [];
  const programmes = setup.data?.["Academic Program"] ?? [];
  const choose = (key: keyof IntakeFilters) => (value: string) =>
    setFilters((now) => ({ ...now, [key]: value }));

  return (
    <div className={styles.screen}>
      <fieldset className={styles.filters} aria-label={m.intake_filters()}>
        <Select
          className={styles.filterField}
          label={m.intake_academic_program()}
          placeholder={m.intake_select()}
          value={filters.academicProgramId}
          options={programmes.map((p) => ({ value: p.id, label: p.name }))}
          onChange={choose("academicProgramId")}
          required
        />
        <Select
          className={styles.filterField}
          label={m.intake_year()}
          placeholder={m.intake_select()}
          value={filters.year}
          options={BATCH_YEARS.map((y) => ({ value: String(y), label: String(y) }))}
          onChange={choose("year")}
          required
        />
        <Select
          className={styles.filterField}
          label={m.intake_intake()}
          placeholder={m.intake_select()}
          value={filters.intake}
          options={INTAKE_MONTHS.map((v) => ({ value: v, label: v }))}
          onChange={choose("intake")}
          required
        />
        <Button
          variant="primary"
          disabled={!ready}
          onClick={() => {
            setDialogLoaded(true);
            setFilterOpen(true);
          }}
        >
          {m.intake_filter()}
        </Button>
        <Popover
          trigger={m.intake_holiday_list()}
          triggerVariant="secondary"
          title={m.intake_holiday_list()}
          closeLabel={m.intake_close()}
          placement="bottom-start"
        >
          {campusId === "" ? (
            <p className={styles.muted}>{m.intake_choose_city_first()}</p>
          ) : holidayList.length === 0 ? (
            <p className={styles.muted}>{m.intake_no_data()}</p>
          ) : (
            <ul className={styles.cellList}>
              {holidayList.map((h) => (
                <li key={h.id}>
                  {wireToDisplay(h.startDate)} {h.name}
                  {ignored.includes(h.id) ? ` (${m.intake_ignored()})` : ""}
                </li>
              ))}
            </ul>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={holidayList.length === 0}
            onClick={() => setIgnoreOpen(true)}
          >
            {m.intake_ignore_holidays()}
          </Button>
        </Popover>
      </fieldset>
      <p className={styles.muted}>{m.intake_add_intake_hint()}</p>

      {dialogLoaded ? (
        <IntakeDialog
          open={filterOpen}
          onOpenChange={setFilterOpen}
          filters={filters}
          ignored={ignored}
          onCampusChange={setCampusId}
        />
      ) : null}

      <Dialog
        open={ignoreOpen}
        onOpenChange={setIgnoreOpen}
        title={m.intake_ignore_holiday()}
        closeLabel={m.intake_close()}
        footer={
          <Button variant="primary" onClick={() => setIgnoreOpen(false)}>
            {m.intake_done()}
          </Button>
        }
      >
        {holidayList.map((h) => (
          <Checkbox
            key={h.id}
            label={`${wireToDisplay(h.startDate)} ${h.name}`}
            checked={ignored.includes(h.id)}
            onChange={(checked) =>
              setIgnored((now) => (checked ? [...now, h.id] : now.filter((id) => id !== h.id)))
            }
          />
        ))}
      </Dialog>
    </div>
  );
}
