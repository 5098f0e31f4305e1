// Round two of the classes of real exports (ADR 072): labels on phones and emails, columns named
// only by their label, and files in East Asian and Central European encodings without a BOM.
// Written for Kith after the traits of real exports (no third-party file is copied).
import type { DialectCase } from './dialect-cases';

const encoders = new Map<string, Map<string, number[]>>();

/** The bytes of each character in a legacy encoding, read off the runtime's own decoder. */
function encoderOf(encoding: string): Map<string, number[]> {
  const known = encoders.get(encoding);
  if (known) return known;
  const decoder = new TextDecoder(encoding);
  const map = new Map<string, number[]>();
  const learn = (bytes: number[]) => {
    const c = decoder.decode(Uint8Array.from(bytes));
    if ([...c].length === 1 && c !== '\ufffd' && !map.has(c)) map.set(c, bytes);
  };
  for (let b = 0x80; b <= 0xff; b++) learn([b]);
  for (let lead = 0x81; lead <= 0xfe; lead++) for (let trail = 0x40; trail <= 0xfe; trail++) learn([lead, trail]);
  encoders.set(encoding, map);
  return map;
}

/**
 * A letter the encoding has no byte for as its base letter (with one of its marks, if the
 * encoding has that letter) and the other marks: Windows-1258 writes "ễ" as "ê" and a tilde.
 */
function decomposed(c: string, map: Map<string, number[]>): number[] | undefined {
  const [base, ...marks] = [...c.normalize('NFD')];
  const bytesOf = (m: string) => (m.charCodeAt(0) < 0x80 ? [m.charCodeAt(0)] : map.get(m));
  for (let i = -1; i < marks.length; i++) {
    const head = i < 0 ? base! : `${base}${marks[i]}`.normalize('NFC');
    const parts = [head, ...marks.filter((_, j) => j !== i)].map(bytesOf);
    if ([...head].length === 1 && parts.every(Boolean)) return parts.flat() as number[];
  }
  return undefined;
}

/** Text as a file in a legacy encoding (Shift_JIS, GBK, Big5, EUC-KR, Windows-1250, ISO-8859-2, Windows-1258). */
export function inEncoding(text: string, encoding: string): Uint8Array {
  const map = encoderOf(encoding);
  return Uint8Array.from(
    [...text].flatMap((c) => {
      if (c.charCodeAt(0) < 0x80) return [c.charCodeAt(0)];
      const bytes = map.get(c) ?? decomposed(c, map);
      if (!bytes) throw new Error(`no bytes for ${c} in ${encoding}`);
      return bytes;
    }),
  );
}

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const vcard = (...lines: string[]) => crlf('BEGIN:VCARD', ...lines, 'END:VCARD');
const HEADER = 'First Name,Last Name,E-mail Address,Company,Notes';

