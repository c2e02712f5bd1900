/**
 * Constants of the 360 profiles (openapi/profiles.yaml) that the screens need
 * without zod: the photo limit and the choices of the edit dialogs. Pure, no I/O.
 */

/** Largest passport photo `POST /report/signature` accepts: 2 MB (2 × 1024 × 1024 bytes). */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Kinds of address a contact may have, at most one of each. */
export const ADDRESS_KINDS = ["Permanent", "Current", "Mailing"] as const;
/** How a related person is related to the contact. */
export const RELATIONSHIP_TYPES = ["Father", "Mother", "Guardian", "Spouse", "Sibling", "Other"] as const;
/** A contact's gender as recorded (optional). */
export const GENDERS = ["Female", "Male", "Other"] as const;
