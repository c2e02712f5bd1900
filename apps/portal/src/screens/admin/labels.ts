import type { RoleScope } from "@portal/domain";
import { m } from "../../lib/i18n.ts";

/** A role type's name in the page's language; a role the portal does not know shows its own name. */
export function roleTypeLabel(role: string): string {
  switch (role) {
    case "admin":
      return m.admin_role_admin();
    case "exam_office":
      return m.admin_role_exam_office();
    case "academic_office":
      return m.admin_role_academic_office();
    default:
      return role;
  }
}

/** "Programme: MBA (MBA)" for a scoped assignment, "Everywhere" for one without a scope. */
export function scopeLabel(kind: RoleScope | null, name: string | null): string {
  if (kind === null) return m.admin_everywhere();
  const what = {
    institute: m.admin_institute,
    programme: m.admin_programme,
    programme_plan: m.admin_programme_plan,
    class_section: m.admin_class_section,
  }[kind]();
  return `${what}: ${name ?? ""}`;
}