export const LABEL_CASES: DialectCase[] = [
  {
    name: 'vCard 3.0 TEL and EMAIL TYPE words (CELL, WORK, HOME,FAX, PAGER)',
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Hopper;Grace;;;',
      'TEL;TYPE=CELL:+1 555 0100',
      'TEL;TYPE=WORK,VOICE:+1 555 0101',
      'TEL;TYPE=HOME,FAX:+1 555 0102',
      'TEL;TYPE=PAGER:+1 555 0103',
      'EMAIL;TYPE=INTERNET,WORK:grace@navy.example',
      'EMAIL;TYPE=INTERNET;TYPE=HOME:grace@home.example',
    ),
    visible: [
      'Mobile: +1 555 0100',
      'Work: +1 555 0101',
      'Home fax: +1 555 0102',
      'Pager: +1 555 0103',
      'Work: grace@navy.example',
      'Home: grace@home.example',
    ],
  },
  {
    name: 'iOS item1.TEL with X-ABLabel (_$!<Mobile>!$_, _$!<HomeFAX>!$_ and a custom label)',
    kind: 'vcard',
    file: vcard(
      'VERSION:3.0',
      'N:Lamarr;Hedy;;;',
      'item1.TEL;type=pref:+1 555 0200',
      'item1.X-ABLabel:_$!<Mobile>!$_',
      'item2.TEL:+1 555 0201',
      "item2.X-ABLabel:Grandma's landline",
      'item3.TEL:+1 555 0202',
      'item3.X-ABLabel:_$!<HomeFAX>!$_',
      'item4.EMAIL;type=INTERNET:hedy@studio.example',
      'item4.X-ABLabel:Studio',
    ),
    visible: ['Mobile: +1 555 0200', "Grandma's landline: +1 555 0201", 'Home fax: +1 555 0202', 'Studio: hedy@studio.example'],
  },
  {
    name: 'vCard 2.1 bare TEL;CELL;PREF and TEL;WORK;FAX, vCard 4.0 TYPE="voice,work" on a tel: URI',
    kind: 'vcard',
    file:
      vcard(
        'VERSION:2.1',
        'N:Turing;Alan',
        'TEL;CELL;PREF:+44 7700 900123',
        'TEL;WORK;FAX:+44 20 7946 0003',
        'EMAIL;INTERNET;HOME:alan@home.example',
      ) +
      vcard(
        'VERSION:4.0',
        'FN:Katherine Johnson',
        'N:Johnson;Katherine;;;',
        'TEL;VALUE=uri;TYPE="voice,work":tel:+1-555-0300',
        'TEL;TYPE=cell,text;PREF=1:+1 555 0301',
      ),
    visible: [
      'Mobile: +44 7700 900123',
      'Work fax: +44 20 7946 0003',
      'Home: alan@home.example',
      'Work: +1-555-0300',
      'Mobile: +1 555 0301',
    ],
  },
  {
    name: 'Google CSV "Phone 1 - Label" / "E-mail 1 - Label", legacy "Phone 1 - Type"',
    kind: 'csv',
    file: crlf(
      'First Name,Last Name,Phone 1 - Label,Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,E-mail 1 - Label,E-mail 1 - Value,Phone 3 - Type,Phone 3 - Value',
      'Ada,Lovelace,Mobile,+44 20 7946 0400,Work Fax,+44 20 7946 0401,* Home,ada@home.example,Work,+44 20 7946 0402',
    ),
    visible: ['Mobile: +44 20 7946 0400', 'Work Fax: +44 20 7946 0401', 'Home: ada@home.example', 'Work: +44 20 7946 0402'],
  },
  {
    name: 'Outlook CSV "Business Phone", "Mobile Phone", "Home Phone 2"',
    kind: 'csv',
    file: crlf(
      'First Name,Last Name,E-mail Address,E-mail Type,Business Phone,Mobile Phone,Home Phone 2',
      'Alan,Kay,alan@parc.example,SMTP,+1 650 555 0500,+1 650 555 0501,+1 650 555 0502',
    ),
    visible: ['Business: +1 650 555 0500', 'Mobile: +1 650 555 0501', 'Home: +1 650 555 0502', 'alan@parc.example'],
  },
  {
    name: 'Yahoo CSV: phone columns named only "Home", "Work", "Mobile", "Other"; an email column named "Personal"',
    kind: 'csv',
    file: crlf(
      'First,Middle,Last,Nickname,Email,Personal,Home,Work,Pager,Fax,Mobile,Other,Company,Comments',
      'Barbara,Jane,Liskov,Babs,barbara@mit.example,babs@home.example,+1 617 555 0600,+1 617 555 0601,,,+1 617 555 0602,(617) 555-0603,MIT,Turing Award 2008',
      'Frances,,Allen,,fran@ibm.example,,+1 914 555 0610,,,+1 914 555 0619,,,IBM,',
    ),
    visible: [
      'Home: +1 617 555 0600',
      'Work: +1 617 555 0601',
      'Mobile: +1 617 555 0602',
      'Other: (617) 555-0603',
      'Personal: babs@home.example',
      'Fax: +1 914 555 0619',
    ],
    phones: ['+1 617 555 0600', '+1 617 555 0601', '+1 617 555 0602', '(617) 555-0603', '+1 914 555 0610'],
    emails: ['babs@home.example'],
  },
];

