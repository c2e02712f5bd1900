import { layered } from "./layered.ts";

/** Hides content visually while keeping it for screen readers (e.g. a table caption). */
export const visuallyHidden = layered(
  {
    position: "absolute",
    width: "1px",
    height: "1px",
    padding: 0,
    margin: "-1px",
    overflow: "hidden",
    clip: "rect(0, 0, 0, 0)",
    whiteSpace: "nowrap",
    border: 0,
  },
  "visuallyHidden",
);
