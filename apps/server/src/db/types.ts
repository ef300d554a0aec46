/** Table shapes as Kysely sees them. Times are ISO-8601 UTC strings on both engines (they sort as text). */
import type { Role } from '@civicpulse/shared';

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

export interface DB {
  accounts: AccountTable;
  contact_messages: ContactMessageTable;
}
