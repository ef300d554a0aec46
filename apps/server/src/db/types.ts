/** Table shapes as Kysely sees them. Times are ISO-8601 UTC strings on both engines (they sort as text). */
import type { Generated } from 'kysely';
import type { AuditAction, AuditEntry, Category, CurrentState, NotificationType, Priority, ProgressState, Rating, Role, VoteType, ModerationKind, FlagReason, FlagKind, ModerationStatus } from '@civicpulse/shared';

export type AuditTargetType = AuditEntry['targetType'];

export interface AccountTable {
  id: string;
  role: Role;
  email: string;
  password_hash: string;
  /** Citizen name, department's authorityName, or admin's display name. */
  name: string;
  admin_secret_hash: string | null;
  profile_photo: string | null;
  phone: string | null;
  dob: string | null;
  gender: string | null;
  city: string | null;
  bio: string | null;
  address: string | null;
  state: string | null;
  pincode: string | null;
  landmark: string | null;
  social_links: string | null;
  is_verified: number;
  department: string | null;
  designation: string | null;
  jurisdiction_area: string | null;
  alternate_contact: string | null;
  office_address: string | null;
  id_proof_type: string | null;
  id_proof_number: string | null;
  website: string | null;
  proof_doc_key: string | null;
  proof_doc_type: string | null;
  resolved_issues_count: number;
  /** The account's reports, kept by triggers (migration 005). */
  post_count: Generated<number>;
  /** Moderation (migration 025): the account reads but does not write until then; null: not suspended. */
  suspended_until: Generated<string | null>;
  suspension_reason: Generated<string | null>;
  /** Why an admin last revoked this department's verification; null while verified or never revoked. */
  revoked_reason: string | null;
  /** Personal fields the owner made public: a JSON array of names (PUBLISHABLE_FIELDS); null = none. */
  public_fields: string | null;
  /** The 64 px profile photo's key (profile_photo holds the 256 px one). */
  profile_photo_small: string | null;
  /** Epoch seconds: tokens issued before this no longer work (a password change sets it). */
  sessions_from: Generated<number>;
  /** Which events notify this account: a JSON object of NOTIFICATION_KINDS → boolean; null = defaults. */
  notification_prefs: string | null;
  /** Unread notifications, kept by triggers (migration 007). */
  unread_notifications: Generated<number>;
  /** The language the account reads the app in ('en' | 'hi', migration 014); null = not chosen yet. */
  language: string | null;
  /** An officer's department (the head account's id, migration 024); null for a department itself and everyone else. */
  department_id: string | null;
  /** 'head' | 'officer' for a department's invited members; null otherwise (a department account is its own head). */
  team_role: string | null;
  /** Set when a head removed this member: the account keeps its history but cannot sign in. */
  deactivated_at: string | null;
  /** When the account's email address was verified (migration 018); null = not yet. */
  email_verified_at: string | null;
  /** How each notification kind is emailed: JSON of NOTIFICATION_KINDS → EmailFrequency; null = EMAIL_DEFAULTS. */
  email_prefs: string | null;
  /** The oldest notification of a daily-emailed kind not yet in a summary; null = nothing waiting. */
  digest_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  message: string;
  account_id: string | null;
  created_at: string;
}

export interface PostTable {
  id: string;
  /** `CP-MH-2026-000123` (migration 017, shared/reference.ts); unique. */
  reference: string;
  author_id: string;
  /** Accounts following the report (migration 021), kept with the follows rows. */
  follower_count: Generated<number>;
  caption: string;
  priority: Priority;
  /** One of CATEGORY_CODES (migration 008). */
  category: Category;
  current_state: CurrentState;
  progress_state: ProgressState;
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  /** The city or town (migration 008), '' when the reporter gave none. */
  city: string;
  lat: number;
  lng: number;
  assigned_government: string | null;
  /** The department member the report is assigned to (migration 024); null: the department's unassigned queue. */
  assigned_officer: string | null;
  /** 1: a department handed the report to the admin's triage queue (migration 024). */
  needs_triage: Generated<number>;
  /** 1: the reporter hid their name on the report (migration 027, policies/anonymity.ts). */
  anonymous: Generated<number>;
  /** Moderation (migration 025): hidden pending review; out of every public list and count. */
  hidden_at: Generated<string | null>;
  /** The report this one repeats (migration 026); null: not a duplicate. */
  duplicate_of: Generated<string | null>;
  final_caption: string | null;
  upvote_count: number;
  downvote_count: number;
  comment_count: number;
  resolved_at: string | null;
  /** 1 when progress_state is 'Finished' (migration 004): an equality the list indexes can lead with. */
  finished: number;
  /** Log-scale buckets (shared durationBucket) of report→take-over and report→Finished; null until then. */
  take_bucket: number | null;
  finish_bucket: number | null;
  /** Service levels (migration 011): when the response / resolution levels run out (ISO). */
  response_due_at: string | null;
  resolution_due_at: string | null;
  /** What was notified: 0 none, 1 overdue, 2 escalated. */
  sla_stage: Generated<number>;
  /** When the sweeper must look again; null when nothing is left to notify. */
  sla_next_at: string | null;
  created_at: string;
  /** Changes only when the reporter edits the report (the spec's 'edited' marker); workflow moves live in progress_history. */
  updated_at: string;
}

