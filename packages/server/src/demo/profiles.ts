import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import {
  adminUser,
  contact,
  contactAdditionalInfo,
  contactAddress,
  contactDetail,
  contactRelationship,
  educationHistory,
  facultyProfile,
} from "../db/schema.ts";

/** The demo's own 360 profile: the academic office's registrar, a staff member on the faculty roll. */
export const DEMO_OWN_PROFILE = {
  firstName: "Meera",
  lastName: "Iyer",
  code: "STAFF-0001",
  designation: "Registrar",
} as const;

/**
 * Gives the demo sign-in account `userEmail` a 360 profile: a faculty contact with
 * the account's e-mail and the registrar's faculty profile, contact details, an address, a
 * relationship, an education history row and one additional information, and names that contact on
 * the portal user, so `/app/my360` shows it. Runs after the rest of the demo, so the generated
 * faculty, sections and their ratings stay as they were. Answers the contact's id.
 */
export async function loadOwnProfileDemo(tx: Executor, userEmail: string): Promise<string> {
  const [person] = await tx
    .insert(contact)
    .values({
      kind: "faculty",
      firstName: DEMO_OWN_PROFILE.firstName,
      lastName: DEMO_OWN_PROFILE.lastName,
      email: userEmail,
      facultyType: "Core",
      code: DEMO_OWN_PROFILE.code,
    })
    .returning({ id: contact.id });
  const contactId = (person as { id: string }).id;
  await tx.insert(facultyProfile).values({
    contactId,
    designation: DEMO_OWN_PROFILE.designation,
    phone: "+91 9820011223",
    association: "Internal",
    location: "Mumbai",
    locationPreference: ["Mumbai", "Pune"],
  });
  await tx.insert(contactDetail).values({
    contactId,
    mobile: "+91 9820011223",
    dateOfBirth: "1979-04-12",
    gender: "Female",
    nationality: "Indian",
  });
  await tx.insert(contactAddress).values({
    contactId,
    kind: "Current",
    line1: "14 Marine Drive",
    line2: "Churchgate",
    city: "Mumbai",
    state: "Maharashtra",
    postalCode: "400020",
    country: "India",
  });
  await tx.insert(contactRelationship).values({
    contactId,
    relatedName: "Arjun Iyer",
    relationshipType: "Spouse",
    mobile: "+91 9820044556",
  });
  await tx.insert(educationHistory).values({
    contactId,
    institutionName: "University of Mumbai",
    qualification: "M.Com",
    yearOfPassing: "2003",
    score: "First Class",
  });
  await tx.insert(contactAdditionalInfo).values({
    contactId,
    label: "Languages",
    value: "English, Hindi, Marathi, Tamil",
  });
  await tx.update(adminUser).set({ contactId }).where(eq(adminUser.email, userEmail));
  return contactId;
}
