// Monica v4's API objects, as its JSON resources (app/Http/Resources) write them: only the
// fields Kith reads. Every list answers {data, links, meta} and is paged with ?page=&limit=.

export interface MonicaPage<T> {
  data: T[];
  links?: { next?: string | null };
  meta: { current_page: number; last_page: number; per_page?: number; total: number };
}

/** A special date: age-based (a guessed year), year unknown, or exact. */
export interface MonicaSpecialDate {
  is_age_based: boolean | null;
  is_year_unknown: boolean | null;
  date: string | null;
}

/** ContactShort: how other objects name a contact. */
export interface MonicaContactShort {
  id: number;
  first_name: string | null;
  last_name: string | null;
  nickname?: string | null;
  complete_name?: string | null;
  is_partial?: boolean;
}

export interface MonicaRelationshipEntry {
  relationship: { id: number; name: string };
  contact: MonicaContactShort;
}

export interface MonicaContactField {
  id: number;
  content: string;
  contact_field_type: { name: string; type?: string | null; protocol?: string | null };
}

export interface MonicaAddress {
  id: number;
  name?: string | null;
  street?: string | null;
  city?: string | null;
  province?: string | null;
  postal_code?: string | null;
  country?: { name?: string | null; iso?: string | null } | null;
}

export interface MonicaContact extends MonicaContactShort {
  gender?: string | null;
  description?: string | null;
  is_starred?: boolean;
  is_dead?: boolean;
  information?: {
    relationships?: Record<string, { total: number; contacts: MonicaRelationshipEntry[] | null }>;
    dates?: { birthdate?: MonicaSpecialDate; deceased_date?: MonicaSpecialDate };
    career?: { job?: string | null; company?: string | null; linkedin_profile_url?: string | null };
    /** `url` is the Photo's storage link when `source` is 'photo'; a generated image or a gravatar otherwise. */
    avatar?: { url?: string | null; source?: 'adorable' | 'gravatar' | 'photo' | 'default' | string | null };
    food_preferences?: string | null;
    how_you_met?: {
      general_information?: string | null;
      first_met_date?: MonicaSpecialDate;
      first_met_through_contact?: MonicaContactShort | null;
    };
  };
  addresses?: MonicaAddress[];
  tags?: { id: number; name: string }[];
  contactFields?: MonicaContactField[];
  /** "Stay in touch every N days" (Monica's Contact resource); null or 0 when not set. */
  stay_in_touch_frequency?: number | null;
  created_at?: string;
  updated_at?: string | null;
}

/** A group (Monica's Group resource): its members as full contacts, of which Kith reads the ids. */
export interface MonicaGroup {
  id: number;
  name: string;
  contacts: MonicaContactShort[] | null;
}

export interface MonicaNote {
  id: number;
  body: string;
  is_favorited: boolean;
  favorited_at?: string | null;
  contact: MonicaContactShort;
  created_at: string;
}

export interface MonicaActivity {
  id: number;
  summary: string;
  description?: string | null;
  happened_at: string;
  activity_type?: { name?: string | null } | null;
  attendees: { total: number; contacts: MonicaContactShort[] };
  created_at?: string;
}

export interface MonicaCall {
  id: number;
  called_at: string;
  content?: string | null;
  /** True when the contact called you. */
  contact_called?: boolean;
  contact: MonicaContactShort;
}

export interface MonicaMessage {
  id: number;
  content: string;
  written_at: string;
  written_by_me: boolean;
}

export interface MonicaConversation {
  id: number;
  happened_at: string;
  contact_field_type?: { name?: string | null } | null;
  messages: MonicaMessage[];
  contact: MonicaContactShort;
}

export interface MonicaReminder {
  id: number;
  title: string;
  description?: string | null;
  frequency_type: 'one_time' | 'week' | 'month' | 'year' | string;
  frequency_number?: number | null;
  initial_date?: string | null;
  next_expected_date?: string | null;
  contact: MonicaContactShort;
}

export interface MonicaTask {
  id: number;
  title: string;
  description?: string | null;
  completed: boolean;
  completed_at?: string | null;
  contact: MonicaContactShort | null;
  created_at: string;
}

export interface MonicaLifeEvent {
  id: number;
  name?: string | null;
  note?: string | null;
  happened_at: string;
  life_event_type?: { name?: string | null; default_life_event_type_key?: string | null } | null;
  contact: MonicaContactShort;
}

export interface MonicaGift {
  id: number;
  name: string;
  comment?: string | null;
  url?: string | null;
  amount_with_currency?: string | null;
  status?: 'idea' | 'offered' | 'received' | string;
  date?: string | null;
  recipient?: MonicaContactShort | null;
  contact: MonicaContactShort;
  created_at: string;
}

export interface MonicaDebt {
  id: number;
  /** 'yes': you owe the contact; 'no': the contact owes you. */
  in_debt: 'yes' | 'no' | string;
  status: 'inprogress' | 'complete' | string;
  amount_with_currency?: string | null;
  amount?: number | string | null;
  reason?: string | null;
  contact: MonicaContactShort;
  created_at: string;
}

export interface MonicaJournalEntry {
  id: number;
  title?: string | null;
  post?: string | null;
  created_at: string;
}

/**
 * A photo (app/Http/Resources/Photo/Photo.php, GET /api/photos): its bytes inline as a data URL
 * (`dataUrl`, null when Monica lost the file) and `link`, where the instance serves them.
 */
export interface MonicaPhoto {
  id: number;
  object?: 'photo';
  original_filename: string | null;
  new_filename?: string | null;
  filesize: number | null;
  mime_type: string | null;
  dataUrl?: string | null;
  link?: string | null;
  contact?: MonicaContactShort | null;
  created_at?: string | null;
}

/**
 * A document (app/Http/Resources/Document/Document.php, GET /api/documents): its bytes at `link`
 * (the instance's storage route, behind the same sign-in as the API).
 */
export interface MonicaDocument {
  id: number;
  object?: 'document';
  original_filename: string | null;
  new_filename?: string | null;
  filesize: number | null;
  type?: string | null;
  mime_type: string | null;
  link?: string | null;
  contact?: MonicaContactShort | null;
  created_at?: string | null;
}
