// Phone numbers whose column does not say "phone" (ADR 075): Outlook's "Business Fax", "Home
// Fax", "Other Fax", "Pager", "Callback", "ISDN", "TTY/TDD", "Telex" (and their German, French,
// Spanish, Italian, Dutch, Russian and East Asian names), Thunderbird's "Fax Number" and "Pager
// Number". A fax is a number with a label, so it goes to the contact's phones and its label to
// the "Phones:" lines (ADR 072), as "Mobile Phone" does. Headers are squashed (header-spellings.ts).

// Numbers by their column's name: a fax, a pager, a callback or ISDN line, a text telephone.
const BY_NAME =
  /fax|faks|telecopi|facsimile|pager|beeper|piepser|funkruf|radiomessagerie|buscapersonas|cercapersone|semafoon|callback|ruckruf|ruckmeldung|devoluciondellamada|isdn|rnis|rdsi|ttytdd|^tty|^tdd|texttelefon|teletexto|факс|пейджер|传真|傳真|ファクス|ファックス|팩스|호출기/;

// Words that name a number elsewhere but something else too (French "Rappel" is Outlook's callback
// and a reminder; a telex number is not always dialable): phones only when the values are.
const BY_VALUES = /^(telex|телекс|rappel|localizador)\d*$/;

/** 'phones' for a column named as a phone number, 'by_values' when its values decide, else null. */
export function phoneColumnKind(squashed: string): 'phones' | 'by_values' | null {
  if (BY_VALUES.test(squashed)) return 'by_values';
  return BY_NAME.test(squashed) ? 'phones' : null;
}

/** A number one does not call (a fax, a pager, a telex): listed after the others, so a voice number comes first. */
export const isNotForCalling = (squashed: string) =>
  /fax|faks|telecopi|facsimile|pager|beeper|piepser|funkruf|radiomessagerie|telex|факс|传真|傳真|ファクス|ファックス|팩스/.test(squashed);
