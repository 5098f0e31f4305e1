import type { ImportField } from './import-fields';
import { localizedAddressPart } from './header-spellings-localized';

/**
 * A header squashed to lowercase Latin or Cyrillic letters, East Asian characters and digits,
 * accents dropped: "E-mail 2 Address" -> "email2address", "Prénom" -> "prenom", "電子メール
 * アドレス" -> "電子メールアドレス" (kana keep their voicing marks; Hangul syllables stay whole).
 */
export const squash = (h: string) =>
  h
    .normalize('NFKD')
    .replace(/([^\p{Script=Hiragana}\p{Script=Katakana}])\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9а-яё\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/gu, '');

// Header spellings of Google Contacts, Outlook, Thunderbird, Apple/iCloud exporters, LinkedIn,
// Dex, Clay, Covve and our own export, squashed.
export const EXACT: Record<string, ImportField> = {
  firstname: 'first_name',
  givenname: 'first_name',
  first: 'first_name',
  forename: 'first_name',
  lastname: 'last_name',
  familyname: 'last_name',
  surname: 'last_name',
  last: 'last_name',
  name: 'full_name',
  fullname: 'full_name',
  displayname: 'full_name',
  contactname: 'full_name',
  company: 'company',
  companyname: 'company',
  organization: 'company',
  organisation: 'company',
  organizationname: 'company',
  organization1name: 'company',
  employer: 'company',
  jobtitle: 'title',
  organizationtitle: 'title',
  organization1title: 'title',
  position: 'title',
  role: 'title',
  title: 'title',
  tags: 'tags',
  labels: 'tags',
  groupmembership: 'tags',
  categories: 'tags',
  groups: 'tags',
  priority: 'priority',
  notes: 'notes',
  note: 'notes',
  comments: 'notes',
  location: 'location',
  address: 'address',
  homeaddress: 'address',
  businessaddress: 'address',
  telegram: 'telegram_username',
  telegramusername: 'telegram_username',
  twitter: 'twitter_handle',
  twitterhandle: 'twitter_handle',
  x: 'twitter_handle',
  linkedin: 'linkedin_url',
  linkedinurl: 'linkedin_url',
  linkedinprofile: 'linkedin_url',
  url: 'linkedin_url',
  profileurl: 'linkedin_url',
  avatar: 'avatar_url',
  avatarurl: 'avatar_url',
  photo: 'avatar_url',
  connectedon: 'connected_on',
  kithid: 'kith_id',
  birthday: 'birthday',
  birthdate: 'birthday',
  dateofbirth: 'birthday',
  bday: 'birthday',
  birthyear: 'birth_year',
  birthmonth: 'birth_month',
  anniversary: 'anniversary',
  weddinganniversary: 'anniversary',
  otherdates: 'dates',
  dates: 'dates',
  importantdates: 'dates',
  website: 'websites',
  websites: 'websites',
  webpage: 'websites',
  personalwebpage: 'websites',
  homepage: 'websites',
  // A date of last contact: Dex, Clay and Covve each keep one (their spellings are assumed, see ADR 025).
  lastcontacted: 'last_contacted',
  lastcontact: 'last_contacted',
  lastseen: 'last_contacted',
  lastinteraction: 'last_contacted',
  lastinteractiondate: 'last_contacted',
  lastmet: 'last_contacted',
  reminder: 'reminder',
  nextreminder: 'reminder',
  reminderdate: 'reminder',
  remindon: 'reminder',
  // Values Kith has no field for land in the notes under the column's name.
  nickname: 'labelled_note',
  middlename: 'labelled_note',
  additionalname: 'labelled_note',
  department: 'labelled_note',
  organizationdepartment: 'labelled_note',
  organization1department: 'labelled_note',
  spouse: 'labelled_note',
  description: 'labelled_note',
  bio: 'labelled_note',
  industry: 'labelled_note',
  howwemet: 'labelled_note',
  keepintouch: 'labelled_note',
  keepintouchfrequency: 'labelled_note',
  remindernote: 'labelled_note',
  firstinteraction: 'labelled_note',
  interactioncount: 'labelled_note',
  hobby: 'labelled_note',
  schools: 'labelled_note',
  custom1: 'labelled_note',
  custom2: 'labelled_note',
  custom3: 'labelled_note',
  custom4: 'labelled_note',
};

/**
 * A column holding one part of a postal address: Outlook's "Home Street 2", Thunderbird's "Work
 * ZipCode", Google's "Address 1 - City", a plain "City". The address is the header without its part.
 */
export function addressPart(header: string): { address: string; part: AddressPart } | null {
  const h = header.toLowerCase().trim();
  const m = h.match(
    /^(.*?)[\s-]*\b(street(?: ?\d)?|address(?: ?\d)?|city|town|state|region|province|county|zip ?code|zip|postal ?code|post ?code|postcode|country\/region|country|po box|extended address|formatted)$/,
  );
  if (!m) return localizedAddressPart(header);
  // Outlook 2003's "Business Address PO Box" belongs to "Business Street".
  const prefix = m[1]!.replace(/[\s-]+$/, '').replace(/\s*address$/, '');
  const word = m[2]!.replace(/\s/g, '');
  // "Address" alone or "Home Address" is a whole address; "Address 1 - City" is a part of "address 1".
  if (/^address\d*$/.test(word) && !prefix && word === 'address') return { address: '', part: 'formatted' };
  // "E-mail Address", "IP Address" are not postal.
  if (/e-?mail|ip$|web/.test(prefix)) return null;
  const part: AddressPart = /^(street|address)/.test(word)
    ? 'street'
    : /^(city|town)$/.test(word)
      ? 'city'
      : /^(state|region|province|county)$/.test(word)
        ? 'region'
        : /^(zip|postal|post)/.test(word)
          ? 'postcode'
          : /^country/.test(word)
            ? 'country'
            : word === 'pobox'
              ? 'po_box'
              : word === 'extendedaddress'
                ? 'extended'
                : 'formatted';
  return { address: prefix, part };
}

export type AddressPart = 'street' | 'extended' | 'po_box' | 'city' | 'region' | 'postcode' | 'country' | 'formatted';
