// Size-budget probe: a page that uses only a Button (measures what tree-shaking leaves).
import { createRoot } from "react-dom/client";
import { Button, lightTheme } from "../../src/index.ts";

document.documentElement.className = lightTheme;
createRoot(document.body).render(<Button>Save</Button>);
