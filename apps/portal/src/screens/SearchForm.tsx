import { Button, TextField } from "@portal/ui";
import { type FormEvent, useState } from "react";
import { m } from "../lib/i18n.ts";
import * as styles from "./screen.css.ts";

/**
 * A search field applied on submit (Search, or Enter), with Clear once a text is applied: the text
 * is trimmed before `onApply`, and Clear applies "". Give it `key={applied}` so that a text applied
 * elsewhere (the address) replaces what is typed. At most 200 characters.
 */
export function SearchForm({
  label,
  applied,
  onApply,
  placeholder,
}: {
  label: string;
  applied: string;
  onApply: (text: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text.trim());
  };
  return (
    <form className={styles.filters} onSubmit={submit}>
      <TextField
        className={styles.filterField}
        label={label}
        type="search"
        value={text}
        onChange={setText}
        placeholder={placeholder}
        maxLength={200}
      />
      <Button type="submit" variant="secondary">
        {m.ev_search()}
      </Button>
      {applied !== "" ? (
        <Button variant="ghost" onClick={() => onApply("")}>
          {m.ev_clear()}
        </Button>
      ) : null}
    </form>
  );
}
