import type { StandardSchemaV1 } from "@tanstack/react-form";
import { useEffect, useMemo } from "react";

/** The value a schema takes (a form's values) and the value it answers when they pass. */
type InputOf<S extends StandardSchemaV1> = NonNullable<S["~standard"]["types"]>["input"];
type OutputOf<S extends StandardSchemaV1> = NonNullable<S["~standard"]["types"]>["output"];
type Verdict<S extends StandardSchemaV1> = Awaited<ReturnType<S["~standard"]["validate"]>>;

/**
 * A form's domain schema loaded after first paint (docs/architecture.md "Forms", docs/performance.md
 * "Form schemas load after first paint"): the page's first load carries no zod (nor the date rules
 * a schema brings), yet the browser checks exactly the rule the server parses the request with, in
 * the schema's own messages. Made once per schema at module level with {@link lazySchema}; a form
 * takes its validators from {@link useSchemaValidators}.
 */
export interface LazySchema<S extends StandardSchemaV1> {
  /** Starts the import (once; later calls answer the same promise) and answers the schema. */
  load(): Promise<S>;
  /** The schema once it has arrived, else null. */
  readonly current: S | null;
  /**
   * The output of values that passed the schema, e.g. trimmed strings or numbers, for the submit
   * handler (TanStack Form calls it only after the submit validators, which wait for the schema).
   * Throws if the schema has not arrived or the values do not pass: both are programming errors.
   */
  parse(value: unknown): OutputOf<S>;
}

/**
 * Wraps `load`, a dynamic import of the module holding a schema, e.g.
 * `lazySchema(() => import("@portal/domain/feedback-input").then((m) => m.ZFeedbackFormInput))`.
 * Nothing is fetched until {@link LazySchema.load} is first called (by {@link useSchemaValidators}
 * when the browser is idle after hydration, or by a submit); a failed import may be retried.
 */
export function lazySchema<S extends StandardSchemaV1>(load: () => Promise<S>): LazySchema<S> {
  let pending: Promise<S> | null = null;
  const lazy: { current: S | null } & Omit<LazySchema<S>, "current"> = {
    current: null,
    load() {
      if (pending === null) {
        pending = load().then(
          (schema) => {
            lazy.current = schema;
            return schema;
          },
          (error: unknown) => {
            pending = null;
            throw error;
          },
        );
      }
      return pending;
    },
    parse(value) {
      if (lazy.current === null) throw new Error("The form's schema has not loaded yet");
      const verdict = lazy.current["~standard"].validate(value) as Verdict<S>;
      if (verdict instanceof Promise) throw new Error("An asynchronous schema cannot parse at submit");
      if (verdict.issues) throw new Error(`Values the schema refuses: ${verdict.issues[0]?.message ?? ""}`);
      return verdict.value as OutputOf<S>;
    },
  };
  return lazy;
}

/** Which events a form checks on besides submit (each as it did with the schema itself). */
export type SchemaChecks = { onChange?: boolean; onBlur?: boolean };

/** A Standard Schema (what TanStack Form takes as a validator) of the values the lazy schema takes. */
export type FormSchema<S extends StandardSchemaV1> = StandardSchemaV1<InputOf<S>, OutputOf<S>>;

/**
 * The same rule as a synchronous Standard Schema: the schema's verdict once it has arrived; before
 * that, no issue (the value is judged at submit, which waits for the schema).
 */
function whenLoaded<S extends StandardSchemaV1>(lazy: LazySchema<S>): FormSchema<S> {
  return {
    "~standard": {
      version: 1,
      vendor: "portal-lazy",
      validate: (value) => (lazy.current ? lazy.current["~standard"].validate(value) : { value }) as never,
    },
  };
}

/** The same rule as an asynchronous Standard Schema: waits for the schema, then its verdict. */
function awaited<S extends StandardSchemaV1>(lazy: LazySchema<S>): FormSchema<S> {
  return {
    "~standard": {
      version: 1,
      vendor: "portal-lazy",
      validate: async (value) => (await lazy.load())["~standard"].validate(value) as never,
    },
  };
}

/** What {@link useSchemaValidators} answers: TanStack Form's `validators` option. */
export type SchemaValidators<S extends StandardSchemaV1> = {
  onChange?: FormSchema<S>;
  onBlur?: FormSchema<S>;
  onSubmitAsync: FormSchema<S>;
};

/**
 * TanStack Form validators on a {@link LazySchema}, for `useForm({ validators: ... })`. The import
 * starts when the browser is first idle after the form mounts (right after hydration; at once where
 * `requestIdleCallback` is missing). Change and blur checks (as `checks` asks) use the schema as soon
 * as it is there and pass everything before; submit always waits for it (`onSubmitAsync`), so input
 * is never sent unchecked: a submit before the load is refused with the schema's messages at the
 * fields, exactly as after. Errors land in the same `errorMap` slots (onChange, onBlur, onSubmit) as
 * with the schema passed directly, and a field's submit error clears once it is changed to a value
 * that passes.
 */
export function useSchemaValidators<S extends StandardSchemaV1>(
  lazy: LazySchema<S>,
  checks: SchemaChecks = {},
): SchemaValidators<S> {
  useEffect(() => {
    if (lazy.current !== null) return;
    const start = () => {
      void lazy.load().catch(() => {
        // Offline or a stale build: the submit tries the import again and shows its failure.
      });
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(start);
      return () => window.cancelIdleCallback(handle);
    }
    start();
    return undefined;
  }, [lazy]);
  const { onChange = false, onBlur = false } = checks;
  return useMemo(() => {
    const sync = whenLoaded(lazy);
    return {
      ...(onChange ? { onChange: sync } : {}),
      ...(onBlur ? { onBlur: sync } : {}),
      onSubmitAsync: awaited(lazy),
    };
  }, [lazy, onChange, onBlur]);
}
