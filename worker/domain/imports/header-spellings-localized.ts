import type { ImportField } from './import-fields';

// Outlook (desktop and outlook.com), Excel templates and European address books write their CSV
// header in the user's language. The common columns in German, French, Spanish, Italian, Dutch,
// Portuguese and Russian, squashed (accents dropped: "Prénom" -> "prenom"). A column not listed here is
// still kept, in the notes under its own name. Words that mean different things in two of these
// languages ("Aniversario": an anniversary in Spanish, a birthday in Portuguese) are left out.
export const LOCALIZED: Record<string, ImportField> = {
  // first name
  vorname: 'first_name',
  prenom: 'first_name',
  nombre: 'first_name',
  nome: 'first_name',
  voornaam: 'first_name',
  primeironome: 'first_name',
  // last name
  nachname: 'last_name',
  familienname: 'last_name',
  nom: 'last_name',
  nomdefamille: 'last_name',
  apellido: 'last_name',
  apellidos: 'last_name',
  cognome: 'last_name',
  achternaam: 'last_name',
  sobrenome: 'last_name',
  apelido: 'last_name',
  // full name
  vollstandigername: 'full_name',
  nomcomplet: 'full_name',
  nombrecompleto: 'full_name',
  nomecompleto: 'full_name',
  volledigenaam: 'full_name',
  // company
  firma: 'company',
  unternehmen: 'company',
  societe: 'company',
  entreprise: 'company',
  organisme: 'company',
  empresa: 'company',
  compania: 'company',
  organizacion: 'company',
  societa: 'company',
  azienda: 'company',
  bedrijf: 'company',
  organisatie: 'company',
  // job title
  berufsbezeichnung: 'title',
  funktion: 'title',
  fonction: 'title',
  poste: 'title',
  puesto: 'title',
  cargo: 'title',
  mansione: 'title',
  qualifica: 'title',
  functie: 'title',
  functietitel: 'title',
  // notes
  notizen: 'notes',
  notiz: 'notes',
  bemerkungen: 'notes',
  remarques: 'notes',
  notas: 'notes',
  nota: 'notes',
  opmerkingen: 'notes',
  notities: 'notes',
  // categories
  kategorien: 'tags',
  categorias: 'tags',
  categorie: 'tags',
  categorieen: 'tags',
  // birthday and anniversary
  geburtstag: 'birthday',
  geburtsdatum: 'birthday',
  anniversaire: 'birthday',
  datedenaissance: 'birthday',
  cumpleanos: 'birthday',
  fechadenacimiento: 'birthday',
  compleanno: 'birthday',
  datadinascita: 'birthday',
  verjaardag: 'birthday',
  geboortedatum: 'birthday',
  datadenascimento: 'birthday',
  jahrestag: 'anniversary',
  hochzeitstag: 'anniversary',
  anniversairedemariage: 'anniversary',
  // web page
  webseite: 'websites',
  pagewebpersonnelle: 'websites',
  siteweb: 'websites',
  paginaweb: 'websites',
  sitioweb: 'websites',
  sitoweb: 'websites',
  // email (the "…mail…" rule catches most: "E-Mail-Adresse", "Adresse e-mail")
  adressedemessagerie: 'emails',
  correoelectronico: 'emails',
  postaelettronica: 'emails',
  // Russian (Outlook and Excel on a Russian Windows write Windows-1251)
  имя: 'first_name',
  фамилия: 'last_name',
  организация: 'company',
  компания: 'company',
  должность: 'title',
  заметки: 'notes',
  примечания: 'notes',
  категории: 'tags',
  деньрождения: 'birthday',
  адресэлектроннойпочты: 'emails',
  электроннаяпочта: 'emails',
};

/** Phone columns in those languages ("Mobiltelefon", "Téléphone bureau", "Teléfono móvil", "Handy"). */
export const LOCALIZED_PHONE = /telefon|telefoon|telefono|mobil|handy|portable|movil|celular|cellulare|cellulaire|natel|телефон/;

// Localized address columns name the part first and the address after it: Outlook's German
// "Straße geschäftlich", "Ort privat", "Land/Region geschäftlich"; French "Rue (bureau)";
// Spanish "Calle del trabajo". Each part word (accents optional) and the Kith part it is; a
// letter may not follow it (\b would not do: it counts "à" and "ß" as non-letters).
type Part = 'street' | 'city' | 'region' | 'postcode' | 'country' | 'po_box';
const PART_WORDS: [RegExp, Part][] = [
  [/^(stra(ß|ss)e|rue|calle|via|straat|rua)(?![a-zß-ÿ])/, 'street'],
  [/^(ort|stadt|ville|ciudad|citt[aà]|plaats|cidade|localit[eé])(?![a-zß-ÿ])/, 'city'],
  [
    /^(bundesland(\/kanton)?|kanton|d[eé]p(artement)?\/r[eé]gion|r[eé]gion|provincia( o estado)?|estado|staat|provincie)(?![a-zß-ÿ])/,
    'region',
  ],
  [/^(postleitzahl|plz|code postal|c[oó]digo postal|cap|postcode|cep)(?![a-zß-ÿ])/, 'postcode'],
  [/^(land\/region|land|pays\/r[eé]gion|pays|pa[ií]s( o regi[oó]n)?|paese)(?![a-zß-ÿ])/, 'country'],
  [/^(postfach|bo[iî]te postale|apartado postal|casella postale|postbus)(?![a-zß-ÿ])/, 'po_box'],
];
// Outlook's third address in German: "Weitere Straße", "Weiterer Ort", "Weiteres/e Land/Region".
const OTHER = /^weitere[rs]?(\/[a-z]+)?\s+/;

/** A localized address column: its part, and the address it belongs to ("geschäftlich"); null if it is none. */
export function localizedAddressPart(header: string): { address: string; part: Part } | null {
  const lower = header.toLowerCase().trim();
  const other = lower.match(OTHER);
  const h = other ? lower.slice(other[0].length) : lower;
  for (const [word, part] of PART_WORDS) {
    const m = h.match(word);
    if (!m) continue;
    if (other) return { address: 'weitere', part };
    const address = h
      .slice(m[0].length)
      .replace(/[()]/g, ' ')
      .replace(/^[\s:/-]*(?:(?:de la|del|de|du|des|di|da|do|van|von)\s+)?/, '')
      .replace(/\s+\d*$/, '')
      .trim();
    return { address, part };
  }
  return null;
}
