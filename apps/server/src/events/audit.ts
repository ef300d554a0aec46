import type { AuditAction, AuditEntry } from '@civicpulse/shared';
import { newId } from '../lib/ids.js';
import type { AccountRow } from '../db/rows.js';
import type { DomainEvent } from './index.js';

/** The audit event of one admin action (stored with the write by storeEvents). */
export function auditEvent(
  admin: Pick<AccountRow, 'id' | 'name'>,
  action: AuditAction,
  target: { type: AuditEntry['targetType']; id: string; label: string },
  reason?: string | null,
): DomainEvent {
  return {
    type: 'audit',
    entry: {
      id: newId(),
      actor_id: admin.id,
      actor_name: admin.name,
      action,
      target_type: target.type,
      target_id: target.id,
      target_label: target.label.slice(0, 300),
      reason: reason?.trim() || null,
      // Stamped by the UnitOfWork with its clock's time when the write stores it.
      created_at: '',
    },
  };
}
