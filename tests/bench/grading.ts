/**
 * Micro-benchmark of the grading math (docs/performance.md "Grading"): one course offering of 2,000
 * students with 8 components of 8 sub-components each, graded Absolute and Relative by the domain's
 * gradeClass. Deterministic data (seeded generator); prints the median and worst of 30 runs after 5
 * warm-up runs. Budget: 50 ms per grading. Run: `npx -y pnpm@10.34.9 bench:grading`.
 */
import {
  COMPONENT_NAMES,
  type ComponentDefinition,
  DEFAULT_GRADE_BANDS,
  type GradingStudent,
  gradeClass,
} from "@portal/domain";

const STUDENTS = 2000;
const COMPONENTS = 8;
const SUB_COMPONENTS = 8;
const RUNS = 30;
const BUDGET_MS = 50;

/** mulberry32: a small seeded generator, so every run grades the same marks. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(20261123);
const components: ComponentDefinition[] = COMPONENT_NAMES.slice(0, COMPONENTS).map((name) => ({
  componentName: name,
  weightagePercent: 100 / COMPONENTS,
  subComponents: Array.from({ length: SUB_COMPONENTS }, (_, s) => ({
    subComponentName: `${name} ${s + 1}`,
    weightagePercent: 100 / SUB_COMPONENTS,
    totalMarks: 50,
  })),
}));
const students: GradingStudent[] = Array.from({ length: STUDENTS }, (_, i) => ({
  studentId: `S${i}`,
  marks: components.map(() =>
    Array.from({ length: SUB_COMPONENTS }, () => ({
      marksObtained: Math.round(next() * 500) / 10,
      totalMarks: 50,
    })),
  ),
}));

for (const type of ["Absolute", "Relative"] as const) {
  const bands = DEFAULT_GRADE_BANDS[type];
  for (let i = 0; i < 5; i++) gradeClass(type, bands, components, students);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    gradeClass(type, bands, components, students);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)] as number;
  const worst = times[RUNS - 1] as number;
  console.log(
    `${type}: ${STUDENTS} students x ${COMPONENTS} x ${SUB_COMPONENTS}: median ${median.toFixed(2)} ms, worst ${worst.toFixed(2)} ms (budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? "within" : "OVER"})`,
  );
}
