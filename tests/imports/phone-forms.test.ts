import { describe, expect, it } from 'vitest';
import { as, createContact, json, signUp, type Session } from '../support/client';
import { allContacts, importCsv, upload, waitForImport } from '../support/imports';

const phonesOf = async (me: Session, name: string) => (await allContacts(me)).find((c) => c.full_name === name)?.phones;

// One number written the international way and the national way (trunk 0), as address books
// keep a mobile and a home entry of the same line.
describe('one number in two forms is one phone', () => {
  it('keeps one phone for a CSV row that has it in two columns', async () => {
    const me = await signUp();
    await importCsv(me, 'First Name,Last Name,Mobile Phone,Home Phone\nAstrid,Lindgren,+46 70 123 4567,0701234567\n', {
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'Mobile Phone': 'phones',
      'Home Phone': 'phones',
    });
    expect(await phonesOf(me, 'Astrid Lindgren')).toEqual(['+46 70 123 4567']);
  });

  it('keeps one phone for a vCard with the number on two TEL lines, national first', async () => {
    const me = await signUp();
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lagerlöf;Selma;;;',
      'FN:Selma Lagerlöf',
      'TEL;TYPE=HOME:070-123 45 67',
      'TEL;TYPE=CELL:+46701234567',
      'END:VCARD',
      '',
    ].join('\r\n');
    const res = await upload(me, '/api/v1/imports/vcard', card, {}, 'selma.vcf');
    expect(res.status).toBe(202);
    await waitForImport(me, (await json(res)).data.import_id);
    expect(await phonesOf(me, 'Selma Lagerlöf')).toEqual(['+46701234567']);
  });

  it('adds no second phone when an import brings a number the contact has in the other form', async () => {
    const me = await signUp();
    const greta = await createContact(me, {
      first_name: 'Greta',
      last_name: 'Garbo',
      emails: ['greta@example.se'],
      phones: ['+46 70 123 4567'],
    });
    await importCsv(me, 'Name,Email,Phone\nGreta Garbo,greta@example.se,0701234567\n', {
      Name: 'full_name',
      Email: 'emails',
      Phone: 'phones',
    });
    const contact = (await json(await as(me, `/api/v1/contacts/${greta.id}`))).data;
    expect(contact.phones).toEqual(['+46 70 123 4567']);
  });

  it('keeps one phone when the API is given both forms, and two for numbers that only end alike', async () => {
    const me = await signUp();
    const one = await createContact(me, {
      first_name: 'Italo',
      last_name: 'Calvino',
      phones: ['06 1234 5678', '+39 06 1234 5678', '+46 70 123 4567'],
    });
    expect(one.phones).toEqual(['+39 06 1234 5678', '+46 70 123 4567']);
    // A national number that ends an international one only after another code is another line.
    const two = await createContact(me, { first_name: 'Karin', last_name: 'Boye', phones: ['+46 70 999 8877', '0123 4567'] });
    expect(two.phones).toEqual(['+46 70 999 8877', '0123 4567']);
  });
});