/** report: the citizen's photos; final: the current final update; rejected: a final update the reporter turned down. */
/** reopen: photos a reporter sent with "Not fixed yet" (history_id: that timeline entry). */
export type ImageKind = 'report' | 'final' | 'rejected' | 'reopen';

export interface PostImageTable {
  id: string;
  post_id: string;
  kind: ImageKind;
  position: number;
  key: string;
  thumb_key: string;
  width: number;
  height: number;
  history_id: string | null;
  created_at: string;
}

export interface VoteTable {
  post_id: string;
  account_id: string;
  type: VoteType;
  created_at: string;
}

/** Comments and replies in one table: a reply has the comment it answers as parent_id. */
export interface CommentTable {
  id: string;
  post_id: string;
  parent_id: string | null;
  author_id: string;
  author_name: string;
  author_role: Role;
  content: string;
  created_at: string;
  /** Moderation (migration 025): hidden pending review; kept for moderators. */
  hidden_at?: string | null;
}

/** release: an admin deleted the department that held the report; it went back to Unseen. */
export type ProgressAction = 'advance' | 'regress' | 'final' | 'verify' | 'reject' | 'release' | 'transfer' | 'appeal' | 'appealAnswer' | DuplicateAction;
/** Duplicates (migration 026): marked as a duplicate of target / target merged into this one, and their reversal. */
export type DuplicateAction = 'duplicate' | 'merged' | 'notDuplicate' | 'unmerged';

export interface ProgressHistoryTable {
  id: string;
  post_id: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: Role;
  action: ProgressAction;
  from_state: ProgressState;
  to_state: ProgressState;
  note: string | null;
  final_caption: string | null;
  created_at: string;
  /** The department a government move was made for, and its name then (migration 024): what the public timeline names. */
  department_id: string | null;
  department_name: string | null;
  /** A transfer's receiving department and its name then; both null for a transfer to the admin's triage (migration 024). */
  target_id: string | null;
  target_name: string | null;
}