export const ENCODING_CASES: DialectCase[] = [
  {
    name: 'Shift_JIS without BOM (Excel "CSV" on a Japanese Windows)',
    kind: 'csv',
    file: inEncoding(
      crlf(
        HEADER,
        '太郎,山田,taro@example.jp,株式会社サンプル,東京の展示会で会った。',
        '花子,佐藤,hanako@example.jp,ソニー,メールはローマ字で。',
      ),
      'shift_jis',
    ),
    visible: ['太郎', '山田', '株式会社サンプル', '東京の展示会で会った。', '花子', '佐藤', 'ソニー', 'メールはローマ字で。'],
  },
  {
    name: 'GBK without BOM (Excel "CSV" on a Chinese Windows)',
    kind: 'csv',
    file: inEncoding(
      crlf(HEADER, '伟,张,zhang.wei@example.cn,北京科技有限公司,在上海的会议上认识。', '芳,王,wang.fang@example.cn,华为,喜欢喝茶和爬山。'),
      'gbk',
    ),
    visible: ['伟', '张', '北京科技有限公司', '在上海的会议上认识。', '芳', '王', '华为', '喜欢喝茶和爬山。'],
  },
  {
    name: 'Big5 without BOM (Excel "CSV" on a Taiwanese Windows)',
    kind: 'csv',
    file: inEncoding(
      crlf(HEADER, '志明,陳,chen@example.tw,台北貿易股份有限公司,在台北認識的朋友。', '淑芬,林,lin@example.tw,鴻海精密,喜歡喝咖啡。'),
      'big5',
    ),
    visible: ['志明', '陳', '台北貿易股份有限公司', '在台北認識的朋友。', '淑芬', '林', '鴻海精密', '喜歡喝咖啡。'],
  },
  {
    name: 'EUC-KR without BOM (Excel "CSV" on a Korean Windows)',
    kind: 'csv',
    file: inEncoding(
      crlf(
        HEADER,
        '민준,김,minjun@example.kr,서울전자 주식회사,대학교 동기입니다.',
        '서연,이,seoyeon@example.kr,한국은행,부산에서 만났어요.',
      ),
      'euc-kr',
    ),
    visible: ['민준', '김', '서울전자 주식회사', '대학교 동기입니다.', '서연', '이', '한국은행', '부산에서 만났어요.'],
  },
  {
    name: 'Windows-1250 without BOM (Outlook on a Czech or Polish Windows)',
    kind: 'csv',
    file: inEncoding(
      crlf(
        HEADER,
        'Jiří,Dvořák,jiri@example.cz,Škoda Auto,Příliš žluťoučký kůň úpěl ďábelské ódy.',
        'Łukasz,Wróbel,lukasz@example.pl,Żabka Polska,Mieszka w Łodzi i często jeździ rowerem.',
      ),
      'windows-1250',
    ),
    visible: [
      'Jiří',
      'Dvořák',
      'Škoda Auto',
      'Příliš žluťoučký kůň úpěl ďábelské ódy.',
      'Łukasz',
      'Wróbel',
      'Żabka Polska',
      'Mieszka w Łodzi i często jeździ rowerem.',
    ],
  },
  {
    name: 'ISO-8859-2 without BOM (Hungarian and Polish)',
    kind: 'csv',
    file: inEncoding(
      crlf(
        HEADER,
        'Zoltán,Kovács,zoltan@example.hu,Győri Keksz,Szőke hajú és nagyon kedves.',
        'Małgorzata,Szczęsna,malgorzata@example.pl,Ślęża,Świetna kucharka.',
      ),
      'iso-8859-2',
    ),
    visible: ['Zoltán', 'Kovács', 'Győri Keksz', 'Szőke hajú és nagyon kedves.', 'Małgorzata', 'Szczęsna', 'Ślęża', 'Świetna kucharka.'],
  },
  {
    name: 'Windows-1252 with many Western languages stays Windows-1252',
    kind: 'csv',
    file: inEncoding(
      crlf(
        HEADER,
        'Søren,Åberg,soren@example.dk,Café Ñandú,Zoë and François met in Tromsø; très bien.',
        'Jürgen,Weiß,juergen@example.de,Straße & Söhne,Grüße aus Köln.',
      ),
      'windows-1252',
    ),
    visible: [
      'Søren',
      'Åberg',
      'Café Ñandú',
      'Zoë and François met in Tromsø; très bien.',
      'Jürgen',
      'Weiß',
      'Straße & Söhne',
      'Grüße aus Köln.',
    ],
  },
  {
    name: 'Japanese Outlook header in Shift_JIS',
    kind: 'csv',
    file: inEncoding(
      crlf(
        '姓,名,会社名,役職,電子メール アドレス,電子メール表示名,携帯電話,メモ',
        '山田,太郎,株式会社サンプル,部長,taro@example.jp,山田太郎 (taro@example.jp),090-1234-5678,大阪出身',
      ),
      'shift_jis',
    ),
    visible: ['"first_name":"太郎"', '"last_name":"山田"', '"name":"株式会社サンプル"', '"title":"部長"', '"notes":"大阪出身'],
    phones: ['090-1234-5678'],
    emails: ['taro@example.jp'],
  },
  {
    name: 'Chinese Outlook header in Big5',
    kind: 'csv',
    file: inEncoding(
      crlf(
        '姓,名,公司,職稱,電子郵件地址,行動電話,附註',
        '陳,志明,台北貿易股份有限公司,經理,chen@example.tw,0912-345-678,在台北認識的朋友。',
      ),
      'big5',
    ),
    visible: ['"first_name":"志明"', '"last_name":"陳"', '"name":"台北貿易股份有限公司"', '"title":"經理"', '"notes":"在台北認識的朋友。'],
    phones: ['0912-345-678'],
    emails: ['chen@example.tw'],
  },
  {
    name: 'Korean Outlook header in EUC-KR',
    kind: 'csv',
    file: inEncoding(
      crlf(
        '성,이름,회사,직함,전자 메일 주소,휴대폰,메모',
        '김,민준,서울전자 주식회사,과장,minjun@example.kr,010-1234-5678,대학교 동기입니다.',
      ),
      'euc-kr',
    ),
    visible: ['"first_name":"민준"', '"last_name":"김"', '"name":"서울전자 주식회사"', '"title":"과장"', '"notes":"대학교 동기입니다.'],
    phones: ['010-1234-5678'],
    emails: ['minjun@example.kr'],
  },
  {
    name: 'Czech and Polish Outlook headers in Windows-1250',
    kind: 'csv',
    file: inEncoding(
      crlf(
        'Jméno,Příjmení,Společnost,Funkce,E-mailová adresa,Mobilní telefon,Poznámky',
        'Jiří,Dvořák,Škoda Auto,Ředitel,jiri@example.cz,+420 601 123 456,Přítel z Brna.',
      ),
      'windows-1250',
    ),
    visible: ['"first_name":"Jiří"', '"last_name":"Dvořák"', '"name":"Škoda Auto"', '"title":"Ředitel"', '"notes":"Přítel z Brna.'],
    phones: ['+420 601 123 456'],
    emails: ['jiri@example.cz'],
  },
  {
    name: 'Shift_JIS vCard without CHARSET (Japanese phone)',
    kind: 'vcard',
    file: inEncoding(vcard('VERSION:2.1', 'N:山田;太郎', 'ORG:株式会社サンプル', 'TEL;CELL:090-1234-5678', 'NOTE:大阪出身'), 'shift_jis'),
    visible: ['山田', '太郎', '株式会社サンプル', 'Mobile: 090-1234-5678', '大阪出身'],
  },
  {
    name: 'Windows-1250 vCard without CHARSET (Outlook on a Czech Windows)',
    kind: 'vcard',
    file: inEncoding(vcard('VERSION:2.1', 'N:Dvořák;Antonín', 'ORG:Národní divadlo', 'NOTE:Skladatel Slovanských tanců.'), 'windows-1250'),
    visible: ['Dvořák', 'Antonín', 'Národní divadlo', 'Skladatel Slovanských tanců.'],
  },
];
