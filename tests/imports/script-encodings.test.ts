import { describe, expect, it } from 'vitest';
import { signUp } from '../support/client';
import { allContacts, importCsv } from '../support/imports';
import { inEncoding } from './dialect-cases-round-two';

// ADR 078: Hebrew (Windows-1255), Arabic (Windows-1256), Thai (Windows-874) and Vietnamese
// (Windows-1258) CSVs without a label, as Outlook and Excel save them on such a Windows, are read
// in their script; Western files whose bytes are letters in those encodings too stay Western.

// Each row: first name, last name, company and notes, as the CSV holds them.
const CASES: { encoding: string; rows: string[] }[] = [
  { encoding: 'windows-1255', rows: ['דוד,כהן,תעשיות אלון,נפגשנו בכנס בתל אביב', 'משה,פרץ,,'] },
  { encoding: 'windows-1256', rows: ['محمد,العلي,شركة النور,التقينا في المؤتمر في القاهرة', 'أحمد,منصور,,'] },
  { encoding: 'windows-874', rows: ['สมชาย,ใจดี,บริษัท ไทยรุ่งเรือง,พบกันที่งานประชุมกรุงเทพ', 'วิชัย,ศรีสุข,,'] },
  // Windows-1258 writes the tones as combining marks after the vowel ("Nguyê" + U+0303).
  {
    encoding: 'windows-1258',
    rows: ['Nguyê\u0303n,Văn An,Công ty Ba\u0301ch Khoa,Gă\u0323p ơ\u0309 Ha\u0300 Nô\u0323i', 'Đư\u0301c,Pha\u0323m,,'],
  },
  // Portuguese and French, whose "ã õ" are Vietnamese "ă ơ" in Windows-1258 and whose accents
  // are Hebrew or Arabic letters in Windows-1255 and -1256: still Windows-1252.
  {
    encoding: 'windows-1252',
    rows: ['João,Leão,Conceição & Irmãos,Põe tudo em São Paulo', 'André,Simões,Construções Ltda,Mãe do João em Paris à tarde'],
  },
];

describe('Hebrew, Arabic, Thai and Vietnamese CSVs without a label (ADR 078)', () => {
  for (const { encoding, rows } of CASES) {
    it(`reads ${encoding}`, async () => {
      const me = await signUp();
      const csv = ['First Name,Last Name,Company,Notes', ...rows].join('\r\n') + '\r\n';
      expect(await importCsv(me, inEncoding(csv, encoding))).toMatchObject({ status: 'done', created: 2, failed: 0 });
      const contacts = await allContacts(me);
      for (const [first, last, company, notes] of rows.map((r) => r.split(',') as [string, string, string, string])) {
        // Kith keeps text composed (NFC): "Nguyê" + U+0303 comes back as "Nguyễn".
        const contact = contacts.find((c) => c.first_name === first.normalize('NFC'));
        expect(contact, JSON.stringify(contacts.map((c) => [c.first_name, c.last_name]))).toBeDefined();
        expect(contact.last_name).toBe(last.normalize('NFC'));
        if (company) expect(contact.company?.name).toBe(company.normalize('NFC'));
        if (notes) expect(contact.notes).toBe(notes.normalize('NFC'));
      }
    });
  }
});
