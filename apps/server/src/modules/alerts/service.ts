/**
 * Area alerts' rules (issue 27 item 6): one's own list (at most ALERT_LIMITS.perAccount), adding one
 * (its cells computed by the shared alertCells), deleting one's own (another's is not found).
 */
import { ALERT_LIMITS, ALERT_TEXTS, TEXTS, alertCells, type AreaAlert, type Category } from '@civicpulse/shared';
import { conflict, notFound, unauthorized } from '../../lib/errors.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { authorize } from '../../policies/index.js';
import type { AccountRow } from '../../db/rows.js';
import type { AreaAlertTable } from '../../db/types.js';
import type { AlertsRepo } from './repo.js';

export function presentAlert(row: AreaAlertTable): AreaAlert {
  return { id: row.id, lat: row.lat, lng: row.lng, radiusMeters: row.radius_m, category: row.category, label: row.label, createdAt: row.created_at };
}

export interface NewAlert {
  lat: number;
  lng: number;
  radiusMeters: number;
  category?: Category | null | undefined;
  label: string;
}

export class AlertsService {
  constructor(
    private readonly repo: AlertsRepo,
    private readonly clock: Clock,
  ) {}

  async list(me: AccountRow): Promise<AreaAlert[]> {
    authorize(me, 'alert.read');
    return (await this.repo.own(me.id, ALERT_LIMITS.perAccount)).map(presentAlert);
  }

  async create(me: AccountRow, input: NewAlert): Promise<AreaAlert> {
    authorize(me, 'alert.create');
    const row: AreaAlertTable = {
      id: newId(),
      account_id: me.id,
      lat: input.lat,
      lng: input.lng,
      radius_m: input.radiusMeters,
      category: input.category ?? null,
      label: input.label.trim(),
      created_at: isoAt(this.clock.now()),
    };
    const stored = await this.repo.insert(row, alertCells(row.lat, row.lng, row.radius_m), ALERT_LIMITS.perAccount);
    if (stored === 'gone') throw unauthorized(TEXTS.auth.tokenInvalid);
    if (!stored) throw conflict(ALERT_TEXTS.tooMany);
    return presentAlert(row);
  }

  async remove(me: AccountRow, id: string): Promise<void> {
    const alert = await this.repo.findById(id);
    if (!alert) throw notFound(ALERT_TEXTS.notFound);
    authorize(me, 'alert.delete', { alert });
    if (!(await this.repo.remove(id))) throw notFound(ALERT_TEXTS.notFound);
  }
}
