import type { ImportField } from './import-fields';

// The header of a CSV that Outlook or Excel wrote on a Czech, Polish, Slovak, Hungarian, Japanese,
// Chinese or Korean Windows: the files whose encodings ADR 072 reads. The common columns, squashed
// as header-spellings.ts does (Latin accents dropped, East Asian characters kept). A column not
// listed is kept in the notes under its own name.
export const LOCALIZED_EAST: Record<string, ImportField> = {
  // Czech, Slovak
  jmeno: 'first_name',
  krestnijmeno: 'first_name',
  meno: 'first_name',
  krstnemeno: 'first_name',
  prijmeni: 'last_name',
  priezvisko: 'last_name',
  celejmeno: 'full_name',
  spolecnost: 'company',
  organizace: 'company',
  spolocnost: 'company',
  funkce: 'title',
  pozice: 'title',
  poznamky: 'notes',
  poznamka: 'notes',
  narozeniny: 'birthday',
  datumnarozeni: 'birthday',
  kategorie: 'tags',
  // Polish
  imie: 'first_name',
  nazwisko: 'last_name',
  imieinazwisko: 'full_name',
  organizacja: 'company',
  stanowisko: 'title',
  notatki: 'notes',
  uwagi: 'notes',
  urodziny: 'birthday',
  dataurodzenia: 'birthday',
  // Hungarian
  utonev: 'first_name',
  keresztnev: 'first_name',
  vezeteknev: 'last_name',
  csaladnev: 'last_name',
  teljesnev: 'full_name',
  ceg: 'company',
  cegnev: 'company',
  beosztas: 'title',
  megjegyzesek: 'notes',
  megjegyzes: 'notes',
  szuletesnap: 'birthday',
  kategoriak: 'tags',
  // Japanese
  姓: 'last_name',
  名: 'first_name',
  氏名: 'full_name',
  名前: 'full_name',
  会社: 'company',
  会社名: 'company',
  勤務先: 'company',
  役職: 'title',
  肩書き: 'title',
  メモ: 'notes',
  備考: 'notes',
  誕生日: 'birthday',
  分類: 'tags',
  グループ: 'tags',
  // Chinese (simplified and traditional)
  姓名: 'full_name',
  公司: 'company',
  单位: 'company',
  職稱: 'title',
  职务: 'title',
  職務: 'title',
  职位: 'title',
  职称: 'title',
  备注: 'notes',
  附注: 'notes',
  附註: 'notes',
  備註: 'notes',
  生日: 'birthday',
  类别: 'tags',
  類別: 'tags',
  分组: 'tags',
  // Korean
  성: 'last_name',
  이름: 'first_name',
  성명: 'full_name',
  회사: 'company',
  회사명: 'company',
  직함: 'title',
  직위: 'title',
  메모: 'notes',
  생일: 'birthday',
  범주: 'tags',
  그룹: 'tags',
};

/** Phone and email columns in those languages ("携帯電話", "手机", "휴대폰", "電子メール アドレス", "电子邮件地址"). */
export const EAST_PHONE = /電話|携帯|电话|手机|手機|전화|휴대폰|핸드폰|komorka|mobilni/;
export const EAST_EMAIL = /メール|邮件|郵件|邮箱|電郵|电邮|메일/;
/** Columns that only qualify another ("電子メール表示名": the display name of an email). */
export const EAST_QUALIFIER = /(表示名|显示名|顯示名|표시이름|種類|类型|類型)$/;