/** A department's response template (migration 024): a canned public note its members pick. */
export interface ResponseTemplateTable {
  id: string;
  department_id: string;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** A reporter's appeal against a fix (migration 024), one per report. */
export interface AppealTable {
  post_id: string;
  author_id: string | null;
  department_id: string | null;
  handler: 'head' | 'admin';
  reason: string;
  status: 'open' | 'upheld' | 'dismissed';
  response: string | null;
  due_at: string;
  created_at: string;
  answered_at: string | null;
  answered_by: string | null;
  answered_by_name: string | null;
}

/** A department member's figures (migration 024). */
export interface MemberMetricsTable {
  department_id: string;
  member_id: string;
  taken_count: number;
  finished_count: number;
  resolution_seconds: number;
  rejected_count: number;
  updated_at: string;
}

export interface MemberFinishBucketTable {
  department_id: string;
  member_id: string;
  bucket: number;
  n: number;
}

/** A head's invitation of an officer (migration 024); the token only as its hash. */
export interface TeamInviteTable {
  id: string;
  department_id: string;
  email: string;
  team_role: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** The last reference number given per prefix (`CP-MH-2026`, migration 017). */
export interface ReferenceCounterTable {
  prefix: string;
  last: number;
}

export interface DB {
  reference_counters: ReferenceCounterTable;
  progress_history: ProgressHistoryTable;
  team_invites: TeamInviteTable;
  response_templates: ResponseTemplateTable;
  appeals: AppealTable;
  member_metrics: MemberMetricsTable;
  member_finish_buckets: MemberFinishBucketTable;
  accounts: AccountTable;
  contact_messages: ContactMessageTable;
  posts: PostTable;
  post_images: PostImageTable;
  votes: VoteTable;
  comments: CommentTable;
  post_tally: PostTallyTable;
  category_tally: CategoryTallyTable;
  post_stats: PostStatsTable;
  post_cells: PostCellsTable;
  map_cells: MapCellsTable;
  internal_notes: InternalNoteTable;
  audit_log: AuditLogTable;
  chat_messages: ChatMessageTable;
  notifications: NotificationTable;
  service_levels: ServiceLevelTable;
  category_settings: CategorySettingTable;
  post_ratings: PostRatingTable;
  department_metrics: DepartmentMetricsTable;
  open311_keys: Open311KeyTable;
  jurisdictions: JurisdictionTable;
  jurisdiction_keys: JurisdictionKeyTable;
  post_routes: PostRouteTable;
  route_tally: RouteTallyTable;
  idempotency_keys: IdempotencyKeyTable;
  mail_outbox: MailOutboxTable;
  account_tokens: AccountTokenTable;
  area_alerts: AreaAlertTable;
  area_alert_cells: AreaAlertCellTable;
  alert_scans: AlertScanTable;
  push_subscriptions: PushSubscriptionTable;
  push_outbox: PushOutboxTable;
  follows: FollowTable;
  follow_fanouts: FollowFanoutTable;
  duplicate_moves: DuplicateMoveTable;
  flags: FlagTable;
  moderation_items: ModerationItemTable;
}

/** A vote or follow a duplicate mark added to the original (migration 026), taken back when it is undone. */
export interface DuplicateMoveTable {
  duplicate_id: string;
  original_id: string;
  account_id: string;
  kind: 'vote' | 'follow';
  vote_type: VoteType | null;
  created_at: string;
}

/** Who follows which report (migration 021). */
export interface FollowTable {
  post_id: string;
  account_id: string;
  created_at: string;
}

/** A move to tell a report's followers about (migration 021); `facts` is JSON (FanoutFacts). */
export interface FollowFanoutTable {
  id: string;
  post_id: string;
  facts: string;
  after_account: string | null;
  created_at: string;
}

/** A browser's Web Push subscription (migration 020). */
export interface PushSubscriptionTable {
  id: string;
  account_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** One push to send to one subscription (migration 020); payload: the notification's facts, cleared once sent. */
export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  payload: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** One person's area alert (migration 019): a circle, optionally one category. */
export interface AreaAlertTable {
  id: string;
  account_id: string;
  lat: number;
  lng: number;
  radius_m: number;
  category: Category | null;
  label: string;
  created_at: string;
}

/** Every grid cell an alert's circle touches (shared alertCells): the matcher's index. */
export interface AreaAlertCellTable {
  cell: string;
  alert_id: string;
  account_id: string;
}

/** A committed report still to match against the alerts; `after_account` is the matcher's cursor. */
export interface AlertScanTable {
  post_id: string;
  after_account: string | null;
  created_at: string;
}

export type MailKind = 'verifyEmail' | 'resetPassword' | 'notification' | 'digest' | 'teamInvite';

/** One email to send (migration 018): the durable queue the mail sender works. */
export interface MailOutboxTable {
  id: string;
  account_id: string | null;
  to_address: string;
  kind: MailKind;
  /** JSON facts the email is made from (see modules/mail/templates.ts); cleared once sent. */
  payload: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A verification or password reset link (migration 018), by the SHA-256 of its token. */
export interface AccountTokenTable {
  token_hash: string;
  account_id: string;
  purpose: 'verifyEmail' | 'resetPassword';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** An admin's setting for one category (migration 027); a category without a row has the defaults. */
export interface CategorySettingTable {
  category: Category;
  /** 1: residents may hide their name on a report of this category. */
  anonymous_allowed: Generated<number>;
  updated_by: string | null;
  updated_at: string;
}

/** An admin's override of a default service level (migration 011). */
export interface ServiceLevelTable {
  category: Category;
  priority: Priority;
  response_hours: number;
  resolution_hours: number;
  updated_by: string | null;
  updated_at: string;
}

/** The reporter's rating of a fix, one per report (migration 011). */
export interface PostRatingTable {
  post_id: string;
  author_id: string;
  department_id: string | null;
  rating: Rating;
  comment: string | null;
  created_at: string;
}

/** A department's kept figures (migration 011); sums in seconds (bigint on PostgreSQL: read with Number()). */
export interface DepartmentMetricsTable {
  department_id: string;
  city_key: string;
  taken_count: number;
  taken_within: number;
  response_seconds: number | string;
  finished_count: number;
  finished_within: number;
  resolution_seconds: number | string;
  rating_count: number;
  satisfied_count: number;
  neutral_count: number;
  unsatisfied_count: number;
  /** departmentScore (tenths of a point); null until the first finished report. */
  score: number | null;
  updated_at: string;
}

/** An API key an admin issued to a partner system (migration 012); only its SHA-256 is stored. */
export interface Open311KeyTable {
  id: string;
  name: string;
  contact: string | null;
  prefix: string;
  key_hash: string;
  /** The partner's system account, author of its reports. */
  account_id: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  request_count: Generated<number>;
  revoked_at: string | null;
}

/** Community Chat (migration 007); the sender's name and photo are read from accounts. */
export interface ChatMessageTable {
  id: string;
  author_id: string;
  body: string;
  created_at: string;
  /** Moderation (migration 025): hidden pending review; kept for moderators. */
  hidden_at?: string | null;
}

/** One account's flag on one item (migration 025). */
export interface FlagTable {
  item_kind: ModerationKind;
  item_id: string;
  account_id: string;
  reason: FlagReason;
  created_at: string;
}

/** A flagged or moderated item with its kept counts and state (migration 025). */
export interface ModerationItemTable {
  item_kind: ModerationKind;
  item_id: string;
  post_id: string | null;
  author_id: string | null;
  excerpt: string;
  shown_kind: FlagKind;
  status: ModerationStatus;
  flag_count: Generated<number>;
  spam: Generated<number>;
  abusive: Generated<number>;
  personal: Generated<number>;
  not_civic: Generated<number>;
  first_flagged_at: string;
  hidden_by: 'flags' | 'moderator' | null;
  review_requested_at: string | null;
  review_note: string | null;
  decided_by: string | null;
  decided_at: string | null;
}

/** One notification for one recipient (migration 007): stored facts, the text is made when presented. */
export interface NotificationTable {
  id: string;
  recipient_id: string;
  type: NotificationType;
  post_id: string | null;
  actor_id: string | null;
  actor_name: string;
  caption: string;
  to_state: string | null;
  reason: string | null;
  is_read: number;
  created_at: string;
  /** Grouped bell items (migration 028): `post:<id>` while the item takes further moves, else null. */
  group_key: string | null;
  /** The id the item had when its group began (it gets a new id with each update); null: never grouped. */
  group_id: string | null;
  /** How many moves the item stands for (1: an ordinary notification). */
  update_count: number;
}

/** Kept figures of the admin home (migration 005): n reports per (dim, key). */
export interface PostStatsTable {
  dim: string;
  key: string;
  n: number;
}

/** Open reports per heatmap cell: level indexes HEATMAP_SCALES; cx, cy = floor(lng, lat x scale). */
/** A department's or admin's note on a report, for them only (migration 023). */
export interface InternalNoteTable {
  id: string;
  post_id: string;
  author_id: string | null;
  author_name: string;
  author_role: Role;
  body: string;
  created_at: string;
}

/** Every report per grid cell, category and progress state (migration 022): the public map's groups. */
export interface MapCellsTable {
  level: number;
  cx: number;
  cy: number;
  category: string;
  progress_state: string;
  n: number;
}

export interface PostCellsTable {
  level: number;
  cx: number;
  cy: number;
  n: number;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string;
  target_label: string;
  reason: string | null;
  created_at: string;
}

/** Posts per (department, finished, priority, upvotes, downvotes), kept by triggers (migration 004). */
/** post_tally's counts with the category in front (migration 009): category-filtered counts. */
export interface CategoryTallyTable extends PostTallyTable {
  category: Category;
}

export interface PostTallyTable {
  /** assigned_government, or '' for unassigned posts. */
  queue: string;
  finished: number;
  priority: Priority;
  up: number;
  down: number;
  n: number;
}

/** A department's declared jurisdiction (migration 010); lists as JSON text, the area as GeoJSON text. */
export interface JurisdictionTable {
  department_id: string;
  state: string;
  cities: string;
  pincodes: string;
  categories: string;
  area: string | null;
  updated_at: string;
}

/** One index key of a jurisdiction (shared jurisdictionKeys), for finding a report's candidate departments. */
export interface JurisdictionKeyTable {
  key: string;
  department_id: string;
}

/** An open, unassigned report in a department's jurisdiction (its default View Issues list). */
export interface PostRouteTable {
  department_id: string;
  post_id: string;
  /** The post's sort and filter keys, kept in step by a trigger on posts (migration 013). */
  priority: Generated<Priority>;
  upvote_count: Generated<number>;
  downvote_count: Generated<number>;
  category: Generated<Category>;
}

/** A department's routes per (priority, category), kept by triggers on post_routes (migration 013). */
export interface RouteTallyTable {
  department_id: string;
  priority: Priority;
  category: Category;
  n: number;
}

/** createPost's Idempotency-Key (migration 015): the post an account's key made, for 24 h. */
export interface IdempotencyKeyTable {
  account_id: string;
  key: string;
  post_id: string;
  created_at: string;
}
