export type { TextAreaProps } from "./text-area.tsx";
export { TextArea } from "./text-area.tsx";
export type { TextFieldProps } from "./text-field.tsx";
export { TextField } from "./text-field.tsx";
