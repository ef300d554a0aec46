/** Rows → the contract's TeamMember and TeamInvite. */
import type { TeamInvite, TeamMember, TeamRole } from '@civicpulse/shared';
import type { InviteRow, MemberRow } from './repo.js';

export function presentMember(row: MemberRow, departmentId: string, openAssigned: number): TeamMember {
  const isDepartment = row.id === departmentId;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    teamRole: isDepartment ? 'head' : ((row.team_role as TeamRole | null) ?? 'officer'),
    isDepartment,
    openAssigned,
    createdAt: row.created_at,
  };
}

export function presentInvite(row: InviteRow): TeamInvite {
  return { _id: row.id, email: row.email, teamRole: row.team_role as TeamRole, createdAt: row.created_at, expiresAt: row.expires_at };
}
