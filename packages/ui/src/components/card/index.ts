import { CardBody, CardFooter, CardHeader, CardRoot, CardTitle } from "./card.tsx";

/** Card parts: `<Card.Root><Card.Header><Card.Title/></Card.Header><Card.Body/><Card.Footer/></Card.Root>`. */
export const Card = {
  Root: CardRoot,
  Header: CardHeader,
  Title: CardTitle,
  Body: CardBody,
  Footer: CardFooter,
};

export type { StatTileProps } from "./card.tsx";
export { StatTile, StatTileGroup } from "./card.tsx";
