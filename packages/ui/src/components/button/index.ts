export type {
  ButtonLinkProps,
  ButtonProps,
  ButtonSize,
  ButtonVariant,
  IconButtonProps,
  LinkButtonProps,
} from "./button.tsx";
export { Button, ButtonLink, IconButton, LinkButton } from "./button.tsx";
