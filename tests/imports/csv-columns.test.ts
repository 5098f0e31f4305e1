import { describe, expect, it } from 'vitest';
import { as, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload } from '../support/imports';

const byName = (list: any[], name: string) => list.find((c) => c.full_name === name);
const preview = async (me: Session, file: string) => (await json(await upload(me, '/api/v1/imports/csv/preview', file))).data;
const datesOf = async (me: Session, id: string) =>
  (await json(await as(me, `/api/v1/contacts/${id}/dates`))).data.map(({ kind, month, day, year }: any) => ({ kind, month, day, year }));

describe('columns Kith has no field for are kept in the notes by default', () => {
  it("keeps Outlook's suffix, honorific, assistant and user fields, its fax as a phone, but not its defaults for unset fields", async () => {
    const me = await signUp();
    const file = [
      "Title,First Name,Last Name,Suffix,Company,Job Title,Business Fax,Mobile Phone,E-mail Address,E-mail Type,Assistant's Name,User 1,Sensitivity,Private,Gender,Anniversary",
      'Dr.,Wangari,Maathai,PhD,Green Belt Movement,Founder,+254 20 555 0101,+254 722 555 010,wangari@greenbelt.example,SMTP,Njeri,Tree planting,Normal,False,Unspecified,0/0/00',
      '',
    ].join('\r\n');
    const { suggested_mapping } = await preview(me, file);
    expect(suggested_mapping).toMatchObject({
      Title: 'labelled_note',
      'Job Title': 'title',
      'Business Fax': 'phones',
      'E-mail Type': 'ignore',
      "Assistant's Name": 'labelled_note',
    });
    expect(await importCsv(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0, warned: 0 });
    const [wangari] = await allContacts(me);
    expect(wangari).toMatchObject({
      full_name: 'Wangari Maathai',
      title: 'Founder',
      // A fax is a phone with its label (ADR 075), after the number one calls.
      phones: ['+254 722 555 010', '+254 20 555 0101'],
      emails: ['wangari@greenbelt.example'],
      notes:
        "Title: Dr.\nSuffix: PhD\nAssistant's Name: Njeri\nUser 1: Tree planting\n\nPhones:\nBusiness Fax: +254 20 555 0101\nMobile: +254 722 555 010",
    });
  });

  it('reads a German Outlook export: names, company, position, phones, birthday and categories by their German headers', async () => {
    const me = await signUp();
    const file = [
      'Anrede;Vorname;Nachname;Firma;Position;Straße geschäftlich;Ort geschäftlich;Mobiltelefon;Fax geschäftlich;E-Mail-Adresse;E-Mail-Typ;E-Mail: Angezeigter Name;Geburtstag;Kategorien;Notizen;Vertraulichkeit',
      'Frau;Käthe;Schröder;Nordlicht GmbH;Prokuristin;Hafenstraße 3;Hamburg;+49 170 5550123;+49 40 5550199;kaethe@nordlicht.example;SMTP;Käthe Schröder (kaethe@nordlicht.example);14.03.1975;Kunden;Ruft lieber abends an.;Normal',
      '',
    ].join('\r\n');
    expect(await importCsv(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0, warned: 0 });
    const [kaethe] = await allContacts(me);
    expect(kaethe).toMatchObject({
      first_name: 'Käthe',
      last_name: 'Schröder',
      company: { name: 'Nordlicht GmbH' },
      title: 'Prokuristin',
      emails: ['kaethe@nordlicht.example'],
      tags: ['Kunden'],
      location: 'Hamburg',
    });
    expect(kaethe.notes).toContain('Ruft lieber abends an.');
    expect(kaethe.notes).toContain('Anrede: Frau');
    expect(kaethe.notes).toContain('Fax geschäftlich: +49 40 5550199');
    expect(kaethe.phones).toEqual(['+49 170 5550123', '+49 40 5550199']);
    expect(kaethe.notes).toContain('Hafenstraße 3, Hamburg');
    expect(kaethe.notes).not.toContain('Vertraulichkeit');
    expect(await datesOf(me, kaethe.id)).toEqual([{ kind: 'birthday', month: 3, day: 14, year: 1975 }]);
  });

  it('keeps a second column for a one-value field, and values in cells beyond the header', async () => {
    const me = await signUp();
    const file =
      'Name,Email,Company,Organization\nTu Youyou,tu@example.org,Academy of Chinese Medical Sciences,Institute of Chinese Materia Medica,Nobel 2015\n';
    const { headers } = await preview(me, file);
    expect(headers).toEqual(['Name', 'Email', 'Company', 'Organization', 'Column 5']);
    expect(await importCsv(me, file)).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const tu = byName(await allContacts(me), 'Tu Youyou');
    expect(tu).toMatchObject({
      company: { name: 'Academy of Chinese Medical Sciences' },
      notes: 'Organization: Institute of Chinese Materia Medica\nColumn 5: Nobel 2015',
    });
  });
});
